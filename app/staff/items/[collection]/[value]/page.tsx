import Link from 'next/link';
import { notFound } from 'next/navigation';

import { Pager } from '@/components/staff/listing';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { requireStaff } from '@/lib/staff/http';
import { countWithoutSpam, itemPage } from '@/lib/staff/inbox';
import { staffItemPath, staffSubmissionPath } from '@/lib/staff/paths';
import { formatWhen, itemBooking, itemChoices, parseItem, personName } from '@/lib/staff/present';
import { placesTaken } from '@/lib/staff/queries';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// One course, event or offer: how many registered (spam left out, counted by the store), the places
// taken against its capacity when it has one (the seats the forms hold, which spam never takes), who,
// in pages of 50 newest first like the inbox, and the downloads.
export default async function ItemPage({ params, searchParams }: PageProps<'/staff/items/[collection]/[value]'>) {
  const session = await requireStaff('inbox');
  const { collection, value } = await params;
  const key = `${collection}:${decodedOrNotFound(value)}`;
  const item = parseItem(key);
  if (!item) notFound();
  const label = itemChoices().find((choice) => choice.key === key)!.label;
  const { after } = await searchParams;
  const field = { field: item.field, value: item.value };
  const [count, { rows, next }] = await Promise.all([
    countWithoutSpam(item.collection, field),
    itemPage(item.collection, field, typeof after === 'string' ? after : undefined),
  ]);
  const words = staffText.item;
  const booking = itemBooking(item.collection, item.value);
  const taken = booking ? await placesTaken(booking.seat) : 0;
  const download = (format: string) => `/staff/api/export?${new URLSearchParams({ item: key, format })}`;

  return (
    <StaffFrame session={session}>
      <h1>{label}</h1>
      <p>{fill(words.count, { count: String(count) })}</p>
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
        {rows.map((row) => (
          <li key={row.id}>
            <Link href={staffSubmissionPath(row.collection, row.id)}>{personName(row.data)}</Link>
            <span className={styles.meta}>
              {String(row.data.email ?? '')} · {formatWhen(row.data.date)} ·{' '}
              {staffText.statuses[row.data.staffStatus === 'handled' ? 'handled' : 'new']}
            </span>
          </li>
        ))}
      </ul>
      <Pager
        path={staffItemPath(item.collection, item.value)}
        query={{}}
        after={typeof after === 'string' ? after : undefined}
        next={next}
        newest={staffText.inbox.newest}
        older={words.older}
      />
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
