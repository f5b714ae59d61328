import { tooManyFields } from '@/lib/http/read-body';

// What a page's form sends without JavaScript: React's fields for a server action with its previous
// state bound (useActionState), beside the form's own fields:
//   $ACTION_REF_<p>   (empty)
//   $ACTION_<p>:0     {"id":"<action id>","bound":"$@1"}
//   $ACTION_<p>:1     [<previous state>]
//   $ACTION_KEY       (the form state's key)
// Next decodes any other shape too, and answers a malformed one (unparseable JSON, a reference to a
// row that is not there, a Map or FormData where the state goes, an action without its state) with a
// 500. proxy.ts lets through only this shape; the action itself checks the arguments it is given.
const PREFIX = '$ACTION_';

export function isFormActionPost(form: FormData): boolean {
  if (tooManyFields(form)) return false;
  const keys = [...new Set([...form.keys()].filter((key) => key.startsWith(PREFIX)))];
  // A post without any of them is not an action: Next renders the page or refuses it itself.
  if (keys.length === 0) return true;
  const refs = keys.filter((key) => key.startsWith(`${PREFIX}REF_`));
  if (refs.length !== 1) return false;
  const p = refs[0]!.slice(`${PREFIX}REF_`.length);
  const expected = [refs[0]!, `${PREFIX}${p}:0`, `${PREFIX}${p}:1`, `${PREFIX}KEY`];
  if (keys.length !== expected.length || !expected.every((key) => keys.includes(key))) return false;
  if (!expected.every((key) => form.getAll(key).length === 1 && typeof form.get(key) === 'string')) return false;

  const descriptor = parse(form.get(`${PREFIX}${p}:0`) as string);
  if (!isObject(descriptor) || typeof descriptor.id !== 'string' || descriptor.bound !== '$@1') return false;
  const bound = parse(form.get(`${PREFIX}${p}:1`) as string);
  return Array.isArray(bound) && bound.length === 1 && isObject(bound[0]) && plainValue(bound);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Plain JSON a few levels deep (a state is an object of strings and objects of strings): a string
// starting with '$' is a reference to decode, except React's escaped '$$…' and '$undefined'.
function plainValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !value.startsWith('$') || value.startsWith('$$') || value === '$undefined';
  if (typeof value !== 'object' || value === null) return true;
  return depth < 4 && Object.values(value).every((item) => plainValue(item, depth + 1));
}

// The id of the action a post of that shape names (checked by isFormActionPost first), or null.
export function formActionId(form: FormData): string | null {
  const ref = [...form.keys()].find((key) => key.startsWith(`${PREFIX}REF_`));
  if (!ref) return null;
  const descriptor = parse(String(form.get(`${PREFIX}${ref.slice(`${PREFIX}REF_`.length)}:0`) ?? ''));
  return isObject(descriptor) && typeof descriptor.id === 'string' ? descriptor.id : null;
}
