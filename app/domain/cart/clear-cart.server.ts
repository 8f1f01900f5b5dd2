/**
 * Clearing the cart, as both doors do it: the cart page's confirmed Clear cart (POST /cart, intent=clear)
 * and DELETE /api/cart. With a key it happens once: a retry of the same post after the buyer has started
 * filling the cart again must not empty it a second time.
 */
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { ok } from "~/utils/result";
import { repeatOwnerId } from "./add-to-cart.server";
import { clearCart } from "./cart.server";
import type { CartOwner } from "./cart-lines.server";

/** Empties the owner's cart once per key; `replayed` tells that this key had already cleared it. */
export function clearCartOnce(db: DB, owner: CartOwner, idempotencyKey: string | null): { replayed: boolean } {
  const ownerId = repeatOwnerId(owner);
  const { replayed } = runOnce(
    db,
    // the command has no body: a key reused for it is always the same request
    { ownerId: ownerId ?? "", scope: REPEAT_SCOPE.cartClear, key: ownerId ? idempotencyKey : null, command: null },
    (tx) => {
      clearCart(tx, owner);
      return ok({ cleared: true });
    },
  );
  return { replayed };
}
