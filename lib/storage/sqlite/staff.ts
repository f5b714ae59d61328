import { readAudit, type AuditEntry, type AuditQuery, type ListedAudit } from '../audit';
import { subscriberKey } from '../rules';
import type { Collection, StaffSession, StaffStore, TeamMember } from '../types';
import type { Db } from './schema';
import type { SharedWriters } from './shared';

type AuditRow = Omit<AuditEntry, 'record'> & { collection: Collection | null; id: string | null };
const auditColumns = 'at, who, what, detail, record_collection AS collection, record_id AS id';
const readRow = ({ collection, id, ...entry }: AuditRow) =>
  readAudit({ ...entry, record: collection && id ? { collection, id } : null });

// One page of a trail: every filter is an equality on an index of (trail, [what or who,] at), read
// backwards, so SQLite reads the page along it and checks the other filter on the way.
function auditPageSql(query: AuditQuery): { sql: string; params: Record<string, string | number> } {
  const where = ['trail = @trail'];
  const params: Record<string, string | number> = { trail: query.trail, limit: query.limit };
  const add = (clause: string, values: Record<string, string | number>) => {
    where.push(clause);
    Object.assign(params, values);
  };
  if (query.what) add('what = @what', { what: query.what });
  if (query.who !== undefined) add('who = @who', { who: query.who });
  if (query.since !== undefined) add('at >= @since', { since: query.since });
  if (query.before !== undefined) add('at < @before', { before: query.before });
  if (query.after)
    add('(at, rowid) < (@afterAt, @afterId)', { afterAt: query.after.at, afterId: Number(query.after.id) });
  const sql = `SELECT rowid AS rowid, ${auditColumns} FROM staff_audit WHERE ${where.join(' AND ')}
    ORDER BY at DESC, rowid DESC LIMIT @limit`;
  return { sql, params };
}

// Staff sessions and the audit trail; a session's change and its entry are one transaction.
export function staffStore(db: Db, shared: SharedWriters): StaffStore {
  const columns = 'id, email, created_at AS createdAt, seen_at AS seenAt';
  const insertSession = db.prepare(
    'INSERT OR REPLACE INTO staff_sessions (id, email, created_at, seen_at) VALUES (@id, @email, @createdAt, @seenAt)',
  );
  const selectSession = db.prepare(`SELECT ${columns} FROM staff_sessions WHERE id = ?`);
  const selectSessions = db.prepare(`SELECT ${columns} FROM staff_sessions`);
  const touch = db.prepare('UPDATE staff_sessions SET seen_at = ? WHERE id = ?');
  const deleteSession = db.prepare('DELETE FROM staff_sessions WHERE id = ?');
  const memberColumns = 'email, role, added_by AS addedBy, added_at AS addedAt, events';
  const selectTeam = db.prepare(`SELECT ${memberColumns} FROM staff_team ORDER BY added_at, email`);
  const selectMember = db.prepare(`SELECT ${memberColumns} FROM staff_team WHERE email = ?`);
  const upsertMember = db.prepare(
    'INSERT OR REPLACE INTO staff_team (email, role, added_by, added_at, events) VALUES (@email, @role, @addedBy, @addedAt, @events)',
  );
  // A member as stored: the door's events as a JSON array, or none.
  const memberOf = ({ events, ...member }: TeamMember & { events: string | null }): TeamMember =>
    events ? { ...member, events: JSON.parse(events) as string[] } : member;
  const deleteMember = db.prepare('DELETE FROM staff_team WHERE email = ?');
  const saveMember = db.transaction((member: TeamMember, audit: AuditEntry) => {
    upsertMember.run({
      ...member,
      email: subscriberKey(member.email),
      events: member.events ? JSON.stringify(member.events) : null,
    });
    shared.audit(audit);
  });
  const removeMember = db.transaction((email: string, audit: AuditEntry) => {
    if (deleteMember.run(subscriberKey(email)).changes === 0) return false;
    shared.audit(audit);
    return true;
  });
  const selectAudit = db.prepare(`SELECT ${auditColumns} FROM staff_audit ORDER BY at DESC, rowid DESC LIMIT ?`);
  const saveSession = db.transaction((session: StaffSession, audit?: AuditEntry) => {
    insertSession.run(session);
    shared.audit(audit);
  });
  const endSession = db.transaction((id: string, audit?: AuditEntry) => {
    if (deleteSession.run(id).changes === 0) return false;
    shared.audit(audit);
    return true;
  });

  return {
    async saveSession(session, audit) {
      saveSession(session, audit);
    },
    async getSession(id) {
      return (selectSession.get(id) as StaffSession | undefined) ?? null;
    },
    async touchSession(id, seenAt) {
      touch.run(seenAt, id);
    },
    async deleteSession(id, audit) {
      return endSession(id, audit);
    },
    async listSessions() {
      return selectSessions.all() as StaffSession[];
    },
    async teamMembers() {
      return (selectTeam.all() as (TeamMember & { events: string | null })[]).map(memberOf);
    },
    async teamMember(email) {
      const row = selectMember.get(subscriberKey(email)) as (TeamMember & { events: string | null }) | undefined;
      return row ? memberOf(row) : null;
    },
    async saveTeamMember(member, audit) {
      saveMember(member, audit);
    },
    async removeTeamMember(email, audit) {
      return removeMember(email, audit);
    },
    async addAudit(entry) {
      shared.audit(entry);
    },
    async auditLog(limit) {
      return (selectAudit.all(limit) as AuditRow[]).map(readRow);
    },
    async auditPage(query) {
      const { sql, params } = auditPageSql(query);
      return (db.prepare(sql).all(params) as (AuditRow & { rowid: number })[]).map(
        ({ rowid, ...row }): ListedAudit => ({ ...readRow(row), id: String(rowid) }),
      );
    },
  };
}
