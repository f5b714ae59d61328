import Link from 'next/link';
import { notFound } from 'next/navigation';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { recordRef } from '@/lib/staff/actions';
import { requireStaff } from '@/lib/staff/http';
import { staffSubmissionPath } from '@/lib/staff/paths';
import { personName } from '@/lib/staff/present';
import { forgetPreview } from '@/lib/staff/queries';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The confirmation step before forgetting someone, named by one of their records: the address is read
// from the store and never travels in a URL. Nothing is removed until the button is pressed.
export default async function ForgetPage({ params }: PageProps<'/staff/forget/[collection]/[id]'>) {
  const session = await requireStaff('forget');
  const { collection, id } = await params;
  const ref = recordRef(collection, id);
  const preview = ref && (await forgetPreview(ref.collection, ref.id));
  if (!ref || !preview) notFound();
  const { record, email, traces: found } = preview;
  const words = staffText.record;
  return (
    <StaffFrame session={session}>
      <h1>{fill(words.forgetTitle, { name: personName(record.data) })}</h1>
      <p>{fill(words.forgetWho, { email })}</p>
      <p>{fill(words.forgetCounts, { records: String(found.records.length), messages: String(found.mails.length) })}</p>
      <p>{words.forgetText}</p>
      <form method="post" action="/staff/api/forget" className={styles.actions}>
        <input type="hidden" name="collection" value={ref.collection} />
        <input type="hidden" name="id" value={ref.id} />
        <input type="hidden" name="confirm" value="yes" />
        <button className={styles.button} type="submit">
          {words.forgetButton}
        </button>
        <Link className={styles.secondary} href={staffSubmissionPath(ref.collection, ref.id)}>
          {words.forgetCancel}
        </Link>
      </form>
    </StaffFrame>
  );
}
