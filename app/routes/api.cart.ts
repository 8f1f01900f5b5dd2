import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { cartJson } from "~/domain/cart/cart-json.server";
import { getCart } from "~/domain/cart/cart.server";
import { clearCartOnce } from "~/domain/cart/clear-cart.server";
import { cartOwnerOf, type CartOwner } from "~/domain/cart/cart-lines.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { getOptionalUser, refuseApiCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { apiRoute, methodNotAllowed } from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { commitSession, getSession } from "~/utils/session.server";

/**
 * The cart API, for guests (the session cookie) and signed-in users alike; the same cart functions as the
 * cart page. Lines are changed at /api/cart/items.
 *
 * GET /api/cart: the cart priced now, {items, itemCount, subtotal, vatAmount, total, droppedLines}.
 * DELETE /api/cart: empties it; answers the (empty) cart. With an Idempotency-Key a repeat clears nothing more.
 */
export async function cartRequest(request: Request) {
  const [user, session] = await Promise.all([getOptionalUser(request), getSession(request)]);
  refuseApiCompanyRole(user, "ordering");
  const db = getDb();
  return { db, user, owner: cartOwnerOf(user, session), buyer: buyerFor(db, user), session };
}

/** The priced cart as JSON; a guest's session is committed, as its cart may have changed. */
export async function cartResponse(request: Request, status = 200) {
  const { db, owner, buyer } = await cartRequest(request);
  const cart = getCart(db, owner, buyer);
  return json(cartJson(cart), { status, headers: await guestCookie(owner) });
}

/** A guest's cart lives in the session; a session is only created once there is something to keep. */
async function guestCookie(owner: CartOwner): Promise<HeadersInit | undefined> {
  if (owner.kind !== "guest") return undefined;
  const { session } = owner;
  if (!session.id && Object.keys(session.data).length === 0) return undefined;
  return { "Set-Cookie": await commitSession(session) };
}

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => cartResponse(request));

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const { db, owner } = await cartRequest(request);
  clearCartOnce(db, owner, apiIdempotencyKey(request));
  return cartResponse(request);
});
