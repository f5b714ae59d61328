// What the payment provider answered lately, per reference, kept in this process (docs/reliability.md,
// "Calls to the payment provider"). A pay link or a return page opened again and again asks the
// provider once per reference within `windowMs`: later visits reuse that answer, and visits that come
// while the question is out wait for the same answer instead of asking again. A paid answer is final and
// may be kept longer; a failure (the provider down, or anything that threw) only for `failureMs`, so a
// flood while the provider is down does not call it at every visit, and the first visit after asks again.
// Written here rather than with lru-cache, whose fetch() forgets a rejection at once.
export interface ProviderAnswers {
  // The answer to `ask()` under `key`: a kept one still fresh, the one being asked, or a new one, kept
  // as long as `kind(answer)` says: the window, a day for a payment made, a few seconds for a failure.
  once<T>(key: string, ask: () => Promise<T>, kind: (answer: T) => AnswerKind): Promise<T>;
  readonly size: number;
}

export interface ProviderAnswersOptions {
  // How long an answer is reused (a payment not yet made, a provider's page to send the visitor to).
  windowMs?: number;
  // How long a failure is reused.
  failureMs?: number;
  // At most this many answers are kept (a few hundred bytes each); the oldest go first.
  maxEntries?: number;
  // A question still out after this long no longer holds later visits back (the provider's own timeout
  // ends it well before).
  flightMs?: number;
  now?: () => number;
}

export type AnswerKind = 'answer' | 'paid' | 'failure';

export const ANSWER_WINDOW_MS = 30_000;
export const FAILURE_MS = 5_000;
// A payment made stays made: its answer is kept a day, or until pushed out by newer ones.
export const PAID_MS = 24 * 60 * 60 * 1000;

interface Entry {
  answer: Promise<unknown>;
  // Until when it is reused; Infinity while the question is out (bounded by `flightMs`).
  until: number;
  askedAt: number;
}

export function createProviderAnswers(options: ProviderAnswersOptions = {}) {
  const windowMs = options.windowMs ?? ANSWER_WINDOW_MS;
  const failureMs = options.failureMs ?? FAILURE_MS;
  const maxEntries = options.maxEntries ?? 10_000;
  const flightMs = options.flightMs ?? 60_000;
  const now = options.now ?? Date.now;
  // In order of asking: the front holds the oldest, dropped first when the map is full.
  const entries = new Map<string, Entry>();

  const keepFor: Record<AnswerKind, number> = { answer: windowMs, paid: PAID_MS, failure: failureMs };
  const fresh = (entry: Entry, t: number) =>
    entry.until === Infinity ? t - entry.askedAt < flightMs : t < entry.until;

  function keep(key: string, entry: Entry) {
    entries.delete(key);
    // A few stale answers at the front go as new ones come, so the map does not stay full of them.
    let looked = 0;
    for (const [k, e] of entries) {
      if (looked++ >= 4 || fresh(e, entry.askedAt)) break;
      entries.delete(k);
    }
    while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  }

  const answers: ProviderAnswers = {
    once<T>(key: string, ask: () => Promise<T>, kind: (answer: T) => AnswerKind): Promise<T> {
      const t = now();
      const kept = entries.get(key);
      if (kept && fresh(kept, t)) return kept.answer as Promise<T>;
      const entry: Entry = { answer: Promise.resolve(), until: Infinity, askedAt: t };
      // Counted from when the answer came. An entry pushed out meanwhile is simply not kept.
      const settle = (answerKind: AnswerKind) => {
        entry.until = now() + keepFor[answerKind];
      };
      const answer = (async () => ask())().then(
        (value) => {
          settle(kind(value));
          return value;
        },
        (error: unknown) => {
          settle('failure');
          throw error;
        },
      );
      entry.answer = answer;
      keep(key, entry);
      return answer;
    },
    get size() {
      return entries.size;
    },
  };
  return answers;
}
