import Link from 'next/link';
import { notFound } from 'next/navigation';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { requireStaff } from '@/lib/staff/http';
import {
  choiceLabel,
  formatWhen,
  formName,
  isBotFlagged,
  itemTitle,
  languageName,
  mailtoHref,
  personName,
} from '@/lib/staff/present';
import { getStore } from '@/lib/storage';
import { isCollection, type RecordData } from '@/lib/storage/types';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The workspace's own fields, shown as actions and history rather than as what the person sent.
const staffFields = new Set(['staffStatus', 'statusBy', 'statusAt', 'staffNote', 'notedBy', 'notedAt', 'botCheck']);

// One submission: every field, the mails about it, and what staff can do with it.
export default async function SubmissionPage({ params }: PageProps<'/staff/submissions/[collection]/[id]'>) {
  const session = await requireStaff();
  const { collection, id } = await params;
  if (!isCollection(collection)) notFound();
  const store = getStore();
  const record = await store.getRecord(collection, id);
  if (!record) notFound();
  const mails = await store.mailsAbout(id);
  const words = staffText.record;
  const data = record.data;
  const status = (data.staffStatus as 'handled' | 'spam' | null | undefined) ?? 'new';
  const email = typeof data.email === 'string' ? data.email : '';
  const subject = fill(words.replySubject, { form: formName(collection).toLowerCase() });

  return (
    <StaffFrame session={session}>
      <p>
        <Link href="/staff">{words.back}</Link>
      </p>
      <h1>
        {personName(data)} · {formName(collection)}
      </h1>
      <p className={styles.meta}>
        {itemTitle(collection, data)} {formatWhen(data.date)} · {staffText.statuses[status]}
        {isBotFlagged(data) && <span className={styles.flag}> · {staffText.inbox.botFlag}</span>}
      </p>
      {data.statusBy && (
        <p className={styles.meta}>
          {fill(words.handledBy, { who: String(data.statusBy), when: formatWhen(data.statusAt) })}
        </p>
      )}

      <div className={styles.actions}>
        <Action collection={collection} id={id} action={status === 'handled' ? 'reopen' : 'handled'}>
          {status === 'handled' ? words.reopen : words.markHandled}
        </Action>
        <Action collection={collection} id={id} action={status === 'spam' ? 'not-spam' : 'spam'}>
          {status === 'spam' ? words.notSpam : words.markSpam}
        </Action>
        {email && (
          <a className={styles.secondary} href={mailtoHref(email, subject)}>
            {words.reply}
          </a>
        )}
      </div>

      <h2>{words.fields}</h2>
      <dl className={styles.fields}>
        {Object.entries(data)
          .filter(([name]) => !staffFields.has(name))
          .map(([name, value]) => (
            <Field key={name} name={name} value={value} collection={collection} data={data} />
          ))}
      </dl>

      <h2>{words.mails}</h2>
      {mails.length === 0 ? (
        <p>{words.noMails}</p>
      ) : (
        <ul className={styles.list}>
          {mails.map((m) => (
            <li key={m.id}>
              {m.subject}
              <span className={styles.meta}>
                {m.to} · {words.mailStates[m.status]}
              </span>
            </li>
          ))}
        </ul>
      )}

      <form method="post" action="/staff/api/record" className={styles.stack}>
        <input type="hidden" name="collection" value={collection} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="action" value="note" />
        <label>
          {words.note}
          <textarea name="note" rows={4} maxLength={4000} defaultValue={String(data.staffNote ?? '')} />
        </label>
        <button className={styles.secondary} type="submit">
          {words.saveNote}
        </button>
      </form>

      {email && (
        <p>
          <Link href={`/staff/forget/${collection}/${encodeURIComponent(id)}`}>{words.forget}</Link>
        </p>
      )}
    </StaffFrame>
  );
}

function Field({
  name,
  value,
  collection,
  data,
}: {
  name: string;
  value: unknown;
  collection: string;
  data: RecordData;
}) {
  const label = staffText.fieldNames[name] ?? name;
  let shown = String(value ?? '');
  if (name === 'date') shown = formatWhen(value);
  else if (name === 'lang' && languageName(value)) shown = languageName(value);
  else if ((name === 'event' || name === 'offer') && isCollection(collection)) shown = itemTitle(collection, data);
  else shown = choiceLabel(name, value) ?? shown;
  return (
    <>
      <dt>{label}</dt>
      <dd>{shown}</dd>
    </>
  );
}

function Action(props: { collection: string; id: string; action: string; children: React.ReactNode }) {
  return (
    <form method="post" action="/staff/api/record">
      <input type="hidden" name="collection" value={props.collection} />
      <input type="hidden" name="id" value={props.id} />
      <input type="hidden" name="action" value={props.action} />
      <button className={styles.button} type="submit">
        {props.children}
      </button>
    </form>
  );
}
