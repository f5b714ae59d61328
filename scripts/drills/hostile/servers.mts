// The servers a run attacks (the built site on a scratch store, nginx in front of it), and what is
// checked once each has stopped: its log, and everything it stored and mailed.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Database from 'better-sqlite3';
import PostalMime from 'postal-mime';
import * as z from 'zod/mini';

import { toCsv } from '@/lib/export';

import { freePort, startNextServer, stopServer, waitUntilUp, xsrfHeaders } from '../../lib/next-server.mjs';
import { startNginx } from '../../lib/nginx.mjs';
import { newServer } from './client.mjs';
import { forms } from './forms.mjs';
import { mailFiles } from './mail.mjs';
import { base, port } from './settings.mjs';

// The class running now, to name it beside anything the server logs.
let phase = 'start';
// A class that could not finish (its own error, not the server's answer) is a failure of the run, but
// the others still run and the report is still written, with the server's log.
export const broken: string[] = [];
export async function timed(name: string, run: () => Promise<void>) {
  phase = name;
  const t0 = Date.now();
  try {
    await run();
  } catch (error) {
    broken.push(`${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`.slice(0, 4000));
  }
  console.error(
    `${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s${broken.at(-1)?.startsWith(`${name}: `) ? ' (could not finish)' : ''}`,
  );
}

// `root`: a private build (privateBuild) for a class whose content changes the pages; `prepare`: what
// goes into the store before the server starts; `split`: served as `npm start` serves it, the visitors
// and the back office in processes of their own.
export async function withServer<T>(
  env: Record<string, string>,
  run: (dataDir: string) => Promise<T>,
  { root, prepare, split }: { root?: string; prepare?: (dataDir: string) => Promise<void>; split?: boolean } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'baobab-hostile-'));
  await prepare?.(dataDir);
  const server = startNextServer({
    port,
    root,
    split,
    // Before the seed's event and offer, as the build the tests make: their forms are open.
    env: { DATA_DIR: dataDir, MAIL_POLL_MS: '100', SITE_TODAY: '2023-03-01', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  // The log's error lines as they come, each named by the class running then, so a failure says which
  // attack drew it.
  const logErrors: string[] = [];
  let partial = '';
  server.stderr?.on('data', (chunk) => (errors += `[${phase}] ${chunk}`));
  server.stdout?.on('data', (chunk) => {
    const lines = `${partial}${chunk}`.split('\n');
    partial = lines.pop()!;
    for (const line of lines) if (isErrorLine(line)) logErrors.push(`[${phase}] ${line}`);
  });
  try {
    const t0 = Date.now();
    await waitUntilUp(`${base}/api/health`, { server });
    console.error(`server up: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    newServer(await xsrfHeaders(base));
    return await run(dataDir);
  } finally {
    await stopServer(server);
    stored.push(...(await checkStore(dataDir)));
    if (/\bError\b.*\n\s+at /.test(errors)) crashes.push(errors.slice(0, 2000));
    if (isErrorLine(partial)) logErrors.push(`[${phase}] ${partial}`);
    crashes.push(...logErrors, ...errors.split('\n').filter(isErrorLine));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// A line of the server's log at error level (pino's 50 and above), an uncaught exception, or Next's
// own error line (⨯); stderr's lines may carry the class's name in brackets before them.
function isErrorLine(line: string): boolean {
  if (/uncaughtException|unhandledRejection|^(\[[^\]]*\] )?\s*⨯/.test(line)) return true;
  try {
    return (JSON.parse(line.replace(/^\[[^\]]*\] /, '')) as { level?: number }).level! >= 50;
  } catch {
    return false;
  }
}

// docs/deploy/nginx.conf in front of the running server, for the length of `run`.
export async function throughNginx(run: (proxyPort: number) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'baobab-hostile-nginx-'));
  mkdirSync(join(dir, 'cache'));
  const proxyPort = await freePort();
  const nginx: ChildProcess = startNginx({ port: proxyPort, upstreamPort: port, dir });
  try {
    await waitUntilUp(`http://127.0.0.1:${proxyPort}/api/xsrf`, { timeoutMs: 10_000 });
    await run(proxyPort);
  } finally {
    await stopServer(nginx);
    rmSync(dir, { recursive: true, force: true });
  }
}

export const stored: { invalid: number; total: number; unescaped: number; csv: number }[] = [];
export const crashes: string[] = [];

// Everything stored must pass its schema; everything rendered back must be escaped.
async function checkStore(dataDir: string) {
  let total = 0;
  let invalid = 0;
  let csv = 0;
  let db: Database.Database;
  try {
    db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true, fileMustExist: true });
  } catch {
    return [];
  }
  for (const { collection, schema, fields } of Object.values(forms)) {
    const rows = db.prepare('SELECT id, data FROM records WHERE collection = ?').all(collection) as {
      id: string;
      data: string;
    }[];
    total += rows.length;
    for (const row of rows) {
      const data = JSON.parse(row.data);
      if (!z.safeParse(schema, Object.fromEntries(fields.map((f) => [f, data[f]]))).success) invalid += 1;
    }
    const text = toCsv(
      collection,
      rows.map((r) => ({ id: r.id, data: JSON.parse(r.data) })),
    );
    csv += text.split('\r\n').filter((line) => /(^|,)"[=+\-@]/.test(line)).length;
  }
  db.close();
  let unescaped = 0;
  for (const file of mailFiles(dataDir)) {
    const parsed = await PostalMime.parse(readFileSync(join(dataDir, 'mail', file)));
    // A real tag from visitor input (escaped text such as 'onerror=' between &lt; and &gt; is harmless).
    // The letter's own inline image (an event's check-in QR code, lib/mail/letter.ts) is the site's, in
    // exactly this form, with its alt text escaped: it is left out, and any other image still counts.
    const html = (parsed.html ?? '').replace(/<img src="cid:[\w-]+" alt="[^"<>]*" width="\d+" height="\d+">/g, '');
    if (/<(script|img|iframe|svg)\b/i.test(html)) unescaped += 1;
  }
  return [{ invalid, total, unescaped, csv }];
}
