import Link from 'next/link';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { allLetters, stoppedAddresses } from '@/lib/letters';
import { requireStaff } from '@/lib/staff/http';
import { formatWhen } from '@/lib/team';
import { letterStaffText } from '@/messages/letters';

// Letters to the community: every draft and sent letter, a new one, and the addresses no longer mailed.
export default async function LettersPage() {
  const session = await requireStaff('letters');
  const words = letterStaffText;
  const [letters, stopped] = await Promise.all([allLetters(), stoppedAddresses()]);
  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      <p>{words.intro}</p>
      <p>
        <Link className={styles.button} href="/staff/letters/new">
          {words.newLetter}
        </Link>
      </p>
      {letters.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <ul className={styles.list} aria-label={words.title}>
          {letters.map((letter) => (
            <li key={letter.id}>
              <Link href={`/staff/letters/${letter.id}`}>
                {Object.values(letter.versions)[0]?.subject ?? letter.slug}
              </Link>
              <span className={styles.meta}>
                {words.statuses[letter.status]} · {formatWhen(letter.sentAt ?? letter.updatedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h2>{words.stopped}</h2>
      {stopped.length === 0 ? (
        <p>{words.noneStopped}</p>
      ) : (
        <ul className={styles.list} aria-label={words.stopped}>
          {stopped.map((address) => (
            <li key={address.email}>
              {address.email} <span className={styles.meta}>{formatWhen(address.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </StaffFrame>
  );
}
