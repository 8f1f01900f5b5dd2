import { json, type ActionFunctionArgs } from "@remix-run/node";
import { scanForApi } from "~/domain/pos/pos-scan.server";
import { posScanApiSchema } from "~/domain/pos/pos-scan.schema";
import { requireApiStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { toDecimalString } from "~/utils/money";

/**
 * POST /api/admin/pos/scan {code, productId?, customerId?} → 200 {code, item, choices}: the line the code
 * adds to a sale ({productId, productName, unitPrice ex VAT, vatRate, quantity: 1}, priced for the customer;
 * POST /api/admin/pos/checkout prices it again), with `choices` empty; or, when several products carry the
 * code, `item` null and `choices` [{productId, label, stockLevel}] (send the code again with the chosen
 * productId). 404 {message} when no product carries it; 409 when the product is out of stock.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiStaff(request, "pos");
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, posScanApiSchema);
  const result = scanForApi(getDb(), input);
  if (!result.ok) return failureResponse(result);
  const { item, ...rest } = result.value;
  return json(
    {
      ...rest,
      item: item ? { ...item, unitPrice: toDecimalString(item.unitPrice), vatRate: toDecimalString(item.vatRate) } : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});

export const loader = apiRoute(async ({ request }) => {
  await requireApiStaff(request, "pos");
  return methodNotAllowed(["POST"]);
});
