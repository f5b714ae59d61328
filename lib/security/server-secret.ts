import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// A server secret: the configured one, or one generated on first use and kept in DATA_DIR/`name`, so
// what it signed survives a restart. Several instances without a shared DATA_DIR must share a
// configured secret instead.
export function serverSecret(name: string, configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  // Written whole under another name, then linked into place: link() refuses an existing file, so
  // when two processes start together the first one's secret wins, and nobody reads a half-written one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}
