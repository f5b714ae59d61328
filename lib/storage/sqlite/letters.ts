import { NOT_SENT, type LetterMailCounts, type LetterStore, type StoredLetter } from '../letters';
import type { Db } from './schema';

// Letters are rows of their own table; their mails are found by the letter id the message carries.
export function letterStore(db: Db): LetterStore {
  const upsert = db.prepare(`
    INSERT INTO letters (id, slug, updated_at, data) VALUES (@id, @slug, @updatedAt, @data)
    ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, updated_at = excluded.updated_at, data = excluded.data`);
  const byId = db.prepare('SELECT id, slug, updated_at, data FROM letters WHERE id = ?');
  const bySlug = db.prepare('SELECT id, slug, updated_at, data FROM letters WHERE slug = ?');
  const all = db.prepare('SELECT id, slug, updated_at, data FROM letters ORDER BY updated_at DESC');
  const counts = db.prepare(`
    SELECT status, last_error LIKE '${NOT_SENT}%' AS skipped, COUNT(*) AS n FROM outbox
    WHERE json_extract(message, '$.letter.id') = ? GROUP BY status, skipped`);

  type Row = { id: string; slug: string; updated_at: number; data: string };
  const letterOf = (row: Row | undefined): StoredLetter | null =>
    row ? { id: row.id, slug: row.slug, updatedAt: row.updated_at, data: JSON.parse(row.data) } : null;

  return {
    async saveLetter(letter) {
      try {
        upsert.run({ ...letter, data: JSON.stringify(letter.data) });
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
        throw error;
      }
    },
    async getLetter(id) {
      return letterOf(byId.get(id) as Row | undefined);
    },
    async letterBySlug(slug) {
      return letterOf(bySlug.get(slug) as Row | undefined);
    },
    async listLetters() {
      return (all.all() as Row[]).map((row) => letterOf(row)!);
    },
    async letterMailCounts(letterId) {
      const result: LetterMailCounts = { pending: 0, sent: 0, failed: 0, skipped: 0 };
      for (const row of counts.all(letterId) as {
        status: 'pending' | 'sent' | 'failed';
        skipped: number;
        n: number;
      }[]) {
        if (row.status === 'failed' && row.skipped) result.skipped += row.n;
        else result[row.status] += row.n;
      }
      return result;
    },
  };
}
