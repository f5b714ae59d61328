import type { RecordData } from './shapes';

// How the inbox finds people, the same on both stores: a search word matches the start of a word of the
// record's name, country, occupation, message (its first words) or address's local part, accents and
// case aside ("dia" finds "Diallo", "aicha" finds "Aïcha"); a search with an @ matches the whole address. Each store indexes these words its own
// way (SQLite a table of words read by range, Firestore an array of every prefix), so a page of matches
// is read along an index instead of by scanning records.

// Longer words are indexed and searched by their first letters only.
export const WORD_MAX = 30;
// A whole address is indexed with this mark in front, so no word's prefix is ever one.
const ADDRESS_MARK = '@';

export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, WORD_MAX));
}

function addressTerm(address: string): string {
  return ADDRESS_MARK + fold(address.trim());
}

// The record fields whose words a search finds, besides the address: a change to one of them changes
// the words the record is found by.
export const SEARCHED_FIELDS = ['name', 'firstName', 'lastName', 'country', 'occupation', 'message', 'email'] as const;
// A long message is found by the words of its start: it bounds what one record adds to the index.
const MESSAGE_WORDS = 60;

// The words a record is found by: its name's, its country's and occupation's, its message's first
// words, its address's local part's, and the whole address.
export function recordWords(data: RecordData): string[] {
  const texts = SEARCHED_FIELDS.filter((field) => field !== 'email' && field !== 'message')
    .map((field) => data[field])
    .filter((part) => typeof part === 'string');
  const message = typeof data.message === 'string' ? wordsOf(data.message).slice(0, MESSAGE_WORDS) : [];
  const email = typeof data.email === 'string' ? data.email : '';
  const words = new Set([...texts.flatMap((text) => wordsOf(text)), ...message, ...wordsOf(email.split('@')[0] ?? '')]);
  if (email) words.add(addressTerm(email));
  return [...words];
}

// Every prefix of every word, for a store that can only match whole array elements.
export function recordPrefixes(data: RecordData): string[] {
  const prefixes = new Set<string>();
  for (const word of recordWords(data)) {
    if (word.startsWith(ADDRESS_MARK)) prefixes.add(word);
    else for (let end = 1; end <= word.length; end++) prefixes.add(word.slice(0, end));
  }
  return [...prefixes];
}

// A search as the stores take it: the one term read along the index (the longest word, the most
// selective), exact for an address and a prefix otherwise, and the other words, checked on the records
// that term finds. Null when the text has no word at all.
export interface Search {
  term: string;
  exact: boolean;
  others: string[];
}

export function parseSearch(text: string): Search | null {
  const trimmed = text.trim().slice(0, 320);
  if (trimmed.includes('@')) return { term: addressTerm(trimmed), exact: true, others: [] };
  const words = [...new Set(wordsOf(trimmed))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return null;
  return { term: words[0]!, exact: false, others: words.slice(1) };
}

// Whether a record found by the search's term also has every other word of it.
export function matchesOthers(search: Search, data: RecordData): boolean {
  if (search.others.length === 0) return true;
  const words = recordWords(data);
  return search.others.every((wanted) => words.some((word) => word.startsWith(wanted)));
}
