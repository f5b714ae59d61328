'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

import styles from '@/components/staff/staff.module.css';
import type { Guest } from '@/lib/staff/check-in';
import type { staffText } from '@/messages/staff';

type Words = typeof staffText.checkIn;

// A check-in made on this phone and not yet answered by the server: kept in localStorage, under the
// event, so a reload or a closed tab loses none; sent once the network answers (the server keeps the
// first check-in of a guest, so one sent twice changes nothing).
interface Pending {
  id: string;
  at: number;
  t?: string;
}

type Flash = { result: string; guest: Guest | null } | null;

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

// What the desk says of a check-in's outcome (the server's, or this phone's).
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
  const [guests, setGuests] = useState(initial);
  const [q, setQ] = useState(query);
  const [pending, setPending] = useState<Pending[]>([]);
  const [message, setMessage] = useState<string | null>(() => flashWords(flash, words, timeZone));
  const [scanning, setScanning] = useState(false);
  const storeKey = `baobab.check-ins.${event}`;
  const queue = useRef<Pending[]>([]);
  const sending = useRef(false);
  const video = useRef<HTMLVideoElement>(null);
  // The guests as last rendered, for the camera's loop, which runs on from the render that started it.
  const latest = useRef(guests);
  useEffect(() => {
    latest.current = guests;
  }, [guests]);

  const time = (at: number) => clock(at, timeZone);
  const flashText = (f: Flash) => flashWords(f, words, timeZone);

  const keep = (next: Pending[]) => {
    queue.current = next;
    setPending(next);
    try {
      localStorage.setItem(storeKey, JSON.stringify(next));
    } catch {
      // A phone whose storage is full still checks in while online.
    }
  };

  const merge = (id: string, at: number, by: string) =>
    setGuests((all) => all.map((g) => (g.id === id ? { ...g, checkedInAt: at, checkedInBy: by } : g)));

  // Sends what this phone kept, oldest first, until the network fails; each answered one is dropped.
  async function flush() {
    if (sending.current) return;
    sending.current = true;
    try {
      while (queue.current.length > 0) {
        const item = queue.current[0]!;
        const body = new FormData();
        body.set('event', event);
        body.set('format', 'json');
        body.set('at', String(item.at));
        if (item.t) body.set('t', item.t);
        else body.set('id', item.id);
        let answer: { result: string; guest?: Guest };
        try {
          const response = await fetch('/staff/api/check-in', { method: 'POST', body });
          if (response.status === 303 || response.redirected) return; // signed out: kept until signed in again
          answer = (await response.json()) as typeof answer;
        } catch {
          return;
        }
        const first = answer.guest;
        if (first?.checkedInAt) {
          merge(first.id, first.checkedInAt, first.checkedInBy ?? '');
          // Let in before, at another door or by another phone: said with when and by whom.
          if (answer.result === 'already') setMessage(flashText({ result: 'already', guest: first }));
        }
        if (!first && answer.result !== 'checked-in' && answer.result !== 'already') {
          setGuests((all) => all.map((g) => (g.id === item.id ? { ...g, checkedInAt: null, checkedInBy: null } : g)));
          setMessage(flashText({ result: answer.result, guest: null }));
        }
        keep(queue.current.slice(1));
      }
    } finally {
      sending.current = false;
    }
  }

  // One tap: the guest is in at once on this phone, and the check-in goes to the server when it can.
  function checkIn(guest: Guest, token?: string) {
    const current = latest.current.find((g) => g.id === guest.id) ?? guest;
    if (current.checkedInAt) {
      setMessage(fillIn(words.already, { time: time(current.checkedInAt), who: current.checkedInBy ?? '' }));
      return;
    }
    const at = Date.now();
    merge(guest.id, at, me);
    setMessage(fillIn(words.checkedIn, { name: guest.name }));
    keep([...queue.current, { id: guest.id, at, ...(token ? { t: token } : {}) }]);
    void flush();
  }

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
    const guest = id ? latest.current.find((g) => g.id === id) : undefined;
    if (!token || !id) setMessage(words.invalid);
    else if (url.pathname !== `/staff/check-in/${encodeURIComponent(event)}` || !guest) setMessage(words.unknown);
    else checkIn(guest, token);
  }

  // What was kept from before (a reload, a closed tab) goes first; then on every return of the network,
  // and every few seconds the other phones' check-ins are fetched.
  useEffect(() => {
    try {
      queue.current = JSON.parse(localStorage.getItem(storeKey) ?? '[]') as Pending[];
    } catch {
      queue.current = [];
    }
    setPending(queue.current);
    for (const item of queue.current) merge(item.id, item.at, me);
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const poll = setInterval(async () => {
      void flush();
      const body = new FormData();
      body.set('event', event);
      try {
        const response = await fetch('/staff/api/check-in-state', { method: 'POST', body });
        const { checkIns } = (await response.json()) as { checkIns: { id: string; at: number; by: string }[] };
        for (const c of checkIns) merge(c.id, c.at, c.by);
      } catch {
        // Offline: the next poll tries again.
      }
    }, 10_000);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(poll);
    };
    // Once per page: the queue and the poll live as long as it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The camera, only while scanning; the decoder (jsqr) is fetched the first time, by this page only.
  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    let last = { text: '', at: 0 };
    (async () => {
      try {
        const [{ default: jsQR }, media] = await Promise.all([
          import('jsqr'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        const read = () => {
          if (stopped || !video.current) return;
          const source = video.current;
          if (source.readyState >= 2 && source.videoWidth > 0) {
            // At most 640 pixels wide: enough for a code held at arm's length, and quick on a phone.
            const scale = Math.min(1, 640 / source.videoWidth);
            canvas.width = Math.round(source.videoWidth * scale);
            canvas.height = Math.round(source.videoHeight * scale);
            context.drawImage(source, 0, 0, canvas.width, canvas.height);
            const image = context.getImageData(0, 0, canvas.width, canvas.height);
            const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
            // The same code held in front of the camera is read once, not at every frame.
            if (code && (code.data !== last.text || Date.now() - last.at > 3000)) {
              last = { text: code.data, at: Date.now() };
              scanned(code.data);
            }
          }
          frame = requestAnimationFrame(read);
        };
        read();
      } catch {
        setMessage(words.cameraRefused);
        setScanning(false);
      }
    })();
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    // The scan loop reads the guests through the latest render's functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scanning]);

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
        {pending.length > 0 && <p>{fillIn(words.saved, { count: String(pending.length) })}</p>}
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
          <button type="button" className={styles.secondary} onClick={() => setScanning((on) => !on)}>
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
