/**
 * The documents behind a page of journals, found in one query per kind of document: a journal names its
 * source row (a payment, a credit note), while the screen a reader opens shows the invoice or the return
 * that row belongs to.
 */
import type { JournalSource } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { documentHref } from "./ledger-hrefs";

type SourceRef = { id: number; sourceType: JournalSource; sourceId: number | null };

/** The rows whose parent document a screen shows: source → (table, the column naming the document). */
const PARENT_OF: Partial<Record<JournalSource, { table: string; column: string }>> = {
  payment: { table: "payments", column: "sales_invoice_id" },
  purchase_payment: { table: "purchase_payments", column: "purchase_invoice_id" },
  credit_note: { table: "credit_notes", column: "return_id" },
  refund_payment: { table: "credit_notes", column: "return_id" },
  vat_payment: { table: "vat_payments", column: "vat_return_id" },
};

/** Each journal's document address, by journal id. */
export function documentHrefs(db: DB, journals: readonly SourceRef[]): Map<number, string> {
  const parents = new Map<string, Map<number, number>>();
  const wanted = new Map<string, Set<number>>();
  for (const journal of journals) {
    const parent = PARENT_OF[journal.sourceType];
    if (!parent || journal.sourceId === null) continue;
    const key = `${parent.table}.${parent.column}`;
    if (!wanted.has(key)) wanted.set(key, new Set());
    wanted.get(key)!.add(journal.sourceId);
  }
  for (const [key, ids] of wanted) {
    const [table, column] = key.split(".");
    const list = [...ids];
    // the table and column come from PARENT_OF above, never from a request
    const rows = db.$client
      .prepare(`select id, ${column} as parent from ${table} where id in (${list.map(() => "?").join(",")})`)
      .all(...list) as { id: number; parent: number | null }[];
    parents.set(key, new Map(rows.filter((row) => row.parent !== null).map((row) => [row.id, row.parent!])));
  }

  const hrefs = new Map<number, string>();
  for (const journal of journals) {
    const parent = PARENT_OF[journal.sourceType];
    const documentId = parent
      ? journal.sourceId === null
        ? null
        : parents.get(`${parent.table}.${parent.column}`)?.get(journal.sourceId) ?? null
      : journal.sourceId;
    hrefs.set(journal.id, documentHref(journal, documentId));
  }
  return hrefs;
}
