/**
 * "Add selected to cart": several lines into the cart in one go, through both doors (the list view's form,
 * POST /cart/add-selected, and POST /api/cart/items with `items`). The lines go through the cart's own
 * multi-line add (addManyToCart, as quick order uses it): one read and one write of the cart, one
 * transaction for a signed-in buyer, stock counted across the lines. A line that cannot go in (out of stock,
 * not enough, gone, options to choose) does not stop the others: it comes back with its reason.
 */
import crypto from "node:crypto";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import type { Buyer } from "~/domain/pricing/pricing.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { ok } from "~/utils/result";
import type { AddSelectedOutcome, RefusedLine, SelectedLine } from "./add-selected";
import type { AddSelectedCommand } from "./add-selected.schema";
import { repeatOwnerId } from "./add-to-cart.server";
import type { CartOwner } from "./cart-lines.server";
import { addManyToCart, type AddFailure } from "./cart.server";

/** Why a line did not go in, in words that follow "10 × Eggs (…)". */
export function refusalReason(failure: AddFailure): string {
  if (failure.status === 404) return "no longer available";
  if (failure.status === 400) return "choose its options on the product page";
  if (/out of stock$/i.test(failure.message)) return "out of stock";
  const reason = failure.message.charAt(0).toLowerCase() + failure.message.slice(1);
  return failure.alreadyInCart ? `${reason}; ${failure.alreadyInCart} already in your cart` : reason;
}

/** The lines into the owner's cart now, each on its own; what went in and what did not, in line order. */
export function addSelectedLines(db: DB, owner: CartOwner, buyer: Buyer, command: AddSelectedCommand): AddSelectedOutcome {
  const results = addManyToCart(db, owner, buyer, command.items);
  const added: SelectedLine[] = [];
  const refused: RefusedLine[] = [];
  results.forEach((result, index) => {
    const line = command.items[index];
    if (result.ok) {
      const { productId, productName, selectedVariants, quantity } = result.value;
      added.push({ productId, productName, selectedVariants, quantity });
    } else {
      refused.push({
        productId: line.productId,
        productName: result.productName ?? `Product ${line.productId}`,
        selectedVariants: line.selectedVariants,
        quantity: line.quantity,
        reason: refusalReason(result),
        status: result.status,
      });
    }
  });
  return { added, refused };
}

/**
 * The same, once per key (the listing's server-issued key, or the API's Idempotency-Key): a repeated post
 * (double click, a retry after a lost reply) adds nothing more and answers what the first did. The key is
 * per page view, so the lines are part of the scope: other quantities sent with the same key are a new
 * add, never a refused reuse. A post that added nothing is not kept, so it can be tried again.
 */
export function addSelectedOnce(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  command: AddSelectedCommand,
  idempotencyKey: string | null,
): AddSelectedOutcome {
  const ownerId = repeatOwnerId(owner);
  const content = crypto.createHash("sha256").update(JSON.stringify(command.items)).digest("hex").slice(0, 32);
  const { result } = runOnce(
    db,
    {
      ownerId: ownerId ?? "",
      scope: scopeFor(REPEAT_SCOPE.cartAddSelected, content),
      key: ownerId ? idempotencyKey : null,
      command: command.items,
    },
    (tx) => ok(addSelectedLines(tx, owner, buyer, command)),
    (outcome) => outcome.ok && outcome.value.added.length > 0,
  );
  // the lines are part of the scope, so a refused reuse cannot happen; were it to, nothing was added
  return result.ok
    ? result.value
    : {
        added: [],
        refused: command.items.map((line) => ({ ...line, productName: `Product ${line.productId}`, reason: result.message, status: result.status })),
      };
}
