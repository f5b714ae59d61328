// Letters to the community (lib/letters): drafts and sent letters, each one document whose content the
// store keeps as it is given. Sending them goes through the jobs (a claimed job per batch of
// recipients) and the outbox (a mail per person, tagged with its letter: NewMail.letter).
export interface StoredLetter {
  id: string;
  // The archive's address, /newsletter/<slug>: unique among letters.
  slug: string;
  updatedAt: number;
  // The letter's content and state, as lib/letters checks it (JSON).
  data: Record<string, unknown>;
}

// How the outbox's mails of one letter stand. `skipped`: not sent, because at send time the person had
// left the list or their address was stopped (a failed mail whose error says so).
export interface LetterMailCounts {
  pending: number;
  sent: number;
  failed: number;
  skipped: number;
}

// The error a mail not sent on purpose is marked with (the outbox keeps it as failed, with this reason).
export const NOT_SENT = 'not sent: ';

export interface LetterStore {
  // Creates or replaces a letter; false when another letter already has its slug.
  saveLetter(letter: StoredLetter): Promise<boolean>;
  getLetter(id: string): Promise<StoredLetter | null>;
  letterBySlug(slug: string): Promise<StoredLetter | null>;
  // Every letter, the most recently changed first (a handful a month).
  listLetters(): Promise<StoredLetter[]>;
  letterMailCounts(letterId: string): Promise<LetterMailCounts>;
}
