/** The printed picking list, one use case for both doors (the Orders screen's Print and the API). */
import type { DB } from "~/utils/db.server";
import { getCompanySettings } from "~/utils/company.server";
import { ok, type Result } from "~/utils/result";
import type { OrderSelection } from "./order-list.schema";
import { loadPickingList } from "./order-exports.server";
import { renderPickingListPdf } from "./picking-list-pdf.server";

export async function pickingListPdf(db: DB, selection: OrderSelection | { invalid: string }): Promise<Result<{ pdf: Buffer; fileName: string; count: number }>> {
  const list = loadPickingList(db, selection);
  if (!list.ok) return list;
  const pdf = await renderPickingListPdf(list.value, getCompanySettings());
  return ok({ pdf, fileName: `picking-list-${list.value.today}.pdf`, count: list.value.orderCount });
}
