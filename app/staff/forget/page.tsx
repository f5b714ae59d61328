import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { requireStaff } from '@/lib/staff/http';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

// The confirmation step before forgetting someone: nothing is removed until the button is pressed.
export default async function ForgetPage({ searchParams }: PageProps<'/staff/forget'>) {
  const session = await requireStaff();
  const { email } = await searchParams;
  const address = typeof email === 'string' ? email.slice(0, 320) : '';
  const words = staffText.record;
  return (
    <StaffFrame session={session}>
      <h1>{fill(words.forgetTitle, { email: address })}</h1>
      <p>{words.forgetText}</p>
      <form method="post" action="/staff/api/forget">
        <input type="hidden" name="email" value={address} />
        <input type="hidden" name="confirm" value="yes" />
        <button className={styles.button} type="submit">
          {words.forgetButton}
        </button>
      </form>
    </StaffFrame>
  );
}
