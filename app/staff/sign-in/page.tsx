import type { Metadata } from 'next';

import styles from '@/components/staff/staff.module.css';
import { site } from '@/lib/content';
import { usableLinkEmail } from '@/lib/team';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// Whose workspace this is, in the tab and on the page. The link's page is the referrer of what it loads:
// only the origin goes, never the token in its address ('no-referrer' would make the button's post
// carry `Origin: null`, which the workspace refuses).
export const metadata: Metadata = {
  title: fill(staffText.signIn.pageTitle, { organisation: site.name }),
  referrer: 'origin',
};

// Asking for a link, the answer (the same for every address), and the page a link opens: a button,
// because only a POST signs in and mail scanners open links without pressing anything.
export default async function SignInPage({ searchParams }: PageProps<'/staff/sign-in'>) {
  const words = staffText.signIn;
  const query = await searchParams;
  const token = typeof query.t === 'string' ? query.t : undefined;
  if (token !== undefined) {
    const email = await usableLinkEmail(token);
    if (email) {
      return (
        <Frame title={words.confirmTitle}>
          <p>{fill(words.confirm, { email })}</p>
          <form method="post" action="/staff/api/sign-in">
            <input type="hidden" name="t" value={token} />
            <button className={styles.button} type="submit">
              {words.button}
            </button>
          </form>
        </Frame>
      );
    }
  }
  if (token !== undefined || query.invalid !== undefined) {
    return (
      <Frame title={words.invalidTitle}>
        <p>{words.invalid}</p>
        <RequestForm label={words.again} />
      </Frame>
    );
  }
  if (query.sent !== undefined) {
    return (
      <Frame title={words.sentTitle}>
        <p role="status">{words.sent}</p>
      </Frame>
    );
  }
  return (
    <Frame title={words.title}>
      {query.limited !== undefined && <p role="alert">{words.limited}</p>}
      <p>{words.intro}</p>
      <RequestForm label={words.send} />
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className={styles.frame}>
      <p className={styles.meta}>{fill(staffText.signIn.organisation, { organisation: site.name })}</p>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

function RequestForm({ label }: { label: string }) {
  return (
    <form method="post" action="/staff/api/sign-in-request" className={styles.stack}>
      <label>
        {staffText.signIn.email}
        <input type="email" name="email" required autoComplete="email" maxLength={320} />
      </label>
      <button className={styles.button} type="submit">
        {label}
      </button>
    </form>
  );
}
