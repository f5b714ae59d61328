// Who the staff are: their roles, their sessions and sign-in by a mailed link, the audit trail and the
// members of the team. The CMS, the request intake and the workspace (lib/staff) read them here.
export { auditEntry, operator, refusalReasons, type AuditAction, type RefusalReason } from './audit';
export {
  answerWaitingAsks,
  currentSession,
  endStaleSessions,
  LINK_MS,
  queueLinkMail,
  requestSignIn,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionCookie,
  sessionCookieName,
  signIn,
  signInLink,
  signOut,
  usableLinkEmail,
} from './auth';
export { assignable, isFirstAdmin, removeColleague, roleOf, setRole, team, type TeamChange } from './members';
export { contentSession } from './content-session';
export { homeOf, may, permissions, staffRoles, type Permission, type Staff, type StaffRole } from './roles';
export { formatWhen } from './time';
