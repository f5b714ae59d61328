import { notFound } from 'next/navigation';

import { CertificateRows } from '@/components/certificates/certificate-rows';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { certificateList } from '@/lib/certificates';
import { mayCheckInAt } from '@/lib/staff/door';
import { requireStaff } from '@/lib/staff/http';
import { isCollection } from '@/lib/storage';
import { may } from '@/lib/team';
import { fill } from '@/messages';
import { certificateStaffText as words } from '@/messages/certificates';

type Props = PageProps<'/staff/certificates/[collection]/[value]'>;

// An item's certificates (lib/certificates): for an event, its checked-in guests; for a course or an
// offer, its learners, to mark as completed (ticked, or from a CSV of addresses). Who holds one, and
// issuing, revoking and reissuing for admins and staff. The door may see who attended, not issue. Plain
// forms: it all works without JavaScript.
export default async function CertificatesPage({ params, searchParams }: Props) {
  const { collection, value } = await params;
  if (!isCollection(collection)) notFound();
  const session = await requireStaff(collection === 'user' ? 'check-in' : 'certificates');
  const item = decodedOrNotFound(value);
  // An event's attendance is its check-in's: a door member limited to other events finds no such page.
  if (collection === 'user' && !(await mayCheckInAt(session, item))) notFound();
  const list = await certificateList(collection, item);
  if (!list) notFound();
  const query = await searchParams;
  const canIssue = may(session, 'certificates');
  const number = (name: string) => (/^\d{1,6}$/.test(String(query[name])) ? String(query[name]) : null);
  const code = (name: string) => (/^[0-9A-Z]{16}$/.test(String(query[name])) ? String(query[name]) : null);
  const issued = number('issued') && number('already') && number('skipped');
  const marked = number('marked') && number('unknown');
  const flashes = [
    issued &&
      fill(words.issued, { issued: number('issued')!, already: number('already')!, skipped: number('skipped')! }),
    marked && fill(words.marked, { marked: number('marked')!, unknown: number('unknown')! }),
    code('revoked') && fill(words.revokedFlash, { code: code('revoked')! }),
    code('reissued') && fill(words.reissuedFlash, { code: code('reissued')! }),
  ].filter(Boolean) as string[];
  return (
    <StaffFrame session={session}>
      <h1>{fill(words.title, { item: list.title })}</h1>
      <p>{list.kind === 'attendance' ? words.attendanceIntro : words.completionIntro}</p>
      {flashes.map((text) => (
        <p key={text} role="status">
          {text}
        </p>
      ))}
      {!canIssue && <p className={styles.hint}>{words.readOnly}</p>}
      <CertificateRows collection={collection} item={item} list={list} canIssue={canIssue} />
    </StaffFrame>
  );
}

// A malformed escape (/staff/certificates/user/%25) is no item, not a server error.
function decodedOrNotFound(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    notFound();
  }
}
