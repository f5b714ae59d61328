import { Pager, SearchField } from '@/components/staff/listing';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { langs } from '@/lib/i18n';
import { audienceCounts, type AudienceCounts } from '@/lib/letters';
import { requireStaff } from '@/lib/staff/http';
import { subscriberCounts, subscribersPage } from '@/lib/staff/inbox';
import { languageName } from '@/lib/staff/present';
import { subscriberStatuses, type SubscriberStatus } from '@/lib/storage';
import { formatWhen } from '@/lib/team';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The newsletter list: counts by status and language, a search, and the export for a sending tool.
export default async function SubscribersPage({ searchParams }: PageProps<'/staff/subscribers'>) {
  const session = await requireStaff('inbox');
  const words = staffText.subscribers;
  const { q, after } = await searchParams;
  const search = typeof q === 'string' ? q.slice(0, 200) : '';
  const [counts, { rows, next }, mailchimp] = await Promise.all([
    subscriberCounts(),
    subscribersPage(search, typeof after === 'string' ? after : undefined),
    audienceCounts(),
  ]);
  const statusOf = (data: Record<string, unknown>) => (data.status ?? 'confirmed') as SubscriberStatus;

  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      {mailchimp === 'unconfigured' && <p role="note">{words.mailchimpUnconfigured}</p>}
      {mailchimp && mailchimp !== 'unconfigured' && <MailchimpAudience audience={mailchimp} />}
      {mailchimp && <h2>{words.localList}</h2>}
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

// The Mailchimp audience's counts, read from Mailchimp for this page, or why they are not shown.
function MailchimpAudience({ audience }: { audience: AudienceCounts }) {
  const words = staffText.subscribers;
  if (!audience.ok) return <p role="alert">{fill(words.mailchimpUnreachable, { reason: audience.reason })}</p>;
  const { counts } = audience;
  return (
    <section>
      <h2>{fill(words.mailchimpTitle, { name: counts.name })}</h2>
      <p className={styles.meta}>{words.mailchimpIntro}</p>
      <table className={styles.table}>
        <tbody>
          {(['members', 'unsubscribed', 'cleaned'] as const).map((key) => (
            <tr key={key}>
              <th scope="row">{words.mailchimpCounts[key]}</th>
              <td>{counts[key]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
