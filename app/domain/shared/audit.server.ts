/** The audit trail: every admin change records who did what to which record. */
import { auditLogs } from "~db/schema";
import { chunks } from "~/utils/chunks";
import type { DB } from "~/utils/db.server";

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

/** Many records at once (a bulk change such as a CSV import), in a few multi-row inserts. */
export function recordAudits(db: DB, entries: readonly AuditEntry[]) {
  for (const batch of chunks(entries, 500)) db.insert(auditLogs).values(batch.map(auditRow)).run();
}
