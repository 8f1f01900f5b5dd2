import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ADDRESS_NOT_FOUND, deliveryAddressSchema } from "~/domain/users/delivery-address.schema";
import {
  deleteDeliveryAddress,
  getDeliveryAddress,
  updateDeliveryAddress,
} from "~/domain/users/delivery-addresses.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, jsonError, methodNotAllowed, parseJsonBody, requireIntParam } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/addresses/{id}: one of the customer's addresses.
 * PUT /api/addresses/{id} {label, name, address, city, postcode, businessName?, addressLine2?, county?,
 * isDefault?} (as POST /api/addresses reads them): replaces the address's fields,
 *   200 with it; `isDefault: true` makes it the default (the default changes only by naming another one).
 *   400 {message, field} for a missing or too long field.
 * DELETE /api/addresses/{id}: 200 {message, id}; when it was the default, the newest address left becomes
 *   the default.
 * Another customer's address or an unknown id: 404 "Address not found", and nothing changes. PUT and DELETE
 * honour an Idempotency-Key header. All 401 when signed out.
 */
export const loader = apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "addresses");
  const address = getDeliveryAddress(getDb(), user.id, requireIntParam(params.id, ADDRESS_NOT_FOUND));
  return address ? json(address, { headers: { "Cache-Control": "private, no-store" } }) : jsonError(404, ADDRESS_NOT_FOUND);
});

export const action = apiRoute(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  // only a company admin changes the book: anyone else is refused before the body is read
  const user = await requireApiCompanyRole(request, "addressBook");
  const id = requireIntParam(params.id, ADDRESS_NOT_FOUND);
  const key = apiIdempotencyKey(request);
  const db = getDb();
  if (request.method === "PUT") {
    const input = await parseJsonBody(request, deliveryAddressSchema);
    const result = updateDeliveryAddress(db, user.id, id, input, key);
    return result.ok ? json(result.value) : failureResponse(result);
  }
  const result = deleteDeliveryAddress(db, user.id, id, key);
  return result.ok ? json({ message: "Address deleted", id: result.value.id }) : failureResponse(result);
});
