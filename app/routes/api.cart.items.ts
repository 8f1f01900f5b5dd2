import { type ActionFunctionArgs } from "@remix-run/node";
import { addToCartSchema, cartLineRefSchema, setLineQuantitySchema } from "~/domain/cart/cart.schema";
import { addToCartOnce } from "~/domain/cart/add-to-cart.server";
import { removeLine, setLineQuantity } from "~/domain/cart/cart.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { cartRequest, cartResponse } from "./api.cart";

const METHODS = ["POST", "PATCH", "DELETE"];

/**
 * Cart lines. Every call answers the whole cart priced now (as GET /api/cart does), or a JSON error:
 * 400 invalid input, 404 unknown product or line, 409 not enough stock.
 *
 * POST {productId, quantity, selectedVariants}: adds (same product and variants add to that line).
 *   Honours an Idempotency-Key header: a repeat adds nothing more.
 * PATCH {productId, selectedVariants, quantity}: sets a line's quantity; 0 or less removes it.
 * DELETE {productId, selectedVariants}: removes a line (removing one that is gone is not an error).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const { db, owner, buyer } = await cartRequest(request);

  if (request.method === "POST") {
    const input = await parseJsonBody(request, addToCartSchema);
    const result = addToCartOnce(db, owner, buyer, input, idempotencyKeyFrom(request));
    if (!result.ok) return failureResponse(result);
    return cartResponse(request);
  }

  if (request.method === "PATCH") {
    const input = await parseJsonBody(request, setLineQuantitySchema);
    const result = setLineQuantity(db, owner, buyer, input);
    if (!result.ok) return failureResponse(result);
    return cartResponse(request);
  }

  if (request.method === "DELETE") {
    const input = await parseJsonBody(request, cartLineRefSchema);
    const result = removeLine(db, owner, buyer, input);
    if (!result.ok) return failureResponse(result);
    return cartResponse(request);
  }

  return methodNotAllowed(METHODS);
});

export const loader = () => methodNotAllowed(METHODS);
