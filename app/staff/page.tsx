import Link from 'next/link';

import { ContentAttention } from '@/components/staff/content-attention';
import { Pager, SearchField } from '@/components/staff/listing';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { langs, toLang } from '@/lib/i18n';
import { readForgottenFlash } from '@/lib/staff/actions';
import { requireStaff } from '@/lib/staff/http';
import { filtersOf, inboxHref, inboxPage, newCounts } from '@/lib/staff/inbox';
import { staffItemPath, staffSubmissionPath } from '@/lib/staff/paths';
import { paymentLine, paymentOf } from '@/lib/staff/payments';
import { formName, isBotFlagged, itemNames, languageName, personName } from '@/lib/staff/present';
import { collections, parseItem, paymentStatuses, submissionStatuses } from '@/lib/storage';
import { assignable, formatWhen, may } from '@/lib/team';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The inbox: the triage queue, newest first, filtered by a plain GET form, with the records ticked in
// it changed together by a second form (no JavaScript needed for either).
export default async function InboxPage({ searchParams }: PageProps<'/staff'>) {
  const session = await requireStaff('inbox');
  const words = staffText.inbox;
  const raw = await searchParams;
  const filters = filtersOf(raw);
  const [{ rows, next }, counts, colleagues, items] = await Promise.all([
    inboxPage(filters, session.email),
    newCounts(),
    assignable(),
    itemNames(),
  ]);
  const { after, ...firstPage } = filters;
  const back = new URLSearchParams(firstPage).toString();
  const item = parseItem(filters.item);
  // An item past the filters' window stays chosen when its list is asked for by address.
  const itemChoices =
    item && filters.item && !items.choices.some((choice) => choice.key === filters.item)
      ? [...items.choices, { key: filters.item, label: items.label(filters.item) }]
      : items.choices;
  const changed = typeof raw.changed === 'string' && /^\d{1,3}$/.test(raw.changed) ? raw.changed : null;
  const forgotten = readForgottenFlash(raw.forgotten, session);

  return (
    <StaffFrame session={session} denied={raw.denied === '1'}>
      <h1>{words.title}</h1>
      {may(session, 'content') && <ContentAttention />}
      {changed !== null && <p role="status">{fill(words.changed, { count: changed })}</p>}
      {forgotten && (
        <p role="status">
          {fill(staffText.record.forgotten, {
            records: String(forgotten.records),
            messages: String(forgotten.mails),
          })}
        </p>
      )}
      <p className={styles.counts}>
        {words.newCounts}:{' '}
        {collections.map((c, i) => (
          <span key={c}>
            {i > 0 && ' · '}
            <Link href={inboxHref({ form: c, status: 'new' })}>
              {formName(c)} {counts[c]}
            </Link>
          </span>
        ))}
      </p>
      <form method="get" action="/staff" className={styles.filters} aria-label={words.filters}>
        <Choice name="form" label={words.form} value={filters.form}>
          {collections.map((c) => (
            <option key={c} value={c}>
              {formName(c)}
            </option>
          ))}
        </Choice>
        <Choice name="item" label={words.item} value={filters.item}>
          {itemChoices.map((choice) => (
            <option key={choice.key} value={choice.key}>
              {choice.label}
            </option>
          ))}
        </Choice>
        <Choice name="status" label={words.status} value={filters.status}>
          {submissionStatuses.map((s) => (
            <option key={s} value={s}>
              {staffText.statuses[s]}
            </option>
          ))}
        </Choice>
        <Choice name="who" label={words.who} value={filters.who}>
          <option value="mine">{words.mine}</option>
          <option value="unassigned">{words.unassigned}</option>
        </Choice>
        <Choice name="pay" label={staffText.payments.filter} value={filters.pay}>
          {paymentStatuses.map((p) => (
            <option key={p} value={p}>
              {staffText.payments.states[p]}
            </option>
          ))}
        </Choice>
        <Choice name="lang" label={words.language} value={filters.lang}>
          {langs.map((l) => (
            <option key={l} value={l}>
              {languageName(l)}
            </option>
          ))}
        </Choice>
        <label>
          {words.from}
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label>
          {words.to}
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <SearchField label={words.search} value={filters.q} />
        <button className={styles.button} type="submit">
          {words.apply}
        </button>
      </form>
      <p className={styles.meta}>{words.triage}</p>

      {item && (
        <p>
          <Link href={staffItemPath(item.collection, item.value)}>{staffText.item.open}</Link>
        </p>
      )}
      <p className={styles.meta}>{fill(words.count, { count: String(rows.length) })}</p>
      {rows.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <form method="post" action="/staff/api/bulk">
          <input type="hidden" name="back" value={back} />
          <ul className={styles.list} aria-label={words.list}>
            {rows.map((row) => {
              const status = (row.data.staffStatus as 'handled' | 'spam' | undefined) ?? 'new';
              const item = items.title(row.collection, row.data);
              const name = personName(row.data);
              const assignee = typeof row.data.assignedTo === 'string' ? row.data.assignedTo : '';
              const payment = paymentOf(row.data);
              return (
                <li key={row.id} className={styles.row}>
                  <input
                    type="checkbox"
                    name="records"
                    value={`${row.collection}:${row.id}`}
                    aria-label={fill(words.select, { name })}
                  />
                  <div>
                    <Link
                      href={`${staffSubmissionPath(row.collection, row.id)}${back ? `?${new URLSearchParams({ back })}` : ''}`}
                    >
                      {name} · {formName(row.collection)}
                      {item && ` · ${item}`}
                    </Link>
                    {typeof row.data.message === 'string' && (
                      <span className={styles.excerpt}>{firstLine(row.data.message)}</span>
                    )}
                    <span className={styles.meta}>
                      {formatWhen(row.data.date)} · {languageName(toLang(row.data.lang))} · {staffText.statuses[status]}
                      {payment && ` · ${paymentLine(row.data, payment)}`}
                      {assignee && ` · ${assignee}`}
                      {isBotFlagged(row.data) && <span className={styles.flag}> · {words.botFlag}</span>}
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
          <fieldset className={styles.bulk}>
            <legend>{words.bulk}</legend>
            <button className={styles.secondary} type="submit" name="action" value="handled">
              {words.bulkHandled}
            </button>
            <button className={styles.secondary} type="submit" name="action" value="spam">
              {words.bulkSpam}
            </button>
            <label className={styles.inline}>
              {words.bulkAssign}
              <select name="assignee" defaultValue="me">
                <option value="me">{words.mine}</option>
                <option value="">{words.unassigned}</option>
                {colleagues
                  .filter((c) => c !== session.email)
                  .map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
              </select>
            </label>
            <button className={styles.secondary} type="submit" name="action" value="assign">
              {words.bulkApply}
            </button>
          </fieldset>
        </form>
      )}
      <Pager path="/staff" query={firstPage} after={after} next={next} newest={words.newest} older={words.older} />
    </StaffFrame>
  );
}

// A message's first line, cut for a row.
function firstLine(message: string): string {
  const line = message.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

function Choice(props: { name: string; label: string; value?: string; children: React.ReactNode }) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ''}>
        <option value="">{staffText.inbox.any}</option>
        {props.children}
      </select>
    </label>
  );
}
