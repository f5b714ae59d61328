import type { NewMail, PlacesStore, RecordData, WaitingTicket } from '@/lib/storage';

// What an offer to one person waiting says and changes: made for each ticket as it comes up.
export type MakeOffer = (
  ticket: WaitingTicket,
) => Promise<{ at: number; expiresAt: number; changes: RecordData; mails: NewMail[] }>;

// Offers every free seat under the key to the people waiting, first first, until the seats or the
// people run out. Each offer holds its seat in the same commit (PlacesStore.offerSeat), so however many
// instances run this at once, they make at most one offer per free seat and one per ticket: a ticket
// another instance offered meanwhile is 'gone' and the next one is tried; 'full' ends the round. The
// tickets offered, in order.
export async function offerFreedSeats(
  store: PlacesStore,
  seat: { key: string; capacity: number },
  offer: MakeOffer,
): Promise<WaitingTicket[]> {
  const offered: WaitingTicket[] = [];
  for (;;) {
    const waiting = await store.waitingList(seat.key);
    let progress = false;
    for (const ticket of waiting) {
      const made = await offer(ticket);
      const outcome = await store.offerSeat(ticket, seat.capacity, made, made.changes, made.mails);
      if (outcome === 'full') return offered;
      if (outcome === 'offered') {
        offered.push(ticket);
        progress = true;
        break;
      }
    }
    if (!progress) return offered;
  }
}
