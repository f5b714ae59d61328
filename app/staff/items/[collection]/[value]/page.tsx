import Link from 'next/link';
import { notFound } from 'next/navigation';

import { Pager } from '@/components/staff/listing';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { possibleDuplicates } from '@/lib/staff/duplicates';
import { requireStaff } from '@/lib/staff/http';
import { countWithoutSpam, itemPage } from '@/lib/staff/inbox';
import { staffCertificatesPath, staffCheckInPath, staffItemPath, staffSubmissionPath } from '@/lib/staff/paths';
import { paymentLine, paymentOf } from '@/lib/staff/payments';
import { bookingLabel, itemBookings, itemNames, personName } from '@/lib/staff/present';
import { itemPlacesOf } from '@/lib/staff/queries';
import { isPayable, parseItem, paymentStatuses, type PaymentStatus } from '@/lib/storage';
import { formatWhen, may } from '@/lib/team';
import { fill } from '@/messages';
import { certificateStaffText } from '@/messages/certificates';
import { staffText } from '@/messages/staff';

// One course, event or offer: how many registered (spam left out, counted by the store), the places
// taken against its capacity when it has one (the seats the forms hold, which spam never takes), who, in
// pages of 50 newest first like the inbox, and where each stands (waiting, offered, cancelled, checked
// in, paid), the waiting list with a way to give someone a free place, and the downloads.
export default async function ItemPage({ params, searchParams }: PageProps<'/staff/items/[collection]/[value]'>) {
  const session = await requireStaff('inbox');
  const { collection, value } = await params;
  const query = await searchParams;
  const key = `${collection}:${decodedOrNotFound(value)}`;
  const item = parseItem(key);
  if (!item) notFound();
  const after = typeof query.after === 'string' ? query.after : undefined;
  const field = { field: item.field, value: item.value };
  // A course with a fee or an offer: its list by payment state, and the reminder to those unpaid.
  const payable = isPayable(item.collection);
  const pay =
    payable && paymentStatuses.includes(query.pay as PaymentStatus) ? (query.pay as PaymentStatus) : undefined;
  const [count, { rows, next }, unpaid, items] = await Promise.all([
    countWithoutSpam(item.collection, field),
    itemPage(item.collection, field, after, pay),
    payable ? countWithoutSpam(item.collection, field, undefined, 'unpaid') : 0,
    itemNames(),
  ]);
  // An item nobody registered for that is neither a course nor in the CMS is no page.
  if (count === 0 && !items.known(key)) notFound();
  const label = items.label(key);
  // One person's records stored twice for this item, flagged among those shown (lib/staff/duplicates.ts).
  const duplicates = await possibleDuplicates(item.collection, rows);
  const reminded = ['reminded', 'skipped'].every((name) => /^\d{1,5}$/.test(String(query[name])))
    ? { sent: String(query.reminded), skipped: String(query.skipped) }
    : null;
  const payWords = staffText.payments;
  const words = staffText.item;
  // Its places: a paid event's per ticket kind, each with its own waiting list.
  const bookings = await itemBookings(item.collection, item.value);
  const places = bookings.length > 0 ? await itemPlacesOf(bookings) : null;
  const booking = places;
  const { promoted } = query;
  const mergeWords: Record<string, string> = {
    merged: words.merged,
    single: words.mergeSingle,
    'two-paid': words.mergeTwoPaid,
    missing: words.mergeMissing,
  };
  // Only its own keys: `?merged=constructor` is no message.
  const mergedText = Object.hasOwn(mergeWords, String(query.merged)) ? mergeWords[String(query.merged)] : null;
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
      <p>{fill(words.count, { count: String(places ? places.registered : count) })}</p>
      {places && <p>{fill(words.capacity, { count: String(places.taken), capacity: String(places.capacity) })}</p>}
      {places && places.kinds.some((kind) => kind.name) && (
        <ul className={styles.list}>
          {places.kinds.map((kind) => (
            <li key={kind.name}>
              {fill(words.kindCapacity, {
                kind: kind.name ?? '',
                count: String(kind.taken),
                capacity: String(kind.capacity),
                waiting: String(kind.waiting.length),
              })}
            </li>
          ))}
        </ul>
      )}
      {promotedText && <p role="status">{promotedText}</p>}
      {mergedText && <p role="status">{mergedText}</p>}
      {booking && item.collection === 'user' && (
        <p>
          <Link className={styles.secondary} href={staffCheckInPath(item.value)}>
            {words.checkIn}
          </Link>
        </p>
      )}
      {may(session, 'certificates') && (
        <p>
          <Link className={styles.secondary} href={staffCertificatesPath(item.collection, item.value)}>
            {certificateStaffText.link}
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
      {payable && (
        <>
          {reminded && <p role="status">{fill(payWords.remindedCount, reminded)}</p>}
          <nav className={styles.actions} aria-label={payWords.filter}>
            {[undefined, ...paymentStatuses].map((state) => (
              <Link
                key={state ?? 'any'}
                className={styles.secondary}
                aria-current={state === pay ? 'page' : undefined}
                href={`${staffItemPath(item.collection, item.value)}${state ? `?pay=${state}` : ''}`}
              >
                {state ? payWords.states[state] : payWords.any}
              </Link>
            ))}
          </nav>
          {may(session, 'payments') && unpaid > 0 && (
            <form method="post" action="/staff/api/pay-remind" className={styles.stack}>
              <input type="hidden" name="item" value={key} />
              <button className={styles.button} type="submit">
                {fill(payWords.remind, { count: String(unpaid) })}
              </button>
              <span className={styles.meta}>{payWords.remindHint}</span>
            </form>
          )}
        </>
      )}
      <h2>{words.list}</h2>
      <ul className={styles.list}>
        {rows.map((row) => {
          const payment = paymentOf(row.data);
          return (
            <li key={row.id}>
              <Link href={staffSubmissionPath(row.collection, row.id)}>{personName(row.data)}</Link>
              <span className={styles.meta}>
                {String(row.data.email ?? '')} · {formatWhen(row.data.date)} ·{' '}
                {staffText.statuses[row.data.staffStatus === 'handled' ? 'handled' : 'new']}
                {items.ticket?.(row.data) ? ` · ${items.ticket(row.data)}` : ''}
                {booking ? ` · ${bookingLabel(row.data)}` : ''}
                {payment && ` · ${paymentLine(row.data, payment)}`}
                {duplicates.has(row.id) && (
                  <>
                    {' · '}
                    <strong>{words.possibleDuplicate}</strong>
                  </>
                )}
              </span>
              {duplicates.has(row.id) && (
                <form method="post" action="/staff/api/merge" className={styles.inline}>
                  <input type="hidden" name="collection" value={row.collection} />
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit" className={styles.secondary} title={words.mergeHint}>
                    {words.merge}
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
      <Pager
        path={staffItemPath(item.collection, item.value)}
        query={pay ? { pay } : {}}
        after={typeof after === 'string' ? after : undefined}
        next={next}
        newest={staffText.inbox.newest}
        older={words.older}
      />
      {places && (
        <>
          <h2>{words.waitlist}</h2>
          {places.waiting.length === 0 ? (
            <p>{words.waitlistEmpty}</p>
          ) : (
            <ol className={styles.list}>
              {places.waiting.map(({ ticket, record: row, kind }) => (
                <li key={ticket.recordId} value={ticket.position}>
                  <Link href={staffSubmissionPath(ticket.collection, ticket.recordId)}>
                    {row ? personName(row.data) : ticket.recordId}
                  </Link>
                  <span className={styles.meta}>
                    {String(row?.data.email ?? '')} · {kind ? `${kind} · ` : ''}
                    {formatWhen(ticket.date)}
                  </span>
                  <form method="post" action="/staff/api/promote" className={styles.inline}>
                    <input type="hidden" name="collection" value={ticket.collection} />
                    <input type="hidden" name="id" value={ticket.recordId} />
                    <button type="submit" className={styles.secondary}>
                      {words.promote}
                    </button>
                  </form>
                </li>
              ))}
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
