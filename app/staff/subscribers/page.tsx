import { Pager, SearchField } from '@/components/staff/listing';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { langs } from '@/lib/i18n';
import { requireStaff } from '@/lib/staff/http';
import { subscriberCounts, subscribersPage } from '@/lib/staff/inbox';
import { formatWhen, languageName } from '@/lib/staff/present';
import { subscriberStatuses, type SubscriberStatus } from '@/lib/storage/types';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The newsletter list: counts by status and language, a search, and the export for a sending tool.
export default async function SubscribersPage({ searchParams }: PageProps<'/staff/subscribers'>) {
  const session = await requireStaff('inbox');
  const words = staffText.subscribers;
  const { q, after } = await searchParams;
  const search = typeof q === 'string' ? q.slice(0, 200) : '';
  const [counts, { rows, next }] = await Promise.all([
    subscriberCounts(),
    subscribersPage(search, typeof after === 'string' ? after : undefined),
  ]);
  const statusOf = (data: Record<string, unknown>) => (data.status ?? 'confirmed') as SubscriberStatus;

  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      <table className={styles.table}>
        <caption>{words.byStatus}</caption>
        <tbody>
          {subscriberStatuses.map((status) => (
            <tr key={status}>
              <th scope="row">{words.statuses[status]}</th>
              <td>{counts.byStatus[status]}</td>
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
              <td>{counts.byLang[lang]}</td>
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
        <SearchField label={words.search} value={search} />
        <button className={styles.button} type="submit">
          {words.apply}
        </button>
      </form>
      <p className={styles.meta}>{fill(words.shown, { count: String(rows.length) })}</p>
      <ul className={styles.list}>
        {rows.map(({ id, data }) => (
          <li key={id}>
            {String(data.name ?? '')} · {String(data.email ?? '')}
            <span className={styles.meta}>
              {words.statuses[statusOf(data)]} · {formatWhen(data.statusDate ?? data.date)}
            </span>
          </li>
        ))}
      </ul>
      <Pager
        path="/staff/subscribers"
        query={search ? { q: search } : {}}
        after={typeof after === 'string' ? after : undefined}
        next={next}
        newest={words.newest}
        older={words.older}
      />
    </StaffFrame>
  );
}
