/**
 * The cart page's line forms (+, −, a typed quantity, Remove). Their fields are the cart commands' fields
 * (`cartInputFromForm`), checked with the same schemas as the JSON API, and applied by the same use cases.
 */
import type { Buyer } from "~/domain/pricing/pricing.server";
import type { DB } from "~/utils/db.server";
import { firstIssue } from "~/utils/http.server";
import { fail } from "~/utils/result";
import { stepQuantity } from "~/domain/catalog/pack-rules";
import { cartLineRefSchema, setLineQuantitySchema, variantKey, type cartInputFromForm } from "./cart.schema";
import { getCart, removeLine, setLineQuantity, type LineQuantityChanged } from "./cart.server";
import { LINE_NOT_IN_CART, type CartOwner, type CartResult } from "./cart-lines.server";

type CartFormInput = ReturnType<typeof cartInputFromForm>;
export type LineQuantityIntent = "increment" | "decrement" | "set-quantity";

/**
 * + and − post the quantity they lead to, so a repeated post lands on the same number; a post without one
 * steps from the quantity in the cart now. The typed quantity is set as it is; 0 or less removes the line.
 */
export function changeLineQuantity(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  intent: LineQuantityIntent,
  form: CartFormInput,
): CartResult<LineQuantityChanged> {
  const input = { ...form };
  if (intent !== "set-quantity" && !input.quantity?.trim()) {
    const ref = cartLineRefSchema.safeParse(input);
    const key = ref.success ? variantKey(ref.data.selectedVariants) : null;
    const line = ref.success
      ? getCart(db, owner, buyer).lines.find((candidate) => candidate.productId === ref.data.productId && candidate.variantKey === key)
      : undefined;
    if (!line) return fail(404, LINE_NOT_IN_CART);
    // a product sold by the case steps a case at a time
    input.quantity = String(stepQuantity(line.packRule, line.quantity, intent === "increment" ? 1 : -1));
  }
  const parsed = setLineQuantitySchema.safeParse(input);
  if (!parsed.success) return fail(400, firstIssue(parsed.error).message);
  return setLineQuantity(db, owner, buyer, parsed.data);
}

/** Remove: the line named by the form's product and variants (one already gone is not an error). */
export function removeLineOfForm(db: DB, owner: CartOwner, buyer: Buyer, form: CartFormInput): CartResult<{ removed: boolean }> {
  const parsed = cartLineRefSchema.safeParse(form);
  if (!parsed.success) return fail(400, firstIssue(parsed.error).message);
  return removeLine(db, owner, buyer, parsed.data);
}
