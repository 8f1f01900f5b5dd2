import type { DB } from "~/utils/db.server";

/**
 * Takes the next value of a named counter. Call it inside a write transaction so the number and the
 * document that uses it are written together (no gaps, no duplicates).
 */
export function nextSequenceValue(db: DB, name: string): number {
  const row = db.$client
    .prepare(
      `insert into number_sequences (name, value) values (?, 1)
       on conflict(name) do update set value = value + 1
       returning value`,
    )
    .get(name) as { value: number };
  return row.value;
}

/** ORD-000123 */
export function formatOrderNumber(n: number) {
  return `ORD-${String(n).padStart(6, "0")}`;
}

/** INV-2026-00001: numbered per calendar year of issue */
export function formatInvoiceNumber(year: number, n: number) {
  return `INV-${year}-${String(n).padStart(5, "0")}`;
}

/** PO-000001 */
export function formatPurchaseOrderNumber(n: number) {
  return `PO-${String(n).padStart(6, "0")}`;
}

export function nextOrderNumber(db: DB) {
  return formatOrderNumber(nextSequenceValue(db, "order"));
}

export function nextInvoiceNumber(db: DB, issueDate: string) {
  const year = Number(issueDate.slice(0, 4));
  return formatInvoiceNumber(year, nextSequenceValue(db, `invoice-${year}`));
}

export function nextPurchaseOrderNumber(db: DB) {
  return formatPurchaseOrderNumber(nextSequenceValue(db, "purchase-order"));
}


/** RMA-000123: a return's number */
export function formatReturnNumber(n: number) {
  return `RMA-${String(n).padStart(6, "0")}`;
}

export function nextReturnNumber(db: DB) {
  return formatReturnNumber(nextSequenceValue(db, "return"));
}
