import type { LoaderFunctionArgs } from "@remix-run/node";
import { vatReturnMtdFile } from "~/domain/vat/vat-return-submission.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { jsonError } from "~/utils/http.server";

/**
 * GET /admin/vat-returns/{id}/mtd.json: the VAT Returns screen's Download MTD JSON, HMRC's submission body for
 * bridging software (the same body as GET /api/admin/vat-returns/{id}/mtd-body), named after the return's month
 * and VRN. 409 {message} while the return has no period key or no VAT registration number (the screen offers
 * the link only once both are entered); 404 for an unknown return.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "vat");
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const result = vatReturnMtdFile(getDb(), id);
  if (!result.ok) return jsonError(result.status, result.message);
  return new Response(result.value.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${result.value.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
