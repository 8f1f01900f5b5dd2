/**
 * Accepting a quote (docs/decisions/0073-quote-orders.md): one step that places one order at the quoted
 * prices, through Place Order's own `writeOrder`, so the company's spending limits (an approval request that
 * keeps the quoted prices), the wholesaler's approval flag and the credit hold all apply, and the stock is
 * checked and taken at that moment. The quote's state is checked and moved in the order's transaction, and
 * the key makes a repeat answer the first order: accepting twice never makes two orders.
 */
import { eq } from "drizzle-orm";
import { quotes } from "~db/schema";
import { checkoutDefaults } from "~/domain/orders/checkout.server";
import { placeOrder, type PlaceOrderOutcome } from "~/domain/orders/orders.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";
import { getDeliveryAddress, listDeliveryAddresses } from "~/domain/users/delivery-addresses.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { QUOTE_NOT_FOUND, type AcceptQuoteInput } from "./quote.schema";
import { findVisibleQuote, loadQuoteLines } from "./quote-read.server";
import { quoteForMove, quotesRefusal } from "./quotes.server";

export const NO_DELIVERY_ADDRESS =
  "There is no delivery address to send this order to: add one to your company's address book, then accept the quote.";
export const UNKNOWN_ADDRESS = "Choose one of your company's delivery addresses";

type Shipping = { shippingName: string; shippingEmail: string; shippingAddress: string; shippingCity: string; shippingPostcode: string };

/**
 * Where the order goes: the address chosen, else the company's default address, else what the checkout would
 * start from (where the person's last order went, else the company's billing address when it has a postcode).
 */
function shippingFor(db: DB, actor: SessionUser, addressId: number | undefined): Result<Shipping> {
  const address = addressId !== undefined ? getDeliveryAddress(db, actor.id, addressId) : listDeliveryAddresses(db, actor.id)[0];
  if (addressId !== undefined && !address) return fail(400, UNKNOWN_ADDRESS, "addressId");
  if (address) {
    return ok({ shippingName: address.name, shippingEmail: actor.email, shippingAddress: address.address, shippingCity: address.city, shippingPostcode: address.postcode });
  }
  const fallback = checkoutDefaults(db, actor);
  if (!fallback.shippingName || !fallback.shippingAddress || !fallback.shippingPostcode) return fail(409, NO_DELIVERY_ADDRESS, "addressId");
  return ok(fallback);
}

/**
 * Accepts a sent quote: 404 when the person may not see it, 409 when it is not sent, has expired or was
 * accepted already (nothing written), or when a line is short of stock; otherwise Place Order's outcome
 * (placed, possibly on credit hold or waiting for the wholesaler, or sent for the company's approval).
 */
export async function acceptQuote(
  db: DB,
  actor: SessionUser,
  id: number,
  input: AcceptQuoteInput,
  key: string | null,
  channel: "storefront" | "api" = "storefront",
): Promise<Result<PlaceOrderOutcome>> {
  const refused = quotesRefusal(actor);
  if (refused) return refused;
  const row = findVisibleQuote(db, actor, id);
  if (!row) return fail(404, QUOTE_NOT_FOUND);
  const shipping = shippingFor(db, actor, input.addressId);
  if (!shipping.ok) return shipping;
  // a sent quote's lines never change (staff cannot edit a sent quote), so they are read before the transaction
  const stored = loadQuoteLines(db, row.id);
  const gone = stored.find((line) => line.productId === null);
  if (gone) return fail(409, `${gone.productName} is no longer sold, so this quote cannot be accepted: ask for a revision`);
  const lines = stored.map((line) => ({
    productId: line.productId!,
    selectedVariants: line.selectedVariants,
    quantity: line.quantity,
    // a line is priced before the quote can be sent; writeOrder refuses a line without its price
    ...(line.unitPrice === null ? {} : { unitPrice: line.unitPrice }),
  }));
  return placeOrder(
    db,
    actor,
    {
      ...shipping.value,
      poReference: input.poReference ?? null,
      lines,
      quoteId: row.id,
      idempotencyKey: key,
      channel,
      cart: "keep",
      sent: { quoteId: id, addressId: input.addressId ?? null, poReference: input.poReference ?? null },
    },
    {
      scope: scopeFor(REPEAT_SCOPE.quoteAccept, id),
      before: (tx) => {
        quoteForMove(tx, actor, id, "accept", new Date());
      },
      after: (tx, written) => {
        const now = new Date();
        tx.update(quotes)
          .set({
            status: "accepted",
            acceptedAt: now,
            updatedAt: now,
            ...(written.kind === "sent_for_approval" ? { approvalRequestId: written.approvalId } : {}),
          })
          .where(eq(quotes.id, id))
          .run();
      },
    },
  );
}
