/**
 * Making Tax Digital, offline: a return's VAT registration number and period key (entered by hand, on a filed
 * return too, as they are not figures), and the return as HMRC's submission body and as a bridging CSV, for
 * bridging software to send. Nothing here talks to HMRC (decision 0039).
 */
import { and, eq, ne } from "drizzle-orm";
import { vatReturns } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { writeCsv } from "~/utils/csv.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { bridgingRows, declarationJson, mtdDeclaration, type VatReturnDeclaration } from "./mtd";
import type { VatReturnSubmissionDetails } from "./mtd.schema";
import { monthLabel } from "./vat-period";
import { VAT_RETURN_NOT_FOUND } from "./vat-return.schema";
import { boxesOf, getVatReturn, vatReturnJson, type VatReturnJson, type VatReturnRow } from "./vat-returns.server";

type Actor = { id: string };

/** The two details as the API answers them; null while not entered. */
export function submissionDetailsJson(row: VatReturnRow) {
  return { vatRegistrationNumber: row.vatRegistrationNumber, periodKey: row.periodKey };
}

export type SubmissionDetailsChange = {
  vatReturn: VatReturnJson & ReturnType<typeof submissionDetailsJson>;
  description: string;
};

/**
 * Sets a return's VRN and period key (the input is validated by `vatReturnSubmissionDetailsSchema`). Only those
 * two columns are written, so a filed return's boxes stay as filed. A period key already on another return is
 * refused (409): HMRC takes one return per period key. Audited when something changed; a repeated idempotency
 * key answers the first result.
 */
export function setVatReturnSubmissionDetails(
  db: DB,
  actor: Actor,
  id: number,
  input: VatReturnSubmissionDetails,
  key: string | null = null,
): Result<SubmissionDetailsChange> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.vatReturnSubmissionDetails, id), key, command: { id, ...input } },
    (tx): Result<SubmissionDetailsChange> => {
      const row = getVatReturn(tx, id);
      if (!row) return fail(404, VAT_RETURN_NOT_FOUND);
      const other = tx
        .select({ quarter: vatReturns.quarter })
        .from(vatReturns)
        .where(and(eq(vatReturns.periodKey, input.periodKey), ne(vatReturns.id, id)))
        .get();
      if (other) return fail(409, `Period key ${input.periodKey} is already on the VAT return for ${monthLabel(other.quarter)}`, "periodKey");
      const before = submissionDetailsJson(row);
      const updated = tx
        .update(vatReturns)
        .set({ vatRegistrationNumber: input.vatRegistrationNumber, periodKey: input.periodKey })
        .where(eq(vatReturns.id, id))
        .returning()
        .get()!;
      const after = submissionDetailsJson(updated);
      const changed = before.vatRegistrationNumber !== after.vatRegistrationNumber || before.periodKey !== after.periodKey;
      if (changed) {
        recordAudit(tx, {
          actorId: actor.id,
          action: "vat_return.submission_details_set",
          entityType: "vat_return",
          entityId: id,
          details: { period: row.quarter, before, after },
        });
      }
      const label = monthLabel(row.quarter);
      return ok({
        vatReturn: { ...vatReturnJson(updated), ...after },
        description: changed
          ? `The return for ${label} has VAT registration number ${input.vatRegistrationNumber} and period key ${input.periodKey}.`
          : `Nothing changed: the return for ${label} already had these details.`,
      });
    },
    (outcome) => outcome.ok,
  );
  return result;
}

/** The return's submission body: 404 for an unknown return, 409 while it has no period key. */
export function vatReturnMtdBody(db: DB, id: number): Result<{ body: VatReturnDeclaration; row: VatReturnRow }> {
  const row = getVatReturn(db, id);
  if (!row) return fail(404, VAT_RETURN_NOT_FOUND);
  if (!row.periodKey) {
    return fail(409, `The VAT return for ${monthLabel(row.quarter)} has no period key yet: enter the period key HMRC gives for it first`, "periodKey");
  }
  return ok({ body: mtdDeclaration(boxesOf(row), row.periodKey), row });
}

/**
 * The body as a file to hand to bridging software. Its name carries the VRN the body is for (HMRC takes the VRN
 * in the address, not in the body), so a file without one is refused (409) as well.
 */
export function vatReturnMtdFile(db: DB, id: number): Result<{ json: string; fileName: string }> {
  const found = vatReturnMtdBody(db, id);
  if (!found.ok) return found;
  const { body, row } = found.value;
  if (!row.vatRegistrationNumber) {
    return fail(409, `The VAT return for ${monthLabel(row.quarter)} has no VAT registration number yet: enter it first`, "vatRegistrationNumber");
  }
  return ok({ json: declarationJson(body), fileName: `vat-return-${row.quarter}-mtd-${row.vatRegistrationNumber}.json` });
}

/**
 * The nine boxes as a bridging spreadsheet reads them: `Box,Description,Value`, values as in the submission
 * body (1 to 5 with pence, box 5 never negative; 6 to 9 whole pounds). Needs no period key.
 */
export function vatReturnBridgingCsv(db: DB, id: number): Result<{ csv: string; fileName: string; count: number }> {
  const row = getVatReturn(db, id);
  if (!row) return fail(404, VAT_RETURN_NOT_FOUND);
  const rows = bridgingRows(mtdDeclaration(boxesOf(row), row.periodKey ?? ""));
  return ok({ csv: writeCsv([["Box", "Description", "Value"], ...rows]), fileName: `vat-return-${row.quarter}-bridging.csv`, count: rows.length });
}
