import styles from '@/components/staff/staff.module.css';
import { groupedCode, type CertificateList, type CertificateRow } from '@/lib/certificates';
import type { Collection, StoredCertificate } from '@/lib/storage';
import { formatWhen } from '@/lib/team';
import { fill } from '@/messages';
import { certificateStaffText as words } from '@/messages/certificates';

const FORM = 'certificates-ticked';

// The rows of an item's certificates page (app/staff/certificates): one per person, ticked for the
// form above them (the checkboxes name it, so each row can hold its own revoke and reissue forms), with
// their certificate and its forms; then the certificates no longer valid. Server-rendered, no script.
export function CertificateRows({
  collection,
  item,
  list,
  canIssue,
}: {
  collection: Collection;
  item: string;
  list: CertificateList;
  canIssue: boolean;
}) {
  const completion = list.kind === 'completion';
  const eligible = list.rows.filter((row) => row.eligibleAt !== null).length;
  return (
    <>
      {canIssue && (
        <form
          id={FORM}
          method="post"
          action="/staff/api/certificate-issue"
          encType="multipart/form-data"
          className={styles.stack}
        >
          <input type="hidden" name="collection" value={collection} />
          <input type="hidden" name="item" value={item} />
          {completion && (
            <fieldset className={styles.stack}>
              <label>
                {words.learnerAchievement}
                <input name="learnerAchievement" maxLength={200} />
              </label>
              <button className={styles.secondary} type="submit" formAction="/staff/api/certificate-complete">
                {words.markTicked}
              </button>
              <label>
                {words.csv}
                <textarea name="csv" rows={3} />
              </label>
              <label>
                {words.csvFile}
                <input type="file" name="csv" accept=".csv,text/csv,text/plain" />
              </label>
              <button className={styles.secondary} type="submit" formAction="/staff/api/certificate-complete">
                {words.markCsv}
              </button>
            </fieldset>
          )}
          <label>
            {words.achievement}
            <input name="achievement" maxLength={200} />
          </label>
          <p className={styles.actions}>
            <button className={styles.button} type="submit" name="scope" value="all" disabled={eligible === 0}>
              {fill(words.issueAll, { count: String(eligible) })}
            </button>
            <button className={styles.secondary} type="submit" name="scope" value="ticked">
              {words.issueTicked}
            </button>
          </p>
        </form>
      )}
      {list.rows.length === 0 ? (
        <p>{words.noneEligible}</p>
      ) : (
        <ul className={styles.list} aria-label={words.link}>
          {list.rows.map((row) => (
            <li key={row.id} className={styles.row}>
              {canIssue && (
                <input
                  type="checkbox"
                  form={FORM}
                  name="records"
                  value={row.id}
                  aria-label={fill(words.tick, { name: row.name })}
                />
              )}
              <Person row={row} completion={completion} canIssue={canIssue} />
            </li>
          ))}
        </ul>
      )}
      {list.past.length > 0 && (
        <>
          <h2>{words.past}</h2>
          <ul className={styles.list}>
            {list.past.map((c) => (
              <li key={c.code}>
                {c.withdrawnAt !== null ? words.withdrawn : c.name} · <code>{groupedCode(c.code)}</code>
                <span className={styles.meta}>
                  {fill(words.revokedOn, { date: formatWhen(c.revokedAt), reason: c.revokeReason ?? '' })}
                  {c.replacedBy && ` · ${fill(words.replacedBy, { code: groupedCode(c.replacedBy) })}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function Person({ row, completion, canIssue }: { row: CertificateRow; completion: boolean; canIssue: boolean }) {
  const state = row.eligibleAt === null ? words.notCompleted : formatWhen(row.eligibleAt);
  return (
    <div>
      <strong>{row.name}</strong>
      <span className={styles.meta}>
        {row.email} · {completion ? words.completed : words.checkedIn}: {state}
        {row.achievement && ` · ${row.achievement}`}
      </span>
      <span className={styles.meta}>
        {words.certificate}:{' '}
        {row.certificate ? (
          <a href={`/verify/${row.certificate.code}`}>{groupedCode(row.certificate.code)}</a>
        ) : (
          words.none
        )}
      </span>
      {canIssue && row.certificate && <CertificateForms certificate={row.certificate} />}
    </div>
  );
}

function CertificateForms({ certificate }: { certificate: StoredCertificate }) {
  const code = groupedCode(certificate.code);
  return (
    <div className={styles.inline}>
      <form method="post" action="/staff/api/certificate-revoke" className={styles.inline}>
        <input type="hidden" name="code" value={certificate.code} />
        <label>
          {fill(words.reason, { code })}
          <input name="reason" required maxLength={300} />
        </label>
        <button className={styles.secondary} type="submit">
          {words.revoke}
        </button>
      </form>
      <form method="post" action="/staff/api/certificate-reissue" className={styles.inline}>
        <input type="hidden" name="code" value={certificate.code} />
        <label>
          {fill(words.correctedName, { code })}
          <input name="name" defaultValue={certificate.name} maxLength={200} />
        </label>
        <button className={styles.secondary} type="submit">
          {words.reissue}
        </button>
      </form>
    </div>
  );
}
