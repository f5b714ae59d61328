/** @jest-environment node */
import fc from 'fast-check';

import { isFormActionPost } from '@/lib/forms/action-post';
import * as actions from '@/lib/forms/actions';
import { bodyMessages } from '@/lib/http/read-body';

const id = '7f8f65e37ba10f3734ab3d6d39b781cc529888f2d8';

function post(fields: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

// What a page's form sends without JavaScript (the hidden fields React renders for useActionState).
const ours = (state = '[{"status":"idle"}]', p = '1'): [string, string][] => [
  [`$ACTION_REF_${p}`, ''],
  [`$ACTION_${p}:0`, JSON.stringify({ id, bound: '$@1' })],
  [`$ACTION_${p}:1`, state],
  ['$ACTION_KEY', 'k5b180fdca65f44493530211076b516e1'],
  ['name', 'Ada'],
  ['email', 'ada@example.org'],
];

describe('the shape of a no-JavaScript form post', () => {
  it('accepts what our forms send, with any previous state they render, and posts that are not actions', () => {
    expect(isFormActionPost(post(ours()))).toBe(true);
    expect(isFormActionPost(post(ours(undefined, '2')))).toBe(true);
    const after = {
      status: 'error',
      message: 'Please correct the fields marked below.',
      errors: { email: 'Enter an email address' },
      values: { name: '$$dollar name', email: 'x' },
      detail: '$undefined',
    };
    expect(isFormActionPost(post(ours(JSON.stringify([after]))))).toBe(true);
    expect(isFormActionPost(post([['name', 'Ada']]))).toBe(true);
  });

  it.each([
    [
      'an action without its state ($ACTION_ID_)',
      [
        [`$ACTION_ID_${id}`, ''],
        ['name', 'Ada'],
      ],
    ],
    ['two action references', [...ours(), ['$ACTION_REF_2', '']]],
    ['no form key', ours().filter(([name]) => name !== '$ACTION_KEY')],
    ['no bound state', ours().filter(([name]) => name !== '$ACTION_1:1')],
    ['an extra action field', [...ours(), ['$ACTION_1:2', '[]']]],
    ['a field sent twice', [...ours(), ['$ACTION_KEY', 'again']]],
    ['a descriptor that is not JSON', ours().map(([n, v]) => [n, n === '$ACTION_1:0' ? 'garbage' : v])],
    ['a descriptor without bound state', ours().map(([n, v]) => [n, n === '$ACTION_1:0' ? `{"id":"${id}"}` : v])],
    ['a state that is not JSON', ours('notjson')],
    ['a state of the wrong length', ours('[1,2,3]')],
    ['a state that is not an object', ours('["idle"]')],
    ['a FormData where the state goes', ours('["$K1"]')],
    ['a reference inside the state', ours('[{"status":"idle","values":{"name":"$Q2"}}]')],
    ['a server reference inside the state', ours('[{"status":"$h1"}]')],
    ['a state nested too deep', ours(`[${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}]`)],
  ] as [string, [string, string][]][])('refuses %s', (_, fields) => {
    expect(isFormActionPost(post(fields))).toBe(false);
  });

  it('never throws, whatever the fields', () => {
    const name = fc.oneof(fc.constantFrom('$ACTION_REF_1', '$ACTION_1:0', '$ACTION_1:1', '$ACTION_KEY'), fc.string());
    const value = fc.oneof(
      fc.json(),
      fc.string(),
      fc.constantFrom('[{"status":"idle"}]', `{"id":"${id}","bound":"$@1"}`),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 8 }), (fields) => {
        expect(typeof isFormActionPost(post(fields))).toBe('boolean');
      }),
    );
  });
});

describe('the forms’ server actions', () => {
  it('refuse anything but a FormData where the form goes, before reading the request', async () => {
    for (const formData of [undefined, null, 'name=Ada', { get: () => 'Ada' }, new Map()]) {
      await expect(actions.contactUs({ status: 'idle' }, formData as unknown as FormData)).resolves.toEqual({
        status: 'error',
        message: bodyMessages.unreadable,
      });
    }
  });
});
