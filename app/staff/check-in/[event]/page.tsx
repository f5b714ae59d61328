import { notFound } from 'next/navigation';

import { CheckInDesk } from '@/components/staff/check-in-desk';
import { StaffFrame } from '@/components/staff/staff-frame';
import { config } from '@/lib/config';
import { guestIdOfLink, guestList } from '@/lib/staff/check-in';
import { mayCheckInAt } from '@/lib/staff/door';
import { requireStaff } from '@/lib/staff/http';
import { staffCertificatesPath } from '@/lib/staff/paths';
import { fill } from '@/messages';
import { certificateStaffText } from '@/messages/certificates';
import { staffText } from '@/messages/staff';

// An event's check-in, made for a phone at the door (docs/staff.md, "Check-in"): the guests by name with
// their codes, one button each, and what is checked in against who registered. Without JavaScript the
// search is a GET and each button a POST answered with this page; with it, the desk
// (components/staff/check-in-desk.tsx) searches as one types, keeps check-ins made offline on the phone
// until the network returns, follows the other phones' check-ins and reads QR codes with the camera. A QR
// code's link opened by a phone's own camera app shows that guest here, with the button: opening a link
// changes nothing.
export default async function CheckInPage({ params, searchParams }: PageProps<'/staff/check-in/[event]'>) {
  const session = await requireStaff('check-in');
  const slug = decodedOrNotFound((await params).event);
  // A door member limited to other events finds no such page (issue 43).
  if (!(await mayCheckInAt(session, slug))) notFound();
  const list = await guestList(slug);
  if (!list) notFound();
  const { q, t, result, guest } = await searchParams;
  const words = staffText.checkIn;
  const linked = typeof t === 'string' ? guestIdOfLink(t) : null;
  const fromLink =
    linked && linked !== 'invalid' && linked !== 'expired' ? list.guests.find((g) => g.id === linked) : null;
  return (
    <StaffFrame session={session}>
      <h1>{fill(words.title, { event: list.title })}</h1>
      <p>
        <a href={staffCertificatesPath('user', slug)}>{certificateStaffText.link}</a>
      </p>
      <CheckInDesk
        me={session.email}
        event={slug}
        guests={list.guests}
        query={typeof q === 'string' ? q : ''}
        timeZone={config().staff.timeZone}
        words={words}
        flash={
          typeof result === 'string'
            ? { result, guest: list.guests.find((g) => g.id === guest) ?? null }
            : linked === 'invalid' || linked === 'expired'
              ? { result: linked, guest: null }
              : typeof t === 'string' && !fromLink
                ? { result: 'unknown', guest: null }
                : null
        }
        fromLink={fromLink && typeof t === 'string' ? { guest: fromLink, token: t } : null}
      />
    </StaffFrame>
  );
}

// A malformed escape (/staff/check-in/%25) is no event, not a server error.
function decodedOrNotFound(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    notFound();
  }
}
