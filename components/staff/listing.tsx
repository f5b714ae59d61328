import Link from 'next/link';

import { staffText } from '@/messages/staff';

import styles from './staff.module.css';

// The search field of the workspace's lists (inbox, subscribers), with what it matches.
export function SearchField({ label, value }: { label: string; value?: string }) {
  return (
    <label className={styles.search}>
      {label}
      <input type="search" name="q" defaultValue={value} maxLength={200} aria-describedby="search-hint" />
      <span id="search-hint" className={styles.meta}>
        {staffText.inbox.searchHint}
      </span>
    </label>
  );
}

// Links to a list's first page (when on a later one) and to the next, keeping the filters in `query`.
export function Pager(props: {
  path: string;
  query: Record<string, string>;
  after: string | undefined;
  next: string | null;
  newest: string;
  older: string;
}) {
  const first = new URLSearchParams(props.query).toString();
  return (
    <p>
      {props.after && <Link href={first ? `${props.path}?${first}` : props.path}>{props.newest}</Link>}{' '}
      {props.next && (
        <Link href={`${props.path}?${new URLSearchParams({ ...props.query, after: props.next })}`}>{props.older}</Link>
      )}
    </p>
  );
}
