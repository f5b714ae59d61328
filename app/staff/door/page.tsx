import { StaffFrame } from '@/components/staff/staff-frame';
import { requireStaff } from '@/lib/staff/http';
import { staffText } from '@/messages/staff';

// Where the door role starts, and where any role is sent back to with `?denied=1` when it asked for a
// page its role does not include.
export default async function DoorPage({ searchParams }: PageProps<'/staff/door'>) {
  const session = await requireStaff('check-in');
  const denied = (await searchParams).denied === '1';
  return (
    <StaffFrame session={session} denied={denied}>
      <h1>{staffText.door.title}</h1>
      <p>{staffText.door.text}</p>
    </StaffFrame>
  );
}
