/**
 * Generating, regenerating and filing a month's VAT return (screen and API). One return per month (409 for a
 * second). A return not yet filed may be regenerated: its nine boxes are worked out again from the books. Filing
 * needs the month to be over and the stored figures to be what the books say at that moment (else regenerate
 * first, so nobody files figures they have not seen); a filed return never changes again (409). Every change is
 * audited; a repeated idempotency key answers the first result and changes nothing.
 */
import { postVatReturnFiled } from "~/domain/ledger/postings.server";
import { and, eq } from "drizzle-orm";
import { vatReturns } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { formatMoney } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import { netVatDirection, sameBoxes, type VatBoxes } from "./vat-boxes";
import { computeVatFigures } from "./vat-figures.server";
import { addDays, longDate, monthLabel, monthOfDate, periodOfMonth, ukDateOf } from "./vat-period";
import { returnExists, VAT_RETURN_NOT_FOUND, type GenerateVatReturnInput } from "./vat-return.schema";
import { boxesOf, getVatReturn, vatReturnJson, type VatReturnJson, type VatReturnRow } from "./vat-returns.server";

type Actor = { id: string };
export type VatReturnChange = { vatReturn: VatReturnJson; description: string };

const filedRefusal = (row: VatReturnRow) =>
  fail(
    409,
    `The VAT return for ${monthLabel(row.quarter)} was filed on ${longDate(ukDateOf(row.filedAt?.getTime() ?? 0))} and cannot be changed`,
  );

/** "Net VAT £1,234.56 payable" */
function netVatText(boxes: VatBoxes) {
  return `net VAT ${formatMoney(Math.abs(boxes.box5NetVat))} ${netVatDirection(boxes.box5NetVat)}`;
}

export function generateVatReturn(
  db: DB,
  actor: Actor,
  input: GenerateVatReturnInput,
  key: string | null = null,
  now = new Date(),
): Result<VatReturnChange> {
  const { month } = input;
  const currentMonth = monthOfDate(ukDateOf(now.getTime()));
  if (month > currentMonth) {
    return fail(400, `${monthLabel(month)} has not started yet: a return can be generated for this month or an earlier one`, "periodStart");
  }
  const period = periodOfMonth(month);
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.vatReturnGenerate, key, command: { month } },
    (tx): Result<VatReturnChange> => {
      const existing = tx.select({ id: vatReturns.id }).from(vatReturns).where(eq(vatReturns.startDate, period.start)).get();
      if (existing) return fail(409, returnExists(month), "periodStart");
      const { boxes } = computeVatFigures(tx, month, now);
      const row = tx
        .insert(vatReturns)
        .values({ quarter: month, startDate: period.start, endDate: period.end, ...boxes, isFiled: false, createdAt: now })
        .returning()
        .get();
      recordAudit(tx, { actorId: actor.id, action: "vat_return.generated", entityType: "vat_return", entityId: row.id, details: { period: month, ...boxes } });
      return ok({ vatReturn: vatReturnJson(row), description: `The return for ${monthLabel(month)} shows ${netVatText(boxes)}.` });
    },
    (outcome) => outcome.ok,
  );
  return result;
}

export function regenerateVatReturn(db: DB, actor: Actor, id: number, key: string | null = null, now = new Date()): Result<VatReturnChange> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.vatReturnRegenerate, id), key, command: { id } },
    (tx): Result<VatReturnChange> => {
      const row = getVatReturn(tx, id);
      if (!row) return fail(404, VAT_RETURN_NOT_FOUND);
      if (row.isFiled) return filedRefusal(row);
      const before = boxesOf(row);
      const { boxes } = computeVatFigures(tx, row.quarter, now);
      const updated = tx
        .update(vatReturns)
        .set(boxes)
        .where(and(eq(vatReturns.id, id), eq(vatReturns.isFiled, false)))
        .returning()
        .get()!;
      recordAudit(tx, { actorId: actor.id, action: "vat_return.regenerated", entityType: "vat_return", entityId: id, details: { period: row.quarter, before, after: boxes } });
      const changed = sameBoxes(before, boxes) ? "No figure changed" : "The figures were worked out again";
      return ok({ vatReturn: vatReturnJson(updated), description: `${changed}: the return for ${monthLabel(row.quarter)} shows ${netVatText(boxes)}.` });
    },
    (outcome) => outcome.ok,
  );
  return result;
}

export function fileVatReturn(db: DB, actor: Actor, id: number, key: string | null = null, now = new Date()): Result<VatReturnChange> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.vatReturnFile, id), key, command: { id } },
    (tx): Result<VatReturnChange> => {
      const row = getVatReturn(tx, id);
      if (!row) return fail(404, VAT_RETURN_NOT_FOUND);
      if (row.isFiled) return filedRefusal(row);
      const label = monthLabel(row.quarter);
      if (ukDateOf(now.getTime()) <= row.endDate) {
        return fail(409, `${label} has not ended yet: its return can be filed from ${longDate(addDays(row.endDate, 1))}`);
      }
      // the books as of this very moment, which is what the filed return will always be read as of
      const { boxes } = computeVatFigures(tx, row.quarter, now);
      if (!sameBoxes(boxesOf(row), boxes)) {
        return fail(
          409,
          `The records for ${label} have changed since this return was generated (net VAT was ${formatMoney(row.box5NetVat)}, now ${formatMoney(boxes.box5NetVat)}). Regenerate it and check the figures before filing.`,
        );
      }
      const filed = tx
        .update(vatReturns)
        .set({ isFiled: true, filedAt: now })
        .where(and(eq(vatReturns.id, id), eq(vatReturns.isFiled, false)))
        .returning()
        .get()!;
      // VAT on sales and purchases as declared moves to the liability to HMRC
      postVatReturnFiled(tx, filed, { createdBy: actor.id });
      recordAudit(tx, { actorId: actor.id, action: "vat_return.filed", entityType: "vat_return", entityId: id, details: { period: row.quarter, ...boxes } });
      return ok({ vatReturn: vatReturnJson(filed), description: `The return for ${label} is filed (${netVatText(boxes)}) and can no longer change.` });
    },
    (outcome) => outcome.ok,
  );
  return result;
}
