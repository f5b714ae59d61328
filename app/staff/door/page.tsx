import Link from 'next/link';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { doorEvents, type DoorEvent } from '@/lib/staff/door';
import { requireStaff } from '@/lib/staff/http';
import { staffCheckInPath } from '@/lib/staff/paths';
import { staffText } from '@/messages/staff';

// Where the door role starts, and where any role is sent back to with `?denied=1` when it asked for a
// page its role does not include: the events whose guests it checks in, today's first, then the coming
// ones; the earlier ones behind a link (`?earlier=1`). A door member limited to chosen events sees those.
export default async function DoorPage({ searchParams }: PageProps<'/staff/door'>) {
  const session = await requireStaff('check-in');
  const query = await searchParams;
  const denied = query.denied === '1';
  const showEarlier = query.earlier === '1';
  const words = staffText.door;
  const events = await doorEvents(session);
  return (
    <StaffFrame session={session} denied={denied}>
      <h1>{words.title}</h1>
      <p>{words.text}</p>
      {showEarlier ? (
        <>
          <Events title={words.earlier} events={events.earlier} />
          <p>
            <Link href="/staff/door">{words.hideEarlier}</Link>
          </p>
        </>
      ) : (
        <>
          <Events title={words.today} events={events.today} />
          <Events title={words.coming} events={events.coming} />
          {events.earlier.length > 0 && (
            <p>
              <Link href="/staff/door?earlier=1">{words.showEarlier}</Link>
            </p>
          )}
        </>
      )}
    </StaffFrame>
  );
}

function Events({ title, events }: { title: string; events: DoorEvent[] }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {events.length === 0 ? (
        <p className={styles.meta}>{staffText.door.none}</p>
      ) : (
        <ul className={styles.list}>
          {events.map((event) => (
            <li key={event.slug}>
              <Link href={staffCheckInPath(event.slug)}>{event.title}</Link>{' '}
              <span className={styles.meta}>
                {event.startDate === event.endDate ? event.startDate : `${event.startDate} – ${event.endDate}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
