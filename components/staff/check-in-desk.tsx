'use client';

import { useState, useSyncExternalStore } from 'react';

import type { Guest } from '@/lib/staff/check-in';
import type { staffText } from '@/messages/staff';

import styles from './staff.module.css';
import { useCheckInQueue, type Flash } from './use-check-in-queue';
import { useQrScanner } from './use-qr-scanner';

type Words = typeof staffText.checkIn;

const noSubscription = () => () => {};
const fillIn = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
// Accents and case aside: "aicha" finds "Aïcha"; a code is found with or without its space.
const plainText = (value: string) =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

// The record a QR code's link names, read from the token's first part ("user/<id>", base64url); the
// server checks its signature when the check-in is sent.
function guestIdOf(token: string): string | null {
  try {
    const part = token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
    const text = new TextDecoder().decode(Uint8Array.from(atob(part), (c) => c.charCodeAt(0)));
    const [collection, id] = text.split('/');
    return collection === 'user' && id ? id : null;
  } catch {
    return null;
  }
}

// A time of the door's day, in the organisation's zone ('09:14'): no language is named, only the clock.
const clock = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  }).format(at);

// What the desk says of a check-in's outcome.
function flashWords(f: Flash, words: Words, timeZone: string): string | null {
  if (!f) return null;
  const g = f.guest;
  if (f.result === 'checked-in' && g) return fillIn(words.checkedIn, { name: g.name });
  if (f.result === 'already' && g?.checkedInAt) {
    return fillIn(words.already, { time: clock(g.checkedInAt, timeZone), who: g.checkedInBy ?? '' });
  }
  const refusals: Record<string, string> = {
    'not-registered': words.notRegistered,
    unknown: words.unknown,
    invalid: words.invalid,
    expired: words.expired,
  };
  return refusals[f.result] ?? null;
}

// The check-in desk of app/staff/check-in/[event]: the counts, what was just said, the camera's button,
// the search and the guests. Check-ins go through this phone's queue (use-check-in-queue.ts); codes come
// from the camera (use-qr-scanner.ts).
export function CheckInDesk({
  event,
  guests: initial,
  query,
  timeZone,
  words,
  flash,
  fromLink,
  me,
}: {
  // The signed-in volunteer, named on the check-ins this phone makes before the server answers.
  me: string;
  event: string;
  guests: Guest[];
  query: string;
  timeZone: string;
  words: Words;
  flash: Flash;
  fromLink: { guest: Guest; token: string } | null;
}) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [q, setQ] = useState(query);
  const [message, setMessage] = useState<string | null>(() => flashWords(flash, words, timeZone));
  const time = (at: number) => clock(at, timeZone);
  const { guests, pending, checkIn, guestById } = useCheckInQueue(event, initial, me, (f) =>
    setMessage(flashWords(f, words, timeZone)),
  );
  const { scanning, toggleScan, video } = useQrScanner(scanned, () => setMessage(words.cameraRefused));

  // A QR code read by the camera: this page's address for one guest of this event.
  function scanned(text: string) {
    let url: URL;
    try {
      url = new URL(text, location.origin);
    } catch {
      setMessage(words.invalid);
      return;
    }
    const token = url.searchParams.get('t');
    const id = token && guestIdOf(token);
    const guest = id ? guestById(id) : undefined;
    if (!token || !id) setMessage(words.invalid);
    else if (url.pathname !== `/staff/check-in/${encodeURIComponent(event)}` || !guest) setMessage(words.unknown);
    else checkIn(guest, token);
  }

  const wanted = plainText(q);
  const compact = wanted.replace(/ /g, '').toUpperCase();
  const shown = wanted
    ? guests.filter(
        (g) =>
          plainText(g.name).includes(wanted) ||
          plainText(g.email).startsWith(wanted) ||
          (compact.length >= 3 && g.code.includes(compact)),
      )
    : guests;
  const checkedIn = guests.filter((g) => g.checkedInAt).length;

  return (
    <div className={styles.desk}>
      <p className={styles.counts} aria-live="polite" data-testid="counts">
        {fillIn(words.counts, { checkedIn: String(checkedIn), registered: String(guests.length) })}
      </p>
      <div role="status" aria-live="polite" className={styles.deskStatus}>
        {message && <p>{message}</p>}
        {pending > 0 && <p>{fillIn(words.saved, { count: String(pending) })}</p>}
      </div>
      {fromLink && (
        <section className={styles.fromCode} aria-label={words.fromCode}>
          <GuestRow
            guest={guests.find((g) => g.id === fromLink.guest.id) ?? fromLink.guest}
            event={event}
            query={q}
            token={fromLink.token}
            words={words}
            time={time}
            onCheckIn={checkIn}
          />
        </section>
      )}
      {hydrated && (
        <p>
          <button type="button" className={styles.secondary} onClick={toggleScan}>
            {scanning ? words.stopScan : words.scan}
          </button>
        </p>
      )}
      {scanning && <video ref={video} className={styles.scanner} muted playsInline aria-label={words.scan} />}
      <form method="get" role="search" className={styles.deskSearch} onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="check-in-search">{words.search}</label>
        <input
          id="check-in-search"
          name="q"
          type="search"
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        {!hydrated && (
          <button type="submit" className={styles.secondary}>
            {words.find}
          </button>
        )}
      </form>
      {shown.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <ul className={styles.guests}>
          {shown.map((guest) => (
            <li key={guest.id}>
              <GuestRow guest={guest} event={event} query={q} words={words} time={time} onCheckIn={checkIn} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

// One guest: their name and code, and the button, a plain form post without JavaScript.
function GuestRow({
  guest,
  event,
  query,
  token,
  words,
  time,
  onCheckIn,
}: {
  guest: Guest;
  event: string;
  query: string;
  token?: string;
  words: Words;
  time: (at: number) => string;
  onCheckIn: (guest: Guest, token?: string) => void;
}) {
  const spoken = guest.code ? `${guest.code.slice(0, 3)} ${guest.code.slice(3)}` : '';
  return (
    <form
      method="post"
      action="/staff/api/check-in"
      className={styles.guest}
      onSubmit={(e) => {
        e.preventDefault();
        onCheckIn(guest, token);
      }}
    >
      <input type="hidden" name="event" value={event} />
      {token ? <input type="hidden" name="t" value={token} /> : <input type="hidden" name="id" value={guest.id} />}
      <input type="hidden" name="q" value={query} />
      <span>
        <strong>{guest.name}</strong>
        <span className={styles.meta}>
          {spoken}
          {/* A paid event's guest: the ticket kind and whether the place is paid. */}
          {guest.ticket ? ` · ${guest.ticket}` : ''}
          {guest.payment ? ` · ${words.payStates[guest.payment]}` : ''}
          {guest.checkedInAt
            ? ` · ${fillIn(words.at, { time: time(guest.checkedInAt), who: guest.checkedInBy ?? '' })}`
            : ''}
        </span>
      </span>
      <button
        type="submit"
        className={guest.checkedInAt ? styles.secondary : styles.button}
        aria-label={
          guest.checkedInAt ? fillIn(words.checkedIn, { name: guest.name }) : `${words.button}: ${guest.name}`
        }
      >
        {guest.checkedInAt ? '✓' : words.button}
      </button>
    </form>
  );
}
