import { statSync } from 'node:fs';
import { resolve, sep } from 'node:path';

import type { FlattenedField, Payload, SanitizedCollectionConfig } from 'payload';

// What the CMS's REST API (app/(payload)/staff/content/api) refuses before Payload sees it: requests that
// Payload 3.90 would answer with a 500 (issue 41). Each check names the cause it stands for; none
// changes what a well-formed request gets.
export interface Refusal {
  status: 400 | 404;
  message: string;
}

const notFound: Refusal = { status: 404, message: 'Not Found' };
const badQuery = (message: string): Refusal => ({ status: 400, message });

type Collection = SanitizedCollectionConfig;
type Endpoint = { method: string; path: string };

// Payload's routes are paths like `/:id`, `/versions/:id` or `/access/:id?`.
function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < Math.max(want.length, got.length); i += 1) {
    const part = want[i];
    if (part === undefined) return null;
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      if (got[i] === undefined) {
        if (!optional) return null;
        continue;
      }
      params[part.slice(1, optional ? -1 : undefined)] = got[i]!;
    } else if (part !== got[i]) return null;
  }
  return params;
}

const endpointFor = (endpoints: false | Endpoint[] | undefined, method: string, path: string) => {
  for (const endpoint of endpoints || []) {
    if (endpoint.method !== method.toLowerCase()) continue;
    const params = matchPath(endpoint.path, path);
    if (params) return { endpoint, params };
  }
  return null;
};

const idTypeOf = (payload: Payload, collection: Collection) =>
  (payload.collections[collection.slug]?.customIDType ?? payload.db.defaultIDType) as 'number' | 'text';

// An id in a path must be of the collection's id type: a word where the database keeps numbers (say
// `GET /events/access`, matched as the event "access") makes the SQL adapters fail the query.
const validId = (type: 'number' | 'text', value: string) => type !== 'number' || /^\d{1,15}$/.test(value);

const OPERATORS = new Set([
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'in',
  'not_in',
  'like',
  'not_like',
  'contains',
  'exists',
]);
// Operators that take a list.
const LISTS = new Set(['in', 'not_in']);

// What a field's values must look like when compared (its name in a refusal, and the test), or 'text'
// for anything a string fits. The SQL adapters turn a number that is not one into NaN, an invalid date
// into nothing, and Postgres keeps booleans and options (enums) in types that refuse other words.
type Typed = { is: string; fits: (value: string) => boolean };
type Kind = Typed | 'text' | undefined;

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));
const NUMBER: Typed = { is: 'a number', fits: isNumber };
const DATE: Typed = { is: 'a date', fits: (value) => !Number.isNaN(new Date(value).getTime()) };
const BOOLEAN: Typed = { is: 'true or false', fits: (value) => value === 'true' || value === 'false' };

// The kind of value a query path compares against, or undefined when the path names no field (Payload
// refuses those itself, with a 400 that names the path).
function kindAt(payload: Payload, collection: Collection, path: string[]): Kind {
  const [name, ...rest] = path;
  if (name === 'id' && rest.length === 0) return idTypeOf(payload, collection) === 'number' ? NUMBER : 'text';
  return kindIn(payload, collection.flattenedFields, path);
}

function kindIn(payload: Payload, fields: FlattenedField[], path: string[]): Kind {
  const [name, ...rest] = path;
  const field = fields.find((each) => 'name' in each && each.name === name);
  if (!field) return undefined;
  if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') {
    const target = payload.collections[field.relationTo]?.config;
    if (!target) return 'text';
    return rest.length ? kindAt(payload, target, rest) : kindAt(payload, target, ['id']);
  }
  if (rest.length) {
    if (field.type === 'array' && rest.length === 1 && rest[0] === 'id') return 'text';
    return 'flattenedFields' in field ? kindIn(payload, field.flattenedFields, rest) : 'text';
  }
  if (field.type === 'number') return NUMBER;
  if (field.type === 'date') return DATE;
  if (field.type === 'checkbox') return BOOLEAN;
  if (field.type === 'select' || field.type === 'radio') {
    const options = new Set(field.options.map((option) => (typeof option === 'string' ? option : option.value)));
    return { is: `one of ${[...options].join(', ')}`, fits: (value) => options.has(value) };
  }
  return 'text';
}

// Operators that search text.
const TEXTUAL = new Set(['like', 'not_like', 'contains']);

// The `where` of a query, as its parameters spell it (`where[or][0][title][equals]=…`): only the
// operators the SQL adapters have (`near`, `within` and `intersects` need a point field, which no
// collection here has; `all` is not implemented), values of the field's type, no objects for values.
function whereRefusal(
  payload: Payload,
  collection: Collection | undefined,
  versions: boolean,
  search: URLSearchParams,
): Refusal | null {
  const seen = new Set<string>();
  for (const [key, value] of search) {
    if (key !== 'where' && !key.startsWith('where[')) continue;
    // A key given twice is a list to Payload's parser, even for an operator that takes one value.
    const repeated = seen.has(key);
    seen.add(key);
    const parts = [...key.slice('where'.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
    if (parts.join('').length + 2 * parts.length !== key.length - 'where'.length || parts.length > 9)
      return badQuery('This query cannot be read');
    let at = 0;
    while (parts[at] === 'and' || parts[at] === 'or') {
      if (!/^\d{1,3}$/.test(parts[at + 1] ?? '')) return badQuery(`"${parts[at]}" takes a list of conditions`);
      at += 2;
    }
    const [path, operator, ...more] = parts.slice(at);
    if (!path || !operator) return badQuery('Each condition of a query needs a field and an operator');
    if (!OPERATORS.has(operator)) return badQuery(`The operator "${operator.slice(0, 40)}" cannot be used here`);
    if (
      more.length > 1 ||
      ((more.length === 1 || repeated) && !(LISTS.has(operator) && /^\d{0,3}$/.test(more[0] ?? '')))
    )
      return badQuery(`The operator "${operator}" takes a single value`);
    if (!collection || operator === 'exists') continue;
    let fieldPath = path.split('.');
    if (versions && fieldPath[0] === 'version') fieldPath = fieldPath.slice(1);
    else if (versions && fieldPath[0] === 'parent') fieldPath = ['id'];
    const kind = kindAt(payload, collection, fieldPath);
    if (kind === undefined || kind === 'text') continue;
    if (TEXTUAL.has(operator)) return badQuery(`"${path.slice(0, 60)}" is not text: "${operator}" cannot search it`);
    const values = LISTS.has(operator) ? value.split(',') : [value];
    if (!values.every((each) => each === 'null' || kind.fits(each)))
      return badQuery(`"${path.slice(0, 60)}" is ${kind.is}: "${value.slice(0, 40)}" is not`);
  }
  return null;
}

// Postgres keeps no NUL character in a text, and takes no negative page (an offset below zero).
const hasNul = (text: string) => text.includes('\0');

function queryRefusal(search: URLSearchParams): Refusal | null {
  for (const [key, value] of search) if (hasNul(key) || hasNul(value)) return badQuery('This query cannot be read');
  const page = search.get('page');
  if (page !== null && Number(page) < 0) return badQuery('The page is a number from 1');
  return null;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, each]) => hasNul(key) || holdsNul(each));
  return false;
}

// Whether an upload's file is on the disk: Payload answers a missing one with a 500.
function fileMissing(collection: Collection, filename: string): boolean {
  const upload = collection.upload;
  if (!upload || upload.handlers?.length) return false;
  const dir = resolve(upload.staticDir || collection.slug);
  const file = resolve(dir, filename);
  if (!file.startsWith(dir + sep)) return true;
  try {
    return !statSync(file).isFile();
  } catch {
    return true;
  }
}

// The refusal for a request to the API at `segments` (after /staff/content/api), or null to let
// Payload answer it.
export function refusalOf(payload: Payload, method: string, segments: string[], url: URL): Refusal | null {
  const { config } = payload;
  const refused = queryRefusal(url.searchParams);
  if (refused) return refused;
  const [first, ...rest] = segments;
  // Payload looks the first segment up in a plain object: `__proto__`, `constructor` or `valueOf`
  // finds Object's own members there, and it throws on them.
  if (first === 'globals') {
    const global = config.globals.find((each) => each.slug === rest[0]);
    if (!global) return notFound;
    const path = `/${rest.slice(1).join('/')}`;
    if (rest[1] === 'versions' && !global.versions) return notFound;
    const found = endpointFor(global.endpoints, method, path);
    if (found?.params.id !== undefined && !validId('number', found.params.id)) return notFound;
    return whereRefusal(payload, undefined, false, url.searchParams);
  }
  const collection = config.collections.find((each) => each.slug === first)?.slug;
  if (!collection) {
    const path = `/${segments.join('/')}`;
    return endpointFor(config.endpoints, method, path) ? null : notFound;
  }
  const sanitized = payload.collections[collection]!.config;
  // A collection without versions has no version table to read.
  if (rest[0] === 'versions' && !sanitized.versions) return notFound;
  const found = endpointFor(sanitized.endpoints, method, `/${rest.join('/')}`);
  if (found) {
    const { endpoint, params } = found;
    if (params.id !== undefined) {
      const type = endpoint.path.startsWith('/versions') ? 'number' : idTypeOf(payload, sanitized);
      if (!validId(type, params.id)) return notFound;
    }
    // Payload's jobs answer this route with a 500 when no task has a schedule, as here.
    if (endpoint.path === '/handle-schedules' && !config.jobs.scheduling) return notFound;
    if (endpoint.path === '/file/:filename' && params.filename && fileMissing(sanitized, params.filename))
      return notFound;
  }
  return whereRefusal(payload, sanitized, rest[0] === 'versions', url.searchParams);
}

// Whether a request creates or updates a document (or a global): its body must then be a JSON object.
export function writesDocument(payload: Payload, method: string, segments: string[]): boolean {
  const [first, ...rest] = segments;
  if (first === 'globals') return method === 'POST' && rest.length === 1;
  const collection = payload.config.collections.find((each) => each.slug === first);
  if (!collection) return false;
  const found = endpointFor(collection.endpoints, method, `/${rest.join('/')}`);
  return Boolean(found && (found.endpoint.path === '/' || found.endpoint.path === '/:id'));
}

// A write's JSON must be an object (Payload's field hooks read a property of `null`, a string or a
// number and throw), and hold no NUL character (Postgres refuses it in a text).
export function bodyRefusal(data: unknown): Refusal | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return { status: 400, message: 'Send a JSON object' };
  return holdsNul(data) ? { status: 400, message: 'A text holds a NUL character' } : null;
}
