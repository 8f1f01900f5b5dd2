import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { orderingSettingsSchema } from "~/domain/ordering/ordering-settings.schema";
import { orderingSettings, orderingSettingsJson, saveOrderingSettings } from "~/domain/ordering/ordering-settings.server";
import { requireApiAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * GET /api/admin/settings/ordering: {deliveryCharge, freeDeliveryOver, minimumOrder, cutOffTime}: money as
 * 2-decimal strings ex VAT ("7.50"), freeDeliveryOver and minimumOrder null for "never" and "none",
 * cutOffTime "HH:MM" (UK time). 401 signed out, 403 not an admin.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return json(orderingSettingsJson(orderingSettings(getDb())), { headers: NO_STORE });
});

/**
 * PUT /api/admin/settings/ordering {deliveryCharge, freeDeliveryOver?, minimumOrder?, cutOffTime}: replaces
 * the settings (an absent or null freeDeliveryOver / minimumOrder means never / none). Amounts in pounds as
 * strings or numbers, at most two decimals. 200 with the settings; 400 {message, field} for an invalid field
 * (nothing changed); 401 signed out; 403 not an admin; 405 other methods; 415 not JSON.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const admin = await requireApiAdmin(request);
  const input = await parseJsonBody(request, orderingSettingsSchema);
  const result = saveOrderingSettings(getDb(), admin, input);
  if (!result.ok) return failureResponse(result);
  return json(orderingSettingsJson(result.value), { headers: NO_STORE });
});
