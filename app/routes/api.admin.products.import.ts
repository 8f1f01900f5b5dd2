import { json, type ActionFunctionArgs } from "@remix-run/node";
import { CSV_FILE_TOO_LARGE, productImportFormSchema } from "~/domain/catalog/product.schema";
import { importProductCsv, readProductCsvUpload } from "~/domain/catalog/product-csv.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, firstIssue, jsonError, methodNotAllowed } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";

/**
 * POST /api/admin/products/import: multipart/form-data with the CSV in the field `file` (at most PRODUCT_CSV_MAX_MB) →
 * 200 {created, updated, errors: [{row, message}]}. Simple rows (spec §3) or Shopify's product CSV; products
 * are upserted by slug (Handle) in batches; rows that cannot be imported are listed, the others go in. A
 * file that is no product CSV at all: 400 (field file); too large: 413. The file waits on disk, not in
 * memory, until the import is answered.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const upload = await readProductCsvUpload(request);
  if (!upload.ok) return jsonError(upload.status, upload.message, upload.status === 400 ? "file" : undefined);
  try {
    const parsed = productImportFormSchema.safeParse({ file: upload.formData.get("file") });
    if (!parsed.success) {
      const issue = firstIssue(parsed.error);
      return jsonError(issue.message === CSV_FILE_TOO_LARGE ? 413 : 400, issue.message, "file");
    }
    const file = parsed.data.file;
    const result = await importProductCsv(getDb(), admin, file, {
      idempotencyKey: idempotencyKeyFrom(request),
      fileName: file.name,
    });
    return result.ok ? json(result.value) : failureResponse(result);
  } finally {
    await upload.discard();
  }
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "catalogue");
  return methodNotAllowed(["POST"]);
});
