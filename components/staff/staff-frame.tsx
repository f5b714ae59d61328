import Link from 'next/link';

import { CMS_ADMIN } from '@/lib/http/cms-paths';
import { may, type Permission, type Staff } from '@/lib/team';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

import styles from './staff.module.css';

// The workspace's sections, each shown to the roles that may open it.
const sections: { href: string; label: keyof typeof staffText.nav; permission: Permission }[] = [
  { href: '/staff', label: 'inbox', permission: 'inbox' },
  { href: '/staff/subscribers', label: 'subscribers', permission: 'inbox' },
  { href: '/staff/gifts', label: 'gifts', permission: 'payments' },
  { href: '/staff/letters', label: 'letters', permission: 'letters' },
  { href: CMS_ADMIN, label: 'content', permission: 'content' },
  { href: '/staff/team', label: 'team', permission: 'team' },
  { href: '/staff/audit', label: 'audit', permission: 'audit' },
  { href: '/staff/door', label: 'checkIn', permission: 'check-in' },
];

// Every signed-in workspace page: where this role may go, who is signed in with which role, and the one
// sign-out button. A page its role may not open was refused before this (`?denied=1` says so).
export function StaffFrame({
  session,
  denied,
  children,
}: {
  session: Staff;
  denied?: boolean;
  children: React.ReactNode;
}) {
  const words = staffText.nav;
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <nav aria-label={staffText.workspace}>
          {sections
            .filter((section) => may(session, section.permission))
            .map((section) =>
              // The content editor is an application of its own: a plain link, never prefetched.
              section.href === CMS_ADMIN ? (
                <a key={section.href} href={section.href}>
                  {words[section.label]}
                </a>
              ) : (
                <Link key={section.href} href={section.href}>
                  {words[section.label]}
                </Link>
              ),
            )}
        </nav>
        <span className={styles.who}>
          {fill(words.signedInAs, { email: session.email, role: staffText.roles[session.role] })}
        </span>
        <form method="post" action="/staff/api/sign-out">
          <button className={styles.secondary} type="submit">
            {words.signOut}
          </button>
        </form>
      </header>
      {denied && <p role="alert">{staffText.denied}</p>}
      <main>{children}</main>
    </div>
  );
}
