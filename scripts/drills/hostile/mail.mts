// The mails the site wrote as files (no SMTP relay in the drill), and waiting for its outbox to empty.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import PostalMime from 'postal-mime';

import { base } from './settings.mjs';

// The mails to an address, or those of them whose subject, text or HTML match `saying`.
export async function mailsTo(dataDir: string, address: string, saying?: RegExp): Promise<number> {
  let count = 0;
  for (const file of mailFiles(dataDir)) {
    const parsed = await PostalMime.parse(readFileSync(join(dataDir, 'mail', file)));
    if (!parsed.to?.some((to) => to.address?.toLowerCase() === address)) continue;
    if (!saying || saying.test(`${parsed.subject}\n${parsed.text}\n${parsed.html}`)) count += 1;
  }
  return count;
}

export function mailFiles(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
}

export async function drainOutbox() {
  for (let i = 0; i < 300; i++) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { outbox: { pending: number } };
    if (health.outbox.pending === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
