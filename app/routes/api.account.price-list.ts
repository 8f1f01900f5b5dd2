import type { LoaderFunctionArgs } from "@remix-run/node";
import { buyerPriceList } from "~/domain/pricing/price-list.server";
import { OFFLINE_KEY_HEADER } from "~/service-worker/offline-rules";
import { requireApiBuyer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed } from "~/utils/http.server";
import { offlineKeyFor } from "~/utils/offline-key.server";

/**
 * GET /api/account/price-list: the signed-in buyer's prices for offline use (docs/decisions/0077): {v, basis,
 * cats, cols, rows}, one array per product in the order of `cols` (id, sku, name, slug, ex and inc VAT pence for
 * one, VAT rate in hundredths, stock, category index, volume steps). ETag; If-None-Match answers 304. 401 signed
 * out, 403 for a supplier. The reply names its account (X-Offline-Key) so the service worker keeps it under it.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiBuyer(request);
  const result = buyerPriceList(getDb(), user);
  if (!result.ok) return failureResponse(result);
  const headers = {
    ETag: result.value.etag,
    // kept by the browser only for this sign-in, and always checked with the server first
    "Cache-Control": "private, no-cache",
    Vary: "Cookie",
    [OFFLINE_KEY_HEADER]: offlineKeyFor(user),
  };
  const asked = request.headers.get("If-None-Match") ?? "";
  if (asked.split(",").some((tag) => tag.trim().replace(/^W\//, "") === result.value.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Blob(result.value.pieces), { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
});

export const action = () => methodNotAllowed(["GET"]);
