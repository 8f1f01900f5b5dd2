import { json, type ActionFunctionArgs } from "@remix-run/node";
import { removeCompanyLogo, uploadCompanyLogo } from "~/domain/settings/company-logo.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, onlyMethods } from "~/utils/http.server";
import { readImageUpload } from "~/utils/image-upload.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/admin/settings/company/logo (multipart/form-data, the picture in the field "image"): makes it the
 * logo of the storefront and back-office headers and of the PDFs. 201 {logo: {url, width, height}}; 400
 * {message, field: "image"} when no file was sent or it is not a JPEG, PNG or WebP that opens within the size
 * limits (nothing changed); 413 over 5 MB; 415 not multipart; 429 with Retry-After while too many pictures
 * are being processed.
 * DELETE /api/admin/settings/company/logo: removes it. 200 {logo: null}; 404 when there is none.
 * Both: 401 signed out; 403 not an admin; 405 other methods.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const admin = await requireApiAdmin(request);
  const db = getDb();
  if (request.method === "DELETE") {
    const result = removeCompanyLogo(db, admin);
    if (!result.ok) return failureResponse(result);
    return json({ logo: null }, { headers: NO_STORE });
  }
  const read = await readImageUpload(request);
  if (!read.ok) return failureResponse(read);
  const result = await uploadCompanyLogo(db, admin, read.value.upload);
  if (!result.ok) return failureResponse(result);
  const { url, width, height } = result.value;
  return json({ logo: { url, width, height } }, { status: 201, headers: NO_STORE });
});

export const loader = onlyMethods(["POST", "DELETE"]);
