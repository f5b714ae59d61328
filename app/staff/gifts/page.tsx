import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { GIFT_CURRENCIES } from '@/lib/gifts';
import { giftAmount, giftFilters, giftsView } from '@/lib/staff/gifts';
import { requireStaff } from '@/lib/staff/http';
import { formatWhen } from '@/lib/team';
import { giftStaffText } from '@/messages/gifts';

// Gifts to the organisation (docs/staff.md, "Gifts"): the payments received, filtered by frequency,
// currency and month, the totals per currency and month, the renewals that failed, and the downloads.
export default async function GiftsPage({ searchParams }: PageProps<'/staff/gifts'>) {
  const session = await requireStaff('payments');
  const words = giftStaffText;
  const filters = giftFilters(await searchParams);
  const { payments, failures, totals } = await giftsView(filters);
  const query = new URLSearchParams(
    Object.entries(filters).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
  const download = (format: string) => `/staff/api/gifts?${new URLSearchParams([...query, ['format', format]])}`;
  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      <form method="get" action="/staff/gifts" className={styles.filters}>
        <label>
          {words.frequency}{' '}
          <select name="frequency" defaultValue={filters.frequency ?? ''}>
            <option value="">{words.any}</option>
            <option value="once">{words.once}</option>
            <option value="monthly">{words.monthly}</option>
          </select>
        </label>
        <label>
          {words.currency}{' '}
          <select name="currency" defaultValue={filters.currency ?? ''}>
            <option value="">{words.any}</option>
            {GIFT_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </label>
        <label>
          {words.month} <input name="month" defaultValue={filters.month ?? ''} pattern="\d{4}-\d{2}" size={8} />
        </label>
        <button className={styles.button} type="submit">
          {words.apply}
        </button>
      </form>
      <p>
        <a className={styles.secondary} href={download('csv')} download>
          {words.csv}
        </a>{' '}
        <a className={styles.secondary} href={download('xlsx')} download>
          {words.xlsx}
        </a>
      </p>
      <table className={styles.table} id="gift-totals">
        <caption>{words.totals}</caption>
        <thead>
          <tr>
            {words.totalsHead.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {totals.map((total) => (
            <tr key={`${total.month}-${total.currency}`}>
              <th scope="row">{total.month}</th>
              <td>{total.currency}</td>
              <td>{total.count}</td>
              <td>{giftAmount(total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{words.failed}</h2>
      {failures.length === 0 ? <p>{words.failedNone}</p> : null}
      <ul className={styles.list} id="gift-failures">
        {failures.map(({ entry, gift }) => (
          <li key={entry.key}>
            {formatWhen(entry.at)} · {String(gift.pledge.email)} · {giftAmount(entry)}
          </li>
        ))}
      </ul>
      <h2>{words.payments}</h2>
      {payments.length === 0 ? <p>{words.none}</p> : null}
      <table className={styles.table} id="gift-payments">
        <thead>
          <tr>
            {words.head.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {payments.map(({ entry, gift }) => (
            <tr key={entry.key}>
              <td>{formatWhen(entry.at)}</td>
              <td>{String(gift.pledge.email)}</td>
              <td>{gift.pledge.frequency === 'monthly' ? words.monthly : words.once}</td>
              <td>{giftAmount(entry)}</td>
              <td>{entry.renewal === true ? words.renewal : words.first}</td>
              <td>{String(entry.reference ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StaffFrame>
  );
}
