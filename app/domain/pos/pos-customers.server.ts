/**
 * Who the counter is selling to: nobody in particular (the walk-in customer, list prices) or an approved,
 * active customer account, whose prices (custom price, tier, volume) come from the pricing engine.
 */
import { buyerFor, priceOne, type Buyer } from "~/domain/pricing/pricing.server";
import type { UnitPrice } from "~/domain/pricing/pricing";
import { findSessionUser, type SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { CUSTOMER_NOT_FOUND, POS_PRODUCT_NOT_FOUND } from "./pos.schema";

export type PosCustomer = {
  user: SessionUser;
  /** how the sale names them: the business, else the person, else the email */
  displayName: string;
  buyer: Buyer;
};

export function customerDisplayName(user: Pick<SessionUser, "businessName" | "firstName" | "lastName" | "email">) {
  const person = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return user.businessName || person || user.email;
}

/** The customer a sale may be made to, or 404: unknown ids, other roles, unapproved and inactive accounts. */
export function findPosCustomer(db: DB, customerId: string): Result<PosCustomer> {
  const user = findSessionUser(db, customerId);
  if (!user || user.role !== "customer" || !user.isApproved || !user.isActive) {
    return fail(404, CUSTOMER_NOT_FOUND, "customerId");
  }
  return ok({ user, displayName: customerDisplayName(user), buyer: buyerFor(db, user) });
}

/** A customer's unit price (ex VAT) for a quantity of a product: 404 for an unknown customer or product. */
export function customerPriceFor(
  db: DB,
  input: { customerId: string; productId: number; quantity: number },
): Result<UnitPrice> {
  const customer = findPosCustomer(db, input.customerId);
  if (!customer.ok) return customer;
  const price = priceOne(db, customer.value.buyer, input.productId, input.quantity);
  return price ? ok(price) : fail(404, POS_PRODUCT_NOT_FOUND, "productId");
}
