import type { LoaderFunctionArgs } from "@remix-run/node";
import { vatReturnBridgingCsv } from "~/domain/vat/vat-return-submission.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { csvDownload } from "~/utils/http.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";

/**
 * GET /admin/vat-returns/{id}/bridging.csv: the VAT Returns screen's Download bridging CSV, `Box,Description,Value`
 * with one row per box (1 to 5 with pence, box 5 never negative; 6 to 9 whole pounds), for bridging software.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "vat");
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const result = vatReturnBridgingCsv(getDb(), id);
  if (!result.ok) throw await redirectWithToast(request, "/admin/vat-returns", errorToast(result.message));
  return csvDownload(result.value);
}
