import Link from 'next/link';
import { notFound } from 'next/navigation';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { recordRef } from '@/lib/staff/actions';
import { requireStaff } from '@/lib/staff/http';
import { personName } from '@/lib/staff/present';
import { getStore } from '@/lib/storage';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The confirmation step before forgetting someone, named by one of their records: the address is read
// from the store and never travels in a URL. Nothing is removed until the button is pressed.
export default async function ForgetPage({ params }: PageProps<'/staff/forget/[collection]/[id]'>) {
  const session = await requireStaff();
  const { collection, id } = await params;
  const ref = recordRef(collection, id);
  const store = getStore();
  const record = ref && (await store.getRecord(ref.collection, ref.id));
  const email = record?.data.email;
  if (!ref || !record || typeof email !== 'string' || email === '') notFound();
  // What a forget would remove (whole-store reads, as the forget itself; staff open this page rarely).
  const found = await store.findEmail(email);
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
        <Link className={styles.secondary} href={`/staff/submissions/${ref.collection}/${encodeURIComponent(ref.id)}`}>
          {words.forgetCancel}
        </Link>
      </form>
    </StaffFrame>
  );
}
