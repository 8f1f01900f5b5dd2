import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { quoteListQuery } from "~/domain/quotes/quote-api.server";
import { listStaffQuotes } from "~/domain/quotes/quote-admin.server";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";

/**
 * GET /api/admin/quotes?status=&page=: every company's quotes, newest first, 20 a page (GET /api/quotes' shape).
 *   `status` is requested, draft, sent, accepted, declined, revision_requested or expired (400 otherwise).
 *   Sales and full admins only (403).
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiStaff(request, "quotes");
  const query = quoteListQuery(request.url);
  if (!query.ok) return failureResponse(query);
  return json(listStaffQuotes(getDb(), query.value), { headers: { "Cache-Control": "private, no-store" } });
});

export const action = () => methodNotAllowed(["GET"]);
