import Link from 'next/link';
import { notFound } from 'next/navigation';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { requireStaff } from '@/lib/staff/http';
import { allRecords } from '@/lib/staff/inbox';
import { staffCheckInPath, staffSubmissionPath } from '@/lib/staff/paths';
import { bookingLabel, formatWhen, itemBooking, itemChoices, parseItem, personName } from '@/lib/staff/present';
import { placesTaken, waitingList } from '@/lib/staff/queries';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// One course, event or offer: how many registered (spam left out), the places taken against its
// capacity when it has one (the seats the forms hold, which spam never takes), who and where each stands
// (waiting, offered, cancelled, checked in), the waiting list with a way to give someone a free place,
// and the downloads.
export default async function ItemPage({ params, searchParams }: PageProps<'/staff/items/[collection]/[value]'>) {
  const session = await requireStaff('inbox');
  const { collection, value } = await params;
  const { promoted } = await searchParams;
  const key = `${collection}:${decodedOrNotFound(value)}`;
  const item = parseItem(key);
  if (!item) notFound();
  const label = itemChoices().find((choice) => choice.key === key)!.label;
  const records = await allRecords(item.collection, { field: item.field, value: item.value });
  const words = staffText.item;
  const booking = itemBooking(item.collection, item.value);
  const [taken, waiting] = booking
    ? await Promise.all([placesTaken(booking.seat), waitingList(booking.seat)])
    : [0, []];
  const byId = new Map(records.map((row) => [row.id, row]));
  const registered = records.filter((row) => (row.data.booking ?? 'registered') === 'registered').length;
  const promotedText =
    promoted === 'taken'
      ? words.promoted
      : promoted === 'full'
        ? words.promoteFull
        : promoted === 'gone'
          ? words.promoteGone
          : null;
  const download = (format: string) => `/staff/api/export?${new URLSearchParams({ item: key, format })}`;

  return (
    <StaffFrame session={session}>
      <h1>{label}</h1>
      <p>{fill(words.count, { count: String(booking ? registered : records.length) })}</p>
      {booking && <p>{fill(words.capacity, { count: String(taken), capacity: String(booking.capacity) })}</p>}
      {promotedText && <p role="status">{promotedText}</p>}
      {booking && item.collection === 'user' && (
        <p>
          <Link className={styles.secondary} href={staffCheckInPath(item.value)}>
            {words.checkIn}
          </Link>
        </p>
      )}
      <p className={styles.actions}>
        {words.download}:{' '}
        <a className={styles.secondary} href={download('xlsx')} download>
          {words.xlsx}
        </a>
        <a className={styles.secondary} href={download('csv')} download>
          {words.csv}
        </a>
      </p>
      <h2>{words.list}</h2>
      <ul className={styles.list}>
        {records.map((row) => (
          <li key={row.id}>
            <Link href={staffSubmissionPath(row.collection, row.id)}>{personName(row.data)}</Link>
            <span className={styles.meta}>
              {String(row.data.email ?? '')} · {formatWhen(row.data.date)} ·{' '}
              {staffText.statuses[row.data.staffStatus === 'handled' ? 'handled' : 'new']}
              {booking ? ` · ${bookingLabel(row.data)}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {booking && (
        <>
          <h2>{words.waitlist}</h2>
          {waiting.length === 0 ? (
            <p>{words.waitlistEmpty}</p>
          ) : (
            <ol className={styles.list}>
              {waiting.map((ticket) => {
                const row = byId.get(ticket.recordId);
                return (
                  <li key={ticket.recordId} value={ticket.position}>
                    <Link href={staffSubmissionPath(ticket.collection, ticket.recordId)}>
                      {row ? personName(row.data) : ticket.recordId}
                    </Link>
                    <span className={styles.meta}>
                      {String(row?.data.email ?? '')} · {formatWhen(ticket.date)}
                    </span>
                    <form method="post" action="/staff/api/promote" className={styles.inline}>
                      <input type="hidden" name="collection" value={ticket.collection} />
                      <input type="hidden" name="id" value={ticket.recordId} />
                      <button type="submit" className={styles.secondary}>
                        {words.promote}
                      </button>
                    </form>
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
      <p>
        <Link href={`/staff?${new URLSearchParams({ item: key })}`}>{staffText.record.back}</Link>
      </p>
    </StaffFrame>
  );
}

// A malformed escape (/staff/items/user/%25) is no item, not a server error.
function decodedOrNotFound(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    notFound();
  }
}
