import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { IMPORT_NOT_FOUND, readImportProgress } from "~/domain/catalog/import-progress.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, jsonError, onlyMethods } from "~/utils/http.server";

/**
 * GET /api/admin/products/import/{importId} → where the product import sent with that Idempotency-Key (the
 * page's form key) stands: {phase: reading|importing|done|failed, done, total, created, updated, rowErrors,
 * message?}. While reading, done/total are bytes of the file; while importing, products. 404 until the
 * import has started, and for another admin's import. Never cached: it is polled.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const admin = await requireApiStaff(request, "catalogue");
  const progress = readImportProgress(getDb(), admin.id, params.importId ?? "");
  if (!progress) return jsonError(404, IMPORT_NOT_FOUND);
  return json(progress, { headers: { "Cache-Control": "no-store" } });
});

export const action = onlyMethods(["GET"]);
