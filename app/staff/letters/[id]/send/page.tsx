import Link from 'next/link';
import { notFound } from 'next/navigation';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { defaultLang } from '@/lib/i18n';
import { letterById, review } from '@/lib/letters';
import { requireStaff } from '@/lib/staff/http';
import { languageName } from '@/lib/staff/present';
import { fill } from '@/messages';
import { letterStaffText } from '@/messages/letters';

// The confirmation step before sending: how many people it goes to now, and which languages would get
// the default language's version. Only its button starts the send.
export default async function SendLetterPage({ params }: PageProps<'/staff/letters/[id]/send'>) {
  const session = await requireStaff('letters');
  const words = letterStaffText;
  const letter = await letterById((await params).id);
  if (!letter) notFound();
  const checked = await review(letter);
  const { count, missing } = checked;
  const subject = letter.versions[defaultLang]?.subject ?? letter.slug;
  return (
    <StaffFrame session={session}>
      <p>
        <Link href={`/staff/letters/${letter.id}`}>{words.back}</Link>
      </p>
      <h1>{fill(words.confirmTitle, { subject })}</h1>
      {checked.delivery === 'outbox' && (
        <p>
          <strong>{fill(words.recipients, { count: String(count) })}</strong>
        </p>
      )}
      {checked.delivery === 'unconfigured' && <p role="alert">{words.mailchimpUnconfigured}</p>}
      {checked.audience &&
        (checked.audience.ok ? (
          <p>
            <strong>
              {fill(words.viaMailchimp, { audience: checked.audience.counts.name, count: String(count) })}
            </strong>
          </p>
        ) : (
          <p role="alert">{fill(words.mailchimpUnreachable, { reason: checked.audience.reason })}</p>
        ))}
      {missing.map((lang) => (
        <p key={lang} role="note">
          {fill(words.missing, { language: languageName(lang), fallback: languageName(defaultLang) })}
        </p>
      ))}
      {letter.status !== 'draft' ? (
        <p>{words.already}</p>
      ) : checked.delivery === 'unconfigured' ? null : count === 0 ? (
        <p>{words.empty}</p>
      ) : (
        <form method="post" action="/staff/api/letter-send">
          <input type="hidden" name="id" value={letter.id} />
          <input type="hidden" name="confirm" value="yes" />
          <button className={styles.button} type="submit">
            {words.confirm}
          </button>
        </form>
      )}
    </StaffFrame>
  );
}
