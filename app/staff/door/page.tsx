import Link from 'next/link';

import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { checkInEvents } from '@/lib/staff/check-in';
import { requireStaff } from '@/lib/staff/http';
import { staffCheckInPath } from '@/lib/staff/paths';
import { staffText } from '@/messages/staff';

// Where the door role starts, and where any role is sent back to with `?denied=1` when it asked for a
// page its role does not include: the events whose guests it checks in.
export default async function DoorPage({ searchParams }: PageProps<'/staff/door'>) {
  const session = await requireStaff('check-in');
  const denied = (await searchParams).denied === '1';
  return (
    <StaffFrame session={session} denied={denied}>
      <h1>{staffText.door.title}</h1>
      <p>{staffText.door.text}</p>
      <ul className={styles.list}>
        {(await checkInEvents()).map((event) => (
          <li key={event.slug}>
            <Link href={staffCheckInPath(event.slug)}>{event.title}</Link>
          </li>
        ))}
      </ul>
    </StaffFrame>
  );
}
