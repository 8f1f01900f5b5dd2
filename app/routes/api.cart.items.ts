import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z, type ZodType, type ZodTypeDef } from "zod";
import { describeRefused } from "~/domain/cart/add-selected";
import { addSelectedSchema } from "~/domain/cart/add-selected.schema";
import { addSelectedOnce } from "~/domain/cart/add-selected.server";
import { addToCartSchema, cartLineRefSchema, setLineQuantitySchema } from "~/domain/cart/cart.schema";
import { addToCartOnce } from "~/domain/cart/add-to-cart.server";
import { removeLine, setLineQuantity } from "~/domain/cart/cart.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { apiRoute, failureResponse, firstIssue, jsonError, methodNotAllowed, parseJsonBody } from "~/utils/http.server";
import { cartRequest, cartResponse } from "./api.cart";

const METHODS = ["POST", "PATCH", "DELETE"];

/**
 * Cart lines. Every call answers the whole cart priced now (as GET /api/cart does), or a JSON error:
 * 400 invalid input, 404 unknown product or line, 409 not enough stock.
 *
 * POST {productId, quantity, selectedVariants}: adds (same product and variants add to that line).
 *   Honours an Idempotency-Key header: a repeat adds nothing more.
 * POST {items: [{productId, quantity, selectedVariants?}, …]}: adds several lines at once (the list view's
 *   "Add selected to cart"); lines with quantity 0 are left out. Each line goes in or is refused on its own:
 *   200 with the cart plus `added` and `refused` ({productId, productName, selectedVariants, quantity,
 *   reason}) when at least one went in; when none did, the first refusal's status (404 gone, 409 stock,
 *   400 options) with a message naming every refused line. 400 when a quantity is not a whole number from
 *   0 to 100,000, or no line has one. Honours an Idempotency-Key header as the single add does.
 * PATCH {productId, selectedVariants, quantity}: sets a line's quantity; 0 or less removes it.
 * DELETE {productId, selectedVariants}: removes a line (removing one that is gone is not an error).
 */
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const { db, owner, buyer } = await cartRequest(request);

  if (request.method === "POST") {
    const body = await parseJsonBody(request, z.unknown());
    if (isSeveralLines(body)) return addSelectedResponse(request, body, { db, owner, buyer });
    const input = parseOr400(addToCartSchema, body);
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

/** A body with `items` is the several-lines add; anything else is read as one line, as before. */
function isSeveralLines(body: unknown): boolean {
  return typeof body === "object" && body !== null && !Array.isArray(body) && "items" in body;
}

/** The body read by `schema`, or the contract's 400 naming the first field at fault. */
function parseOr400<Output, Input>(schema: ZodType<Output, ZodTypeDef, Input>, body: unknown): Output {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = firstIssue(parsed.error);
  throw jsonError(400, issue.message, issue.field);
}

/** POST {items: […]}: see the route's comment for the statuses. */
async function addSelectedResponse(
  request: Request,
  body: unknown,
  { db, owner, buyer }: Pick<Awaited<ReturnType<typeof cartRequest>>, "db" | "owner" | "buyer">,
) {
  const command = parseOr400(addSelectedSchema, body);
  const outcome = addSelectedOnce(db, owner, buyer, command, idempotencyKeyFrom(request));
  if (outcome.added.length === 0) {
    return jsonError(outcome.refused[0]?.status ?? 409, `Nothing was added to your cart: ${outcome.refused.map(describeRefused).join("; ")}`);
  }
  const cart = await cartResponse(request);
  const refused = outcome.refused.map(({ status: _status, ...line }) => line);
  return json({ ...(await cart.json()), added: outcome.added, refused }, { headers: cart.headers });
}
