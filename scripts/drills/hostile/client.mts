// Sending, and the per-class tally: every request of the drill goes through `send`, which counts it
// and its 5xx under the class it belongs to.
import { request as httpRequest } from 'node:http';

import { forms, type Operation } from './forms.mjs';
import { base, port } from './settings.mjs';

export interface Tally {
  requests: number;
  fiveHundreds: number;
  bypasses: number;
  mailsPerVictim?: number;
  stallMs?: number;
  unanswered: number;
  notes: string[];
}
export const tallies = new Map<string, Tally>();
export function tally(name: string): Tally {
  let t = tallies.get(name);
  if (!t) tallies.set(name, (t = { requests: 0, fiveHundreds: 0, bypasses: 0, unanswered: 0, notes: [] }));
  return t;
}

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

// Raw HTTP, so the drill controls the method, the target, Content-Length and chunking.
export function send(
  t: Tally,
  method: string,
  path: string,
  headers: Record<string, string> | string[] = {},
  body?: string | Buffer,
  to = port,
): Promise<Answer> {
  t.requests += 1;
  return new Promise((resolve) => {
    // A connection of its own: one the server closes after refusing a body is never reused.
    // Once an answer's head has arrived it is the answer, even if the connection then breaks: a server
    // that refuses a body closes while a slow client is still sending it.
    let answered: Answer | undefined;
    const chunks: Buffer[] = [];
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      if (!answered) return resolve(noAnswer(t));
      answered.body = Buffer.concat(chunks).toString();
      if (answered.status >= 500) {
        t.fiveHundreds += 1;
        t.notes.push(`${answered.status} for ${method} ${path.slice(0, 60)}`);
      }
      resolve(answered);
    };
    const req = httpRequest({ host: '127.0.0.1', port: to, method, path, headers, agent: false }, (res) => {
      answered = { status: res.statusCode!, body: '', headers: res.headers };
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.on('error', () => {
      // The answer's own end or error settles it once its head has come.
      if (!answered) done();
    });
    req.end(body);
  });
}

// A connection reset before any answer: not a 5xx, but counted, since a client may retry it.
function noAnswer(t: Tally): Answer {
  t.unanswered += 1;
  return { status: -1, body: '', headers: {} };
}

// The running server's token pair (cookie and header), as a page would send it.
export let xsrf: Record<string, string> = {};

export const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const formHeaders = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/x-www-form-urlencoded',
  ...xsrf,
  ...extra,
});

// The JavaScript path: the answer's state, and whether it says the submission was taken.
export async function postForm(t: Tally, operation: Operation, fields: Record<string, string>, extra = {}) {
  const answer = await send(t, 'POST', `/api/forms/${operation}`, formHeaders(extra), urlencoded(fields));
  let state: { status?: string; message?: string; errors?: Record<string, string> } = {};
  try {
    state = JSON.parse(answer.body);
  } catch {
    /* not a form answer */
  }
  return { ...answer, state, accepted: state.status === 'success' };
}

// The no-JavaScript path: the hidden action fields of the form on `page`, read from the page itself.
const pageFields = new Map<string, [string, string][]>();
export async function actionFields(page: string): Promise<[string, string][]> {
  if (!pageFields.has(page)) {
    const html = await (await fetch(`${base}${page}`)).text();
    const decode = (v: string) => v.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    pageFields.set(
      page,
      [...html.matchAll(/<input type="hidden" name="(\$ACTION_[^"]*)"(?: value="([^"]*)")?/g)]
        .slice(0, 4)
        .map(([, name, value]) => [name!, decode(value ?? '')]),
    );
  }
  return pageFields.get(page)!;
}

// A new server: its token pair, and its pages' action fields read again.
export function newServer(headers: Record<string, string>) {
  xsrf = headers;
  pageFields.clear();
}

export function multipart(fields: [string, string][]): { type: string; body: Buffer } {
  const boundary = `drill${Math.random().toString(36).slice(2)}`;
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
  };
}

export async function postAction(t: Tally, operation: Operation, fields: [string, string][], extra = {}) {
  const { type, body } = multipart([...(await actionFields(forms[operation].page)), ...fields]);
  const answer = await send(
    t,
    'POST',
    forms[operation].page,
    { 'content-type': type, 'content-length': String(body.length), 'sec-fetch-site': 'same-origin', ...extra },
    body,
  );
  return { ...answer, accepted: answer.status === 200 && /"status":"success"/.test(answer.body) };
}

export async function inParallel<T>(items: T[], run: (item: T) => Promise<void>, width = 8) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

export const randomIp = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join('.');
