import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { expect, type Page } from '@playwright/test';

// Links already handed to a test: a later wait never returns one of them again.
const handedOut = new Set<string>();

// The newest sign-in link mailed to `to` under `dataDir`/mail (the file transport), as a path of the
// site. Quoted-printable soft breaks are undone; a token has no '=' of its own.
export function latestSignInPath(dataDir: string, to: string, after = 0): string | null {
  const dir = join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return null;
  }
  const found = files
    .map((f) => ({ file: join(dir, f), at: statSync(join(dir, f)).mtimeMs }))
    .filter((f) => f.at >= after)
    .sort((a, b) => b.at - a.at)
    .map((f) =>
      readFileSync(f.file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => !handedOut.has(text.match(/\/staff\/sign-in\?t=([\w.-]+)/)?.[1] ?? ''))
    .find(
      (text) =>
        new RegExp(`^To:(?:.*[\\s<,])?${to.replace(/[.@+]/g, '\\$&')}(?=[>,\\s]|$)`, 'mi').test(text) &&
        /\/staff\/sign-in\?t=/.test(text),
    );
  const match = found?.match(/\/staff\/sign-in\?t=([\w.-]+)/);
  return match ? `/staff/sign-in?t=${match[1]}` : null;
}

export async function waitForSignInPath(dataDir: string, to: string, after: number): Promise<string> {
  let path: string | null = null;
  await expect
    .poll(() => (path = latestSignInPath(dataDir, to, after)), { timeout: 15_000, message: 'sign-in mail' })
    .not.toBeNull();
  handedOut.add(new URL(path!, 'http://x').searchParams.get('t')!);
  return path!;
}

// Signs `page` in as `email` the way staff do: ask for a link, open it from the mail, press the button.
// `base` is the site's origin when the page has no baseURL for it; `heading` is where the role starts.
export async function signInByMail(
  page: Page,
  dataDir: string,
  email: string,
  base = '',
  heading = 'Inbox',
): Promise<void> {
  const after = Date.now() - 1000;
  await page.goto(`${base}/staff/sign-in`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address may sign in');
  await page.goto(`${base}${await waitForSignInPath(dataDir, email, after)}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}
