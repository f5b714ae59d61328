import { useEffect, useRef, useState } from 'react';

import type { Guest } from '@/lib/staff/check-in';

// What the desk says of a check-in's outcome: the server's answer, or this phone's.
export type Flash = { result: string; guest: Guest | null } | null;

// A check-in made on this phone and not yet answered by the server: kept in localStorage, under the
// event, so a reload or a closed tab loses none; sent once the network answers (the server keeps the
// first check-in of a guest, so one sent twice changes nothing).
interface Pending {
  id: string;
  at: number;
  t?: string;
}

// The event's guests as this phone knows them, and its check-ins: one tap checks a guest in at once on
// this phone, and the check-in goes to the server when it can; every few seconds the other phones'
// check-ins are fetched. `me` is the signed-in volunteer, named on this phone's check-ins before the
// server answers; `say` tells the desk each outcome.
export function useCheckInQueue(event: string, initial: Guest[], me: string, say: (flash: Flash) => void) {
  const [guests, setGuests] = useState(initial);
  const [pending, setPending] = useState<Pending[]>([]);
  const storeKey = `baobab.check-ins.${event}`;
  const queue = useRef<Pending[]>([]);
  const sending = useRef(false);
  // The guests as last rendered, for the camera's loop, which runs on from the render that started it.
  const latest = useRef(guests);
  useEffect(() => {
    latest.current = guests;
  }, [guests]);

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
          if (answer.result === 'already') say({ result: 'already', guest: first });
        }
        if (!first && answer.result !== 'checked-in' && answer.result !== 'already') {
          setGuests((all) => all.map((g) => (g.id === item.id ? { ...g, checkedInAt: null, checkedInBy: null } : g)));
          say({ result: answer.result, guest: null });
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
      say({ result: 'already', guest: current });
      return;
    }
    const at = Date.now();
    merge(guest.id, at, me);
    say({ result: 'checked-in', guest });
    keep([...queue.current, { id: guest.id, at, ...(token ? { t: token } : {}) }]);
    void flush();
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

  // A guest as last rendered (the camera's loop outlives the render that started it).
  const guestById = (id: string) => latest.current.find((g) => g.id === id);

  return { guests, pending: pending.length, checkIn, guestById };
}
