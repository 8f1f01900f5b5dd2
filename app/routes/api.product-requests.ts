import { json, type ActionFunctionArgs } from "@remix-run/node";
import { productRequestJson, submitProductRequest } from "~/domain/requests/product-requests.server";
import { productRequestSchema } from "~/domain/requests/product-request.schema";
import { requireApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";

/**
 * POST /api/product-requests {requestText}: any signed-in user suggests a product.
 * 201 {id, requestText, status, createdAt}; 400 {message, field: "requestText"} when under 10 characters;
 * 401 when signed out. The review scores are for the back office and are not returned. A repeat with the
 * same `Idempotency-Key` answers with the request the first one made, adding none.
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiCompanyRole(request, "productRequests");
  const input = await parseJsonBody(request, productRequestSchema);
  const result = await submitProductRequest(getDb(), user, input, apiIdempotencyKey(request));
  if (!result.ok) return failureResponse(result);
  return json(productRequestJson(result.value), { status: 201 });
});

export const loader = () => methodNotAllowed(["POST"]);
