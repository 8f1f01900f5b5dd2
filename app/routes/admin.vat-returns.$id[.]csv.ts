import type { LoaderFunctionArgs } from "@remix-run/node";
import { vatReturnCsv } from "~/domain/vat/vat-returns.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { csvDownload } from "~/utils/http.server";
import { errorToast, redirectWithToast } from "~/utils/toast.server";

/** GET /admin/vat-returns/{id}.csv: the VAT Returns screen's Download CSV (the same file as the API's). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "vat");
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const result = vatReturnCsv(getDb(), id);
  if (!result.ok) throw await redirectWithToast(request, "/admin/vat-returns", errorToast(result.message));
  return csvDownload(result.value);
}
