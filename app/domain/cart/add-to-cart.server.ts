/**
 * Adding to the cart, as both doors do it: the product page's form (POST /cart/add) and the JSON API
 * (POST /api/cart/items). A key (the form's server-issued one, or the API's Idempotency-Key header) makes
 * the add happen once: a repeated post (double click, a retry after a lost reply) adds nothing more and
 * answers what the first one did.
 */
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { Buyer } from "~/domain/pricing/pricing.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import type { AddToCartCommand } from "./cart.schema";
import { addToCart, type AddedToCart } from "./cart.server";
import { type CartOwner, type CartResult } from "./cart-lines.server";

/**
 * Who a repeat is recognised for: a signed-in user, or a guest by their session. A brand-new guest has no
 * session yet, so there is nothing to repeat (a retry without the first reply's cookie is a new cart).
 */
export function repeatOwnerId(owner: CartOwner): string | null {
  if (owner.kind === "user") return `user:${owner.userId}`;
  return owner.session.id ? `session:${owner.session.id}` : null;
}

/** Adds one product to the owner's cart once per key; nothing changes on failure, and a failure is not kept. */
export function addToCartOnce(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  command: Pick<AddToCartCommand, "productId" | "quantity" | "selectedVariants">,
  idempotencyKey: string | null,
): CartResult<AddedToCart> {
  const ownerId = repeatOwnerId(owner);
  const { result } = runOnce(
    db,
    // a page's Add buttons share its key: each product is its own operation, so adding two in a row never collides
    {
      ownerId: ownerId ?? "",
      scope: scopeFor(REPEAT_SCOPE.cartAdd, command.productId),
      key: ownerId ? idempotencyKey : null,
      command: { productId: command.productId, quantity: command.quantity, selectedVariants: command.selectedVariants ?? null },
    },
    (tx) => addToCart(tx, owner, buyer, command),
    (outcome) => outcome.ok,
  );
  return result;
}
