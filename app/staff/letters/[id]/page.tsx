import Link from 'next/link';
import { notFound } from 'next/navigation';

import { KeepFresh } from '@/components/staff/keep-fresh';
import { LetterForm } from '@/components/staff/letter-form';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { defaultLang } from '@/lib/i18n';
import { letterById, missingLangs, previews, progress, writtenLangs, type Letter } from '@/lib/letters';
import { requireStaff } from '@/lib/staff/http';
import { languageName } from '@/lib/staff/present';
import { fill } from '@/messages';
import { letterStaffText } from '@/messages/letters';

const PHONE = 375;
const DESK = 700;

// One letter: its draft (or, once sending has started, its progress), a test to oneself and the way to
// the confirmation step, then its previews in each language at a phone's and a desk's width.
export default async function LetterPage({ params, searchParams }: PageProps<'/staff/letters/[id]'>) {
  const session = await requireStaff('letters');
  const words = letterStaffText;
  const { id } = await params;
  const query = await searchParams;
  const letter = id === 'new' ? null : await letterById(id);
  if (id !== 'new' && !letter) notFound();
  const error = typeof query.error === 'string' ? query.error : undefined;
  const send = typeof query.send === 'string' ? query.send : undefined;
  const notice =
    (query.saved && words.saved) ||
    (query.tested && fill(words.tested, { email: session.email })) ||
    (send === 'started' && words.started) ||
    (send === 'already' && words.already) ||
    (send === 'empty' && words.empty) ||
    (send === 'unreachable' && words.unreachable) ||
    (send === 'unconfigured' && words.mailchimpUnconfigured) ||
    (query.retried && words.retried) ||
    (error === 'taken' && words.slugTaken) ||
    (error === 'frozen' && words.frozen) ||
    (error && words.invalid) ||
    null;
  return (
    <StaffFrame session={session}>
      <p>
        <Link href="/staff/letters">{words.back}</Link>
      </p>
      <h1>{letter ? (letter.versions[defaultLang]?.subject ?? letter.slug) : words.newLetter}</h1>
      {notice && <p role="status">{notice}</p>}
      {letter && letter.status !== 'draft' && letter.delivery !== 'mailchimp' && <Progress letter={letter} />}
      {letter && letter.status !== 'draft' && letter.delivery === 'mailchimp' && <Campaigns letter={letter} />}
      {(!letter || letter.status === 'draft') && <LetterForm letter={letter} />}
      {/* The actions before the previews, which are four frames tall (issue 43). */}
      {letter?.status === 'draft' && (
        <div className={styles.actions}>
          <form method="post" action="/staff/api/letter-test">
            <input type="hidden" name="id" value={letter.id} />
            <button className={styles.secondary} type="submit">
              {words.test}
            </button>
          </form>
          <Link className={styles.button} href={`/staff/letters/${letter.id}/send`}>
            {words.review}
          </Link>
        </div>
      )}
      {letter && <Previews letter={letter} />}
    </StaffFrame>
  );
}

async function Progress({ letter }: { letter: Letter }) {
  const words = letterStaffText;
  const counts = await progress(letter);
  const values = Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, String(value)]));
  return (
    <section>
      <p aria-live="polite">
        <strong>{words.statuses[letter.status]}</strong> · {fill(words.progress, values)}
      </p>
      {letter.status === 'sending' && <KeepFresh seconds={5} />}
      {(letter.status === 'sending' || letter.status === 'paused') && (
        <form method="post" action="/staff/api/letter-pause">
          <input type="hidden" name="id" value={letter.id} />
          <input type="hidden" name="pause" value={letter.status === 'sending' ? 'yes' : 'no'} />
          <button className={styles.secondary} type="submit">
            {letter.status === 'sending' ? words.pause : words.resume}
          </button>
        </form>
      )}
    </section>
  );
}

// A newsletter sent as Mailchimp campaigns: each language's campaign as far as it went, and, when
// Mailchimp failed, its words and the button that goes on from there.
function Campaigns({ letter }: { letter: Letter }) {
  const words = letterStaffText;
  return (
    <section>
      <p>
        <strong>{words.statuses[letter.status]}</strong>
      </p>
      {letter.status === 'failed' && letter.failure && (
        <p role="alert">{fill(words.failed, { reason: letter.failure.message })}</p>
      )}
      <h2>{words.campaigns}</h2>
      <ul>
        {writtenLangs(letter).map((lang) => {
          const state = letter.campaigns?.[lang];
          const values = {
            language: languageName(lang),
            id: state?.id ?? '',
            count: String(state?.recipients ?? 0),
          };
          const line = state?.empty
            ? words.campaignEmpty
            : state?.sent
              ? words.campaignSent
              : state?.id
                ? words.campaignPending
                : words.campaignNone;
          return <li key={lang}>{fill(line, values)}</li>;
        })}
      </ul>
      {letter.status === 'failed' && (
        <form method="post" action="/staff/api/letter-retry">
          <input type="hidden" name="id" value={letter.id} />
          <button className={styles.button} type="submit">
            {words.retry}
          </button>
        </form>
      )}
    </section>
  );
}

async function Previews({ letter }: { letter: Letter }) {
  const words = letterStaffText;
  const missing = missingLangs(letter);
  const rendered = await previews(letter);
  return (
    <section>
      <h2>{words.preview}</h2>
      {missing.map((lang) => (
        <p key={lang} role="note">
          {fill(words.missing, { language: languageName(lang), fallback: languageName(defaultLang) })}
        </p>
      ))}
      <p className={styles.meta}>{words.previewNote}</p>
      <div className={styles.previews}>
        {rendered.flatMap(({ lang, html }) =>
          [
            [PHONE, words.phone],
            [DESK, words.desk],
          ].map(([width, label]) => {
            const title = fill(String(label), { language: languageName(lang) });
            return (
              <figure key={`${lang}-${width}`}>
                <figcaption>{title}</figcaption>
                <iframe className={styles.preview} title={title} srcDoc={html} sandbox="" width={Number(width)} />
              </figure>
            );
          }),
        )}
      </div>
    </section>
  );
}
