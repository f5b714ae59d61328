import Link from 'next/link';

import { Pager } from '@/components/staff/listing';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { requireStaff } from '@/lib/staff/http';
import { auditLine } from '@/lib/staff/present';
import { auditFilterKeys, auditTrailPage, type AuditFilters } from '@/lib/staff/queries';
import { auditActions } from '@/lib/storage';
import { formatWhen } from '@/lib/team';
import { staffText } from '@/messages/staff';

// Who signed in or out (or was refused), asked for a link, exported, changed, noted or forgot what, and
// when, in words: pages of 50, newest first, filtered by a plain GET form. Strangers' refusals (entries
// that name nobody) are a trail of their own, so however many there are, staff entries stay in view.
export default async function AuditPage({ searchParams }: PageProps<'/staff/audit'>) {
  const session = await requireStaff('audit');
  const words = staffText.audit;
  const filters: AuditFilters = Object.fromEntries(
    Object.entries(await searchParams).filter(
      (entry): entry is [string, string] =>
        auditFilterKeys.includes(entry[0]) && typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  const { entries, next } = await auditTrailPage(filters);
  const { after, ...firstPage } = filters;
  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      <form method="get" action="/staff/audit" className={styles.filters} aria-label={staffText.inbox.filters}>
        <label>
          {words.trail}
          <select name="trail" defaultValue={filters.trail ?? 'staff'}>
            <option value="staff">{words.trails.staff}</option>
            <option value="refusals">{words.trails.refusals}</option>
          </select>
        </label>
        <label>
          {words.what}
          <select name="what" defaultValue={filters.what ?? ''}>
            <option value="">{staffText.inbox.any}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {words.actions[action]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {words.who}
          <input type="text" name="who" defaultValue={filters.who} maxLength={320} />
        </label>
        <label>
          {staffText.inbox.from}
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          {staffText.inbox.to}
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <button className={styles.button} type="submit">
          {staffText.inbox.apply}
        </button>
      </form>
      {entries.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <table className={`${styles.table} ${styles.stacked}`}>
          <thead>
            <tr>
              <th scope="col">{words.when}</th>
              <th scope="col">{words.who}</th>
              <th scope="col">{words.what}</th>
              <th scope="col">{words.detail}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const line = auditLine(entry);
              return (
                <tr key={entry.id}>
                  <td data-label={words.when}>{formatWhen(entry.at)}</td>
                  <td data-label={words.who}>{line.who}</td>
                  <td data-label={words.what}>{line.what}</td>
                  <td data-label={words.detail}>
                    {line.record ? <Link href={line.record.href}>{line.record.label}</Link> : line.detail}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager
        path="/staff/audit"
        query={firstPage}
        after={after}
        next={next}
        newest={words.newest}
        older={words.older}
      />
    </StaffFrame>
  );
}
