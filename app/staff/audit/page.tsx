import Link from 'next/link';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { requireStaff } from '@/lib/staff/http';
import { auditLine, formatWhen } from '@/lib/staff/present';
import { auditTrail } from '@/lib/staff/queries';
import { staffText } from '@/messages/staff';

// Who signed in or out (or was refused), asked for a link, exported, changed, noted or forgot what, and
// when: the latest 200 entries, in words.
export default async function AuditPage() {
  const session = await requireStaff('audit');
  const entries = await auditTrail(200);
  const words = staffText.audit;
  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      {entries.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{words.when}</th>
              <th scope="col">{words.who}</th>
              <th scope="col">{words.what}</th>
              <th scope="col">{words.detail}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, i) => {
              const line = auditLine(entry);
              return (
                <tr key={i}>
                  <td>{formatWhen(entry.at)}</td>
                  <td>{line.who}</td>
                  <td>{line.what}</td>
                  <td>{line.record ? <Link href={line.record.href}>{line.record.label}</Link> : line.detail}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </StaffFrame>
  );
}
