import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { companySettingsView } from "~/domain/settings/company-settings.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, onlyMethods } from "~/utils/http.server";

/**
 * GET /api/admin/settings/company: the company details in effect, as the Company settings screen shows them:
 * {demo, name, shortName, adminTitle, logo: {url, width, height} | null, invoiceProblem: string | null,
 * rows: [{setting, label, value, source: "set" | "demo" | "missing", note}], steps: [{key, label, detail, done,
 * href, linkText}]}. The mail server's URL is never sent (it may hold a password), only whether it is set.
 * 401 signed out; 403 not an admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return json(companySettingsView(getDb()), { headers: { "Cache-Control": "private, no-store" } });
});

export const action = onlyMethods(["GET"]);
