import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deliveryAddressSchema } from "~/domain/users/delivery-address.schema";
import { addDeliveryAddress, listDeliveryAddresses } from "~/domain/users/delivery-addresses.server";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * GET /api/addresses: the signed-in customer's address book, the default first, then by label:
 *   [{id, label, name, address, city, postcode, isDefault, createdAt}].
 * POST /api/addresses {label, name, address, city, postcode, businessName?, addressLine2?, county?,
 *   isDefault?}: 201 with the address. The optional UK parts are joined into address ("Business, line 1,
 *   line 2") and city ("Town, County"), as at checkout. Postcodes must be UK ones (GIR 0AA and BFPO too) and
 *   are stored in their standard form ("ls16en" → "LS1 6EN"). The first address, or one sent with
 *   `isDefault: true`, becomes the default. 400 {message, field} for a missing, too long or invalid field
 *   (a postcode that is not a UK one: "Enter a UK postcode, for example LS1 6EN"); 409 when the book already
 *   holds 50 addresses. Honours an Idempotency-Key header.
 * Both 401 when signed out.
 */
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiCompanyRole(request, "addresses");
  return json(listDeliveryAddresses(getDb(), user.id), { headers: { "Cache-Control": "private, no-store" } });
});

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  // only a company admin changes the book: anyone else is refused before the body is read
  const user = await requireApiCompanyRole(request, "addressBook");
  const key = apiIdempotencyKey(request);
  const input = await parseJsonBody(request, deliveryAddressSchema);
  const result = addDeliveryAddress(getDb(), user.id, input, key);
  if (!result.ok) return failureResponse(result);
  return json(result.value, { status: 201 });
});
