import Link from 'next/link';
import { notFound } from 'next/navigation';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { requireStaff } from '@/lib/staff/http';
import { allRecords } from '@/lib/staff/inbox';
import { staffSubmissionPath } from '@/lib/staff/paths';
import { formatWhen, itemBooking, itemChoices, parseItem, personName } from '@/lib/staff/present';
import { placesTaken } from '@/lib/staff/queries';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// One course, event or offer: how many registered (spam left out), the places taken against its
// capacity when it has one (the seats the forms hold, which spam never takes), who, and the downloads.
export default async function ItemPage({ params }: PageProps<'/staff/items/[collection]/[value]'>) {
  const session = await requireStaff('inbox');
  const { collection, value } = await params;
  const key = `${collection}:${decodedOrNotFound(value)}`;
  const item = parseItem(key);
  if (!item) notFound();
  const label = itemChoices().find((choice) => choice.key === key)!.label;
  const records = await allRecords(item.collection, { field: item.field, value: item.value });
  const words = staffText.item;
  const booking = itemBooking(item.collection, item.value);
  const taken = booking ? await placesTaken(booking.seat) : 0;
  const download = (format: string) => `/staff/api/export?${new URLSearchParams({ item: key, format })}`;

  return (
    <StaffFrame session={session}>
      <h1>{label}</h1>
      <p>{fill(words.count, { count: String(records.length) })}</p>
      {booking && <p>{fill(words.capacity, { count: String(taken), capacity: String(booking.capacity) })}</p>}
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
            </span>
          </li>
        ))}
      </ul>
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
