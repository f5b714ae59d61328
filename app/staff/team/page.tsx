import { StaffFrame } from '@/components/staff/staff-frame';
import styles from '@/components/staff/staff.module.css';
import { checkInEvents } from '@/lib/staff/check-in';
import type { DoorLimitChange } from '@/lib/staff/door';
import { requireStaff } from '@/lib/staff/http';
import { formatWhen, staffRoles, team, type TeamChange } from '@/lib/team';
import { fill } from '@/messages';
import { staffText } from '@/messages/staff';

const outcomes: readonly (TeamChange | DoorLimitChange)[] = [
  'added',
  'changed',
  'removed',
  'invalid',
  'first-admin',
  'limited',
  'unlimited',
];

// The team, for admins: who may sign in with which role; add a colleague, change a role, remove someone.
export default async function TeamPage({ searchParams }: PageProps<'/staff/team'>) {
  const session = await requireStaff('team');
  const words = staffText.team;
  const done = (await searchParams).done;
  const outcome = outcomes.find((o) => o === done);
  const [members, events] = await Promise.all([team(), checkInEvents()]);
  return (
    <StaffFrame session={session}>
      <h1>{words.title}</h1>
      <p>{words.intro}</p>
      {outcome && <p role="status">{words[outcome]}</p>}
      <ul className={styles.roles}>
        {staffRoles.map((role) => (
          <li key={role}>
            <strong>{staffText.roles[role]}</strong>: {staffText.roleScopes[role]}
          </li>
        ))}
      </ul>
      <ul className={styles.list} aria-label={words.title}>
        {members.map((member) => (
          <li key={member.email}>
            <strong className={styles.address}>{member.email}</strong>
            {member.firstAdmin ? (
              <span className={styles.meta}>{words.firstAdmin}</span>
            ) : (
              <>
                <span className={styles.meta}>
                  {fill(words.addedBy, { who: member.addedBy, when: formatWhen(member.addedAt) })}
                </span>
                <div className={styles.actions}>
                  <form method="post" action="/staff/api/team-set" className={styles.inline}>
                    <input type="hidden" name="email" value={member.email} />
                    <RoleChoice value={member.role} label={words.role} />
                    <button className={styles.secondary} type="submit">
                      {words.change}
                    </button>
                  </form>
                  <form method="post" action="/staff/api/team-remove">
                    <input type="hidden" name="email" value={member.email} />
                    <button
                      className={styles.secondary}
                      type="submit"
                      aria-label={fill(words.removeWho, { email: member.email })}
                    >
                      {words.remove}
                    </button>
                  </form>
                </div>
                {member.role === 'door' && <DoorLimits email={member.email} chosen={member.events} events={events} />}
              </>
            )}
          </li>
        ))}
      </ul>
      <h2>{words.add}</h2>
      <form method="post" action="/staff/api/team-set" className={styles.stack}>
        <label>
          {words.email}
          <input name="email" type="email" required autoComplete="off" maxLength={320} />
        </label>
        <RoleChoice value="staff" label={words.role} />
        <button className={styles.button} type="submit">
          {words.addButton}
        </button>
      </form>
    </StaffFrame>
  );
}

function RoleChoice({ value, label }: { value: string; label: string }) {
  return (
    <label>
      <span className={styles.hint}>{label}</span>
      <select name="role" defaultValue={value}>
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {staffText.roles[role]}
          </option>
        ))}
      </select>
    </label>
  );
}

// An admin limits a door member to chosen events; none ticked, every event (lib/staff/door.ts).
function DoorLimits({
  email,
  chosen,
  events,
}: {
  email: string;
  chosen: string[] | undefined;
  events: { slug: string; title: string }[];
}) {
  const words = staffText.team;
  return (
    <form method="post" action="/staff/api/team-door-events" className={styles.stack}>
      <input type="hidden" name="email" value={email} />
      <fieldset>
        <legend>{words.events}</legend>
        <p className={styles.hint}>{words.eventsHint}</p>
        {events.map((event) => (
          <label key={event.slug}>
            <input type="checkbox" name="events" value={event.slug} defaultChecked={chosen?.includes(event.slug)} />{' '}
            {event.title}
          </label>
        ))}
      </fieldset>
      <button className={styles.secondary} type="submit">
        {words.saveEvents}
      </button>
    </form>
  );
}
