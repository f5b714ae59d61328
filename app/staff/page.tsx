import Link from 'next/link';

import { Pager, SearchField } from '@/components/staff/listing';
import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { langs, toLang } from '@/lib/i18n';
import { readForgottenFlash } from '@/lib/staff/actions';
import { requireStaff } from '@/lib/staff/http';
import { filterNames, inboxPage, type InboxFilters } from '@/lib/staff/inbox';
import {
  formatWhen,
  formName,
  isBotFlagged,
  itemChoices,
  itemTitle,
  languageName,
  parseItem,
  personName,
} from '@/lib/staff/present';
import { collections, submissionStatuses } from '@/lib/storage/types';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The inbox: every submission, newest first, filtered by a plain GET form (no JavaScript needed).
export default async function InboxPage({ searchParams }: PageProps<'/staff'>) {
  const session = await requireStaff();
  const words = staffText.inbox;
  const raw = await searchParams;
  const filters: InboxFilters = Object.fromEntries(
    Object.entries(raw).filter(
      (entry): entry is [string, string] =>
        filterNames.includes(entry[0]) && typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  const { rows, next } = await inboxPage(filters);
  const { after, ...firstPage } = filters;
  const item = parseItem(filters.item);
  const forgotten = readForgottenFlash(raw.forgotten, session);

  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      {forgotten && (
        <p role="status">
          {fill(staffText.record.forgotten, {
            records: String(forgotten.records),
            messages: String(forgotten.mails),
          })}
        </p>
      )}
      <form method="get" action="/staff" className={styles.filters} aria-label={words.filters}>
        <Choice name="form" label={words.form} value={filters.form}>
          {collections.map((c) => (
            <option key={c} value={c}>
              {formName(c)}
            </option>
          ))}
        </Choice>
        <Choice name="item" label={words.item} value={filters.item}>
          {itemChoices().map((choice) => (
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

      {item && (
        <p>
          <Link href={`/staff/items/${item.collection}/${encodeURIComponent(item.value)}`}>{staffText.item.open}</Link>
        </p>
      )}
      <p className={styles.meta}>{fill(words.count, { count: String(rows.length) })}</p>
      {rows.length === 0 ? (
        <p>{words.none}</p>
      ) : (
        <ul className={styles.list}>
          {rows.map((row) => {
            const status = (row.data.staffStatus as 'handled' | 'spam' | undefined) ?? 'new';
            const item = itemTitle(row.collection, row.data);
            return (
              <li key={row.id}>
                <Link href={`/staff/submissions/${row.collection}/${row.id}`}>
                  {personName(row.data)} · {formName(row.collection)}
                  {item && ` · ${item}`}
                </Link>
                <span className={styles.meta}>
                  {formatWhen(row.data.date)} · {languageName(toLang(row.data.lang))} · {staffText.statuses[status]}
                  {isBotFlagged(row.data) && <span className={styles.flag}> · {words.botFlag}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Pager path="/staff" query={firstPage} after={after} next={next} newest={words.newest} older={words.older} />
    </StaffFrame>
  );
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
