import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { langs, toLang } from '@/lib/i18n';
import { requireStaff } from '@/lib/staff/http';
import { formatWhen, languageName } from '@/lib/staff/present';
import { getStore } from '@/lib/storage';
import { subscriberStatuses, type SubscriberStatus } from '@/lib/storage/types';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

const SHOWN = 200;

// The newsletter list: counts by status and language, a search, and the export for a sending tool.
export default async function SubscribersPage({ searchParams }: PageProps<'/staff/subscribers'>) {
  const session = await requireStaff();
  const words = staffText.subscribers;
  const { q } = await searchParams;
  const search = typeof q === 'string' ? q.trim().toLowerCase().slice(0, 200) : '';
  const all = await getStore().list('newsletter');
  const statusOf = (data: Record<string, unknown>) => (data.status ?? 'confirmed') as SubscriberStatus;
  const count = (test: (data: Record<string, unknown>) => boolean) => all.filter((r) => test(r.data)).length;
  const matches = all
    .filter(({ data }) => !search || `${data.name ?? ''} ${data.email ?? ''}`.toLowerCase().includes(search))
    .reverse()
    .slice(0, SHOWN);

  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      <table className={styles.table}>
        <caption>{words.byStatus}</caption>
        <tbody>
          {subscriberStatuses.map((status) => (
            <tr key={status}>
              <th scope="row">{words.statuses[status]}</th>
              <td>{count((data) => statusOf(data) === status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={styles.table}>
        <caption>{words.byLanguage}</caption>
        <tbody>
          {langs.map((lang) => (
            <tr key={lang}>
              <th scope="row">{languageName(lang)}</th>
              <td>{count((data) => toLang(data.lang) === lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <a className={styles.secondary} href="/staff/api/export?form=newsletter&format=csv" download>
          {words.export}
        </a>
      </p>
      <form method="get" action="/staff/subscribers" className={styles.filters}>
        <label>
          {words.search}
          <input type="search" name="q" defaultValue={search} maxLength={200} />
        </label>
        <button className={styles.button} type="submit">
          {words.apply}
        </button>
      </form>
      <p className={styles.meta}>{fill(words.shown, { count: String(matches.length) })}</p>
      <ul className={styles.list}>
        {matches.map(({ id, data }) => (
          <li key={id}>
            {String(data.name ?? '')} · {String(data.email ?? '')}
            <span className={styles.meta}>
              {words.statuses[statusOf(data)]} · {formatWhen(data.statusDate ?? data.date)}
            </span>
          </li>
        ))}
      </ul>
    </StaffFrame>
  );
}
