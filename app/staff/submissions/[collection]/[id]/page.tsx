import Link from 'next/link';
import { notFound } from 'next/navigation';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { PAYMENT_CURRENCIES } from '@/lib/constants';
import { toLang } from '@/lib/i18n';
import { NOTE_MAX, replyMailbox, replyTemplate } from '@/lib/staff/actions';
import { requireStaff } from '@/lib/staff/http';
import { filtersOf, inboxHref } from '@/lib/staff/inbox';
import { staffForgetPath, staffSubmissionPath } from '@/lib/staff/paths';
import { paymentView } from '@/lib/staff/payments';
import { choiceLabel, formName, isBotFlagged, itemNames, languageName, personName } from '@/lib/staff/present';
import { submissionWithMails } from '@/lib/staff/queries';
import { isCollection, isRecordId, paymentFields, type RecordData } from '@/lib/storage';
import { assignable, formatWhen, may } from '@/lib/team';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The workspace's own fields, shown as actions and history rather than as what the person sent.
const staffFields = new Set([
  'staffStatus',
  'statusBy',
  'statusAt',
  'staffNote',
  'notedBy',
  'notedAt',
  'botCheck',
  'assignedTo',
  'assignedBy',
  'assignedAt',
  // A duplicate merged into another record (lib/staff/duplicates.ts): a link to it; and when a pay link
  // went again to someone who registered twice.
  'mergedInto',
  'payLinkMailedAt',
  // Shown in the payment's own section.
  ...paymentFields,
]);

// One submission: every field, the mails about it, its thread of notes and replies, and what staff can
// do with it. `back` is the inbox's query the staff member came from: going back, or on to the next
// record, keeps its filters.
export default async function SubmissionPage({
  params,
  searchParams,
}: PageProps<'/staff/submissions/[collection]/[id]'>) {
  const session = await requireStaff('inbox');
  const { collection, id } = await params;
  if (!isCollection(collection)) notFound();
  const [found, colleagues, items] = await Promise.all([
    submissionWithMails(collection, id),
    assignable(),
    itemNames(),
  ]);
  if (!found) notFound();
  const { record, mails, thread } = found;
  const query = await searchParams;
  const rawBack = query.back;
  const outcome = staffText.payments.outcomes[query.payment as keyof typeof staffText.payments.outcomes];
  const back = new URLSearchParams(
    filtersOf(new URLSearchParams(typeof rawBack === 'string' ? rawBack : '')),
  ).toString();
  const words = staffText.record;
  const data = record.data;
  const status = (data.staffStatus as 'handled' | 'spam' | null | undefined) ?? 'new';
  const email = typeof data.email === 'string' ? data.email : '';
  const assignee = typeof data.assignedTo === 'string' ? data.assignedTo : '';
  const template = replyTemplate(data);
  const mailState = new Map(mails.map((m) => [m.id, m.status]));
  const hidden = (
    <>
      <input type="hidden" name="collection" value={collection} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
    </>
  );

  return (
    <StaffFrame session={session}>
      <p>
        <Link href={inboxHref(filtersOf(new URLSearchParams(back)))}>{words.back}</Link>
      </p>
      <h1>
        {personName(data)} · {formName(collection)}
      </h1>
      <p className={styles.meta}>
        {items.title(collection, data)} {formatWhen(data.date)} · {staffText.statuses[status]}
        {isBotFlagged(data) && <span className={styles.flag}> · {staffText.inbox.botFlag}</span>}
      </p>
      {data.statusBy && (
        <p className={styles.meta}>
          {fill(words.handledBy, { who: String(data.statusBy), when: formatWhen(data.statusAt) })}
        </p>
      )}
      {typeof data.mergedInto === 'string' && isRecordId(data.mergedInto) && (
        <p className={styles.meta}>
          <Link href={staffSubmissionPath(collection, data.mergedInto)}>{staffText.item.mergedInto}</Link>
        </p>
      )}

      <div className={styles.actions}>
        <StatusButtons hidden={hidden} action={status === 'handled' ? 'reopen' : 'handled'}>
          {status === 'handled' ? words.reopen : words.markHandled}
        </StatusButtons>
        <StatusButtons hidden={hidden} action={status === 'spam' ? 'not-spam' : 'spam'}>
          {status === 'spam' ? words.notSpam : words.markSpam}
        </StatusButtons>
      </div>

      <form method="post" action="/staff/api/assign" className={styles.inline}>
        {hidden}
        <label>
          {words.assignedTo}
          <select name="assignee" defaultValue={assignee}>
            <option value="">{words.nobody}</option>
            {[...new Set([...colleagues, ...(assignee ? [assignee] : [])])].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <button className={styles.secondary} type="submit">
          {words.assign}
        </button>
      </form>

      <PaymentSection
        collection={collection}
        data={data}
        hidden={hidden}
        canChange={may(session, 'payments')}
        outcome={outcome}
      />

      <h2>{words.fields}</h2>
      <dl className={styles.fields}>
        {Object.entries(data)
          .filter(([name]) => !staffFields.has(name))
          .map(([name, value]) => (
            <Field
              key={name}
              name={name}
              value={value}
              item={items.title(collection, data)}
              ticket={items.ticket?.(data) ?? ''}
            />
          ))}
      </dl>

      <h2>{words.thread}</h2>
      {thread.length === 0 ? (
        <p>{words.noThread}</p>
      ) : (
        <ol className={styles.list}>
          {thread.map((entry) => (
            <li key={entry.id}>
              <span className={styles.meta}>
                {fill(entry.kind === 'reply' ? words.replyBy : words.noteBy, {
                  who: entry.by,
                  when: formatWhen(entry.at),
                })}
                {entry.mailId && mailState.has(entry.mailId) && ` · ${words.mailStates[mailState.get(entry.mailId)!]}`}
              </span>
              <p className={styles.note}>{entry.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" action="/staff/api/note" className={styles.stack}>
        {hidden}
        <label>
          {words.note}
          <textarea name="note" rows={3} maxLength={NOTE_MAX} required />
        </label>
        <button className={styles.secondary} type="submit">
          {words.saveNote}
        </button>
      </form>

      {email && (
        <form method="post" action="/staff/api/reply" className={styles.stack}>
          <h3>{words.reply}</h3>
          <p className={styles.meta}>
            {fill(words.replyIntro, { language: languageName(toLang(data.lang)), mailbox: replyMailbox() })}
          </p>
          {hidden}
          <label>
            {words.replySubject}
            <input name="subject" defaultValue={template.subject} maxLength={200} required />
          </label>
          <label>
            {words.replyBody}
            <textarea name="body" rows={8} maxLength={NOTE_MAX} defaultValue={template.body} required />
          </label>
          <button className={styles.button} type="submit">
            {words.replySend}
          </button>
        </form>
      )}

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

      {email && (
        <p>
          <Link href={staffForgetPath(collection, id)}>{words.forget}</Link>
        </p>
      )}
    </StaffFrame>
  );
}

// A status change, alone or followed by the next record of the inbox as filtered.
function StatusButtons({ hidden, action, children }: { hidden: React.ReactNode; action: string; children: string }) {
  return (
    <form method="post" action="/staff/api/record" className={styles.inline}>
      {hidden}
      <input type="hidden" name="action" value={action} />
      <button className={styles.button} type="submit">
        {children}
      </button>
      <button className={styles.secondary} type="submit" name="next" value="1">
        {children} {staffText.record.next}
      </button>
    </form>
  );
}

function Field({
  name,
  value,
  item,
  ticket,
}: {
  name: string;
  value: unknown;
  // The title of the record's course, event or offer, and a paid event's ticket kind by its name.
  item: string;
  ticket: string;
}) {
  const label = staffText.fieldNames[name] ?? name;
  let shown = String(value ?? '');
  if (name === 'date') shown = formatWhen(value);
  else if (name === 'lang' && languageName(value)) shown = languageName(value);
  else if (name === 'event' || name === 'offer') shown = item;
  else if (name === 'ticket') shown = ticket;
  else shown = choiceLabel(name, value) ?? shown;
  return (
    <>
      <dt>{label}</dt>
      <dd>{shown}</dd>
    </>
  );
}

// The payment of a course's fee or an offer's price (docs/staff.md, "Payments"): its state, and for
// staff whose role allows it, marking a cash or bank payment by hand, or a refund.
async function PaymentSection({
  collection,
  data,
  hidden,
  canChange,
  outcome,
}: {
  collection: Parameters<typeof paymentView>[0];
  data: RecordData;
  hidden: React.ReactNode;
  canChange: boolean;
  outcome: string | undefined;
}) {
  const view = await paymentView(collection, data);
  if (!view) return null;
  const words = staffText.payments;
  const text = (value: unknown) => String(value ?? '');
  const reference = text(data.payReference);
  const method = text(data.payMethod);
  return (
    <section aria-labelledby="payment">
      <h2 id="payment">
        {words.title}: {words.states[view.state]}
      </h2>
      {outcome && <p role="status">{outcome}</p>}
      <p className={styles.meta}>
        {view.state === 'unpaid'
          ? fill(words.due, { amount: view.due, reference })
          : fill(words.paid, { amount: view.due, when: formatWhen(data.paidAt), reference })}
      </p>
      {view.state !== 'unpaid' && (
        <p className={styles.meta}>
          {method === 'hand'
            ? fill(words.byHand, { who: text(data.paidBy), note: text(data.payNote) })
            : fill(words.through, { provider: words.methods[method] ?? method, channel: text(data.payChannel) })}
        </p>
      )}
      {view.state === 'refunded' && (
        <p className={styles.meta}>
          {fill(words.refunded, {
            who: text(data.refundedBy),
            when: formatWhen(data.refundedAt),
            note: text(data.refundNote),
          })}
        </p>
      )}
      {typeof data.payRemindedAt === 'number' && (
        <p className={styles.meta}>{fill(words.reminded, { when: formatWhen(data.payRemindedAt) })}</p>
      )}
      {canChange && view.state === 'unpaid' && (
        <form method="post" action="/staff/api/pay-mark" className={styles.stack}>
          <h3>{words.markTitle}</h3>
          {hidden}
          <label>
            {words.amount}
            <input name="amount" inputMode="decimal" defaultValue={view.formAmount} required maxLength={13} />
          </label>
          <label>
            {words.currency}
            <select name="currency" defaultValue={view.currency}>
              {PAYMENT_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          </label>
          <label>
            {words.note}
            <input name="note" maxLength={NOTE_MAX} />
          </label>
          <button className={styles.button} type="submit">
            {words.mark}
          </button>
        </form>
      )}
      {canChange && view.state === 'paid' && (
        <form method="post" action="/staff/api/pay-refund" className={styles.stack}>
          <h3>{words.refundTitle}</h3>
          {hidden}
          <label>
            {words.refundNote}
            <input name="note" maxLength={NOTE_MAX} />
          </label>
          <button className={styles.secondary} type="submit">
            {words.refund}
          </button>
        </form>
      )}
    </section>
  );
}
