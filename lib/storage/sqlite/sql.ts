import type Database from 'better-sqlite3';

import { collections } from '../collections';

// Records in SQL, written once for the schema's indexes (migrations.ts) and the queries that must use
// them.

export type Db = Database.Database;

// A record field as SQL, written the same way in the indexes and the queries (SQLite uses an index on
// an expression only for that exact expression). Field names come from the code, never from a request.
export function fieldOf(field: string): string {
  if (!/^[A-Za-z]\w*$/.test(field)) throw new Error(`Not a field name: ${field}`);
  return `json_extract(data, '$.${field}')`;
}

// The forms' collections, as an SQL list (a claimed job's row is in none of them).
export const formCollectionList = collections.map((c) => `'${c}'`).join(', ');
