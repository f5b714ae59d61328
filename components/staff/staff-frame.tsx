import Link from 'next/link';

import type { StaffSession } from '@/lib/storage/types';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

import styles from './staff.module.css';

// Every signed-in workspace page: where to go, who is signed in, and the one sign-out button.
export function StaffFrame({ session, children }: { session: StaffSession; children: React.ReactNode }) {
  const words = staffText.nav;
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <nav aria-label={staffText.workspace}>
          <Link href="/staff">{words.inbox}</Link>
          <Link href="/staff/subscribers">{words.subscribers}</Link>
          <Link href="/staff/audit">{words.audit}</Link>
        </nav>
        <span className={styles.who}>{fill(words.signedInAs, { email: session.email })}</span>
        <form method="post" action="/staff/api/sign-out">
          <button className={styles.secondary} type="submit">
            {words.signOut}
          </button>
        </form>
      </header>
      <main>{children}</main>
    </div>
  );
}
