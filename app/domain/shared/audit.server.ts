/** The audit trail: every admin change records who did what to which record. */
import { auditLogs } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { insertEach } from "~/utils/insert-each.server";

export type AuditEntry = {
  /** the admin (or system user) who acted; null for the system itself */
  actorId: string | null;
  /** a verb phrase such as "product.created", "user.approved" */
  action: string;
  entityType: string;
  entityId: string | number | null;
  /** what changed; kept small (ids, before/after of the changed fields) */
  details?: Record<string, unknown>;
};

function auditRow(entry: AuditEntry): typeof auditLogs.$inferInsert {
  return {
    userId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ? JSON.stringify(entry.details) : null,
  };
}

/** Call inside the same transaction as the change, so the record and the change commit together. */
export function recordAudit(db: DB, entry: AuditEntry) {
  db.insert(auditLogs).values(auditRow(entry)).run();
}

/** Many records at once (a bulk change such as a CSV import), through one prepared insert. */
export function recordAudits(db: DB, entries: readonly AuditEntry[]) {
  insertEach(db, auditLogs, entries.map(auditRow));
}
