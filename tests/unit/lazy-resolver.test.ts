import type { ResolverOptions } from 'react-hook-form';

import { lazyZodResolver } from '@/components/forms/lazy-resolver';
import { contactSchema, type ContactInput } from '@/lib/forms/schemas';

const blank: ContactInput = { name: '', email: '', message: '' };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<ContactInput>;

function setup(loader = jest.fn(async () => contactSchema)) {
  return { loader, ...lazyZodResolver<ContactInput>(loader, blank) };
}

describe('lazyZodResolver', () => {
  it('counts the untouched form as not valid without fetching the validation code', async () => {
    const { loader, resolver } = setup();
    const result = await resolver(blank, undefined, options);
    expect(Object.keys(result.errors)).toEqual(['root']);
    expect(loader).not.toHaveBeenCalled();
  });

  it('fetches the schema once the visitor has typed, and answers with its field messages', async () => {
    const { loader, resolver } = setup();
    const bad = await resolver({ name: 'Ada', email: 'not-an-email', message: '' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Enter an email address like name@example.com');
    expect(bad.errors.message?.message).toBe('Enter your message');
    const good = await resolver({ name: 'Ada', email: 'ada@example.org', message: 'Hello' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ name: 'Ada', email: 'ada@example.org', message: 'Hello' });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('validates for real after a prefetch on focus, even a form put back to blank', async () => {
    const { loader, resolver, load } = setup();
    await load();
    const result = await resolver(blank, undefined, options);
    expect(result.errors.name?.message).toBe('Enter your name');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('lets the server decide when the validation code cannot be fetched, and tries again next time', async () => {
    const loader = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(contactSchema);
    const { resolver } = setup(loader);
    const typed = { name: 'Ada', email: 'nope', message: 'Hi' };
    expect((await resolver(typed, undefined, options)).errors).toEqual({});
    expect((await resolver(typed, undefined, options)).errors.email?.message).toBe(
      'Enter an email address like name@example.com',
    );
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
