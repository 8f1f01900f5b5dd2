/**
 * The checkout page's two use cases: what it shows (the buyer's cart priced now, with the voucher they
 * asked for applied) and Place Order (that cart, ordered). The voucher rules are vouchers.ts's, so the
 * summary and the order written are worked out by the same code.
 */
import { desc, eq } from "drizzle-orm";
import { companies, orders, users } from "~db/schema";
import { getCart } from "~/domain/cart/cart.server";
import { totalsWithVoucher, unusedVoucherValue } from "~/domain/loyalty/vouchers";
import type { RewardType } from "~/domain/loyalty/reward.schema";
import {
  findCustomerVoucher,
  listUnusedVouchers,
  VOUCHER_NOT_FOUND,
  voucherUnusableMessage,
  type VoucherRow,
} from "~/domain/loyalty/vouchers.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { addressIdSchema } from "~/domain/users/delivery-address.schema";
import { listDeliveryAddresses, type DeliveryAddressJson } from "~/domain/users/delivery-addresses.server";
import type { DB } from "~/utils/db.server";
import type { CheckoutForm, ShippingDetails } from "./order.schema";
import { checkoutRefusal, placeOrder } from "./orders.server";
import { checkoutDelivery } from "~/domain/ordering/expected-delivery.server";
import { splitStoredAddress } from "~/domain/users/uk-address";
import { formatMoney, formatPercent, withVat } from "~/utils/money";
import { minimumOrderMessage, withDelivery } from "~/domain/ordering/delivery-charge";
import { deliveryQuote } from "~/domain/ordering/delivery.server";
import { checkSpending } from "~/domain/companies/approvals.server";
import { creditAtCheckout } from "~/domain/credit/credit-holds.server";
import { checkoutTermsNote } from "~/domain/credit/payment-terms";

// ─── The checkout form's starting values ────────────────────────────────────

/** A UK postcode at the end of a one-line address: "14 Boar Lane, Leeds, LS1 6EN". */
const TRAILING_POSTCODE = /,?\s*([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\s*$/i;

/**
 * Where to send this order unless the buyer says otherwise: the details of their last order, else their
 * profile (name, and the address split into street, city and postcode when it reads that way). The email
 * is always the account's.
 */
export function checkoutDefaults(db: DB, user: SessionUser): ShippingDetails {
  const last = db
    .select({
      shippingName: orders.shippingName,
      shippingAddress: orders.shippingAddress,
      shippingCity: orders.shippingCity,
      shippingPostcode: orders.shippingPostcode,
    })
    .from(orders)
    .where(eq(orders.userId, user.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
    .get();
  if (last) return { ...last, shippingEmail: user.email };

  // the company's billing address (a company of one: the address its person signed up with)
  const profile = db
    .select({ address: companies.address })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, user.id))
    .get();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.businessName || "";
  let street = profile?.address?.trim() ?? "";
  let city = "";
  let postcode = "";
  const match = TRAILING_POSTCODE.exec(street);
  if (match) {
    postcode = match[1].toUpperCase().replace(/\s+/g, " ");
    const rest = street.slice(0, match.index).replace(/,\s*$/, "");
    const cut = rest.lastIndexOf(",");
    if (cut > 0) {
      city = rest.slice(cut + 1).trim();
      street = rest.slice(0, cut).trim();
    } else {
      street = rest.trim();
    }
  }
  return {
    shippingName: name,
    shippingEmail: user.email,
    shippingAddress: user.businessName && street && !street.includes(user.businessName) ? `${user.businessName}, ${street}` : street,
    shippingCity: city,
    shippingPostcode: postcode,
  };
}

/** The checkout form's fields as they start: the stored details split into the UK form's parts. */
export type CheckoutFormValues = {
  shippingName: string;
  shippingEmail: string;
  shippingBusinessName: string;
  shippingAddress: string;
  shippingAddressLine2: string;
  shippingCity: string;
  shippingCounty: string;
  shippingPostcode: string;
};

function checkoutFormValues(details: ShippingDetails, user: SessionUser): CheckoutFormValues {
  const parts = splitStoredAddress({ address: details.shippingAddress, city: details.shippingCity }, [user.businessName]);
  return {
    shippingName: details.shippingName,
    shippingEmail: details.shippingEmail,
    shippingBusinessName: parts.businessName,
    shippingAddress: parts.line1,
    shippingAddressLine2: parts.line2,
    shippingCity: parts.town,
    shippingCounty: parts.county,
    shippingPostcode: details.shippingPostcode,
  };
}

/**
 * What a voucher does to this order, said once: "£5.00 off this order" (its reward's name, "£5.00 off your
 * next order", would say it a second time; a free product is known by its reward's name).
 */
function effectOnThisOrder(voucher: { rewardType: RewardType; rewardValue: number | null; rewardName: string }): string {
  switch (voucher.rewardType) {
    case "discount_percentage":
      return `${formatPercent(voucher.rewardValue ?? 0)} off this order`;
    case "discount_fixed":
      return `${formatMoney(voucher.rewardValue ?? 0)} off this order`;
    case "free_shipping":
      return "Free delivery on this order";
    case "free_product":
      return `${voucher.rewardName} with this order`;
  }
}

/** The voucher a typed (or linked) code names: applied when it is the buyer's and unused, else why not. */
function voucherAsked(db: DB, userId: string, code: string): { applied: VoucherRow | null; problem: string | null } {
  if (!code) return { applied: null, problem: null };
  const asked = findCustomerVoucher(db, userId, code);
  if (!asked) return { applied: null, problem: VOUCHER_NOT_FOUND };
  const unusable = voucherUnusableMessage(asked);
  if (unusable) return { applied: null, problem: unusable };
  return { applied: asked, problem: null };
}

export const SAVED_ADDRESS_NOT_FOUND = "That saved address was not found, so the address below is unchanged.";

/**
 * The saved address the shipping fields start from: the one the buyer picked (`?address=`), else their
 * default. The book holds only the buyer's own addresses, so another customer's id is simply not found.
 */
function addressAsked(book: DeliveryAddressJson[], asked: string | null) {
  if (asked === null || asked === "") return { chosen: book.find((entry) => entry.isDefault) ?? null, problem: null };
  const id = addressIdSchema.safeParse(asked);
  const chosen = id.success ? (book.find((entry) => entry.id === id.data) ?? null) : null;
  return { chosen, problem: chosen ? null : SAVED_ADDRESS_NOT_FOUND };
}

/**
 * Everything /checkout shows, or null when the cart is empty (the page sends the buyer home).
 * `voucherCode` is the `?voucher=` the buyer followed or typed, `addressId` the `?address=` they picked
 * from their address book; customers who may not order (awaiting approval, other roles) get a `refusal`
 * to show instead of the form.
 */
export function loadCheckout(
  db: DB,
  user: SessionUser,
  { voucherCode, addressId = null }: { voucherCode: string | null; addressId?: string | null },
) {
  const cart = getCart(db, { kind: "user", userId: user.id }, buyerFor(db, user));
  if (cart.lines.length === 0) return null;

  const askedCode = voucherCode?.trim() ?? "";
  const { applied, problem } = voucherAsked(db, user.id, askedCode);
  const totals = totalsWithVoucher(cart.lines, applied);
  // the same rule and the same goods value as Place Order (orders.server.ts), so the summary is what is charged
  const quote = deliveryQuote(db, { userId: user.id, goodsValue: totals.goodsSubtotal, freeShippingReward: applied?.rewardType === "free_shipping" });
  const charged = withDelivery(totals, quote.delivery);

  const unitsByProduct = new Map<number, number>();
  for (const line of cart.lines) {
    unitsByProduct.set(line.productId, (unitsByProduct.get(line.productId) ?? 0) + line.quantity);
  }
  const refusal = checkoutRefusal(user);
  // the credit check Place Order makes, on the same total: the available credit, and the hold it would mean
  const credit = user.role === "customer" ? creditAtCheckout(db, user.companyId, charged.total) : null;
  const addresses = listDeliveryAddresses(db, user.id);
  const { chosen, problem: addressProblem } = addressAsked(addresses, addressId);
  return {
    lines: cart.lines.map((line) => ({
      key: `${line.productId}|${line.variantKey}`,
      productName: line.productName,
      sku: line.sku,
      productSlug: line.productSlug,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate,
      lineTotal: line.lineTotal,
      // the buyer's price basis picks which the page shows; the inc-VAT figures are worked out as the cart's
      unitPriceIncVat: withVat(line.unitPrice, line.vatRate),
      lineTotalIncVat: line.lineTotal + line.vatAmount,
      priceChanged: line.priceChanged,
      priceWhenAdded: line.priceWhenAdded,
      priceWhenAddedIncVat: line.priceWhenAdded === null ? null : withVat(line.priceWhenAdded, line.vatRate),
      /** set when the cart holds more of this product than is in stock now */
      onlyLeft: (unitsByProduct.get(line.productId) ?? 0) > line.stockLevel ? line.stockLevel : null,
      /** the pack rule's message when the line's quantity breaks it (the rule changed since it was added) */
      packIssue: line.packIssue,
    })),
    itemCount: cart.itemCount,
    goodsSubtotal: totals.goodsSubtotal,
    discount: totals.discount,
    subtotal: totals.subtotal,
    vatAmount: charged.vatAmount,
    total: charged.total,
    deliveryCharge: { ...quote.delivery, text: quote.text },
    minimumOrder: quote.minimumShortfall > 0 ? minimumOrderMessage(quote.minimumOrderPence!, quote.minimumShortfall) : null,
    vouchers: listUnusedVouchers(db, user.id).map((voucher) => ({
      code: voucher.code,
      rewardName: voucher.rewardName,
      effect: effectOnThisOrder(voucher),
    })),
    appliedVoucher: applied
      ? {
          code: applied.code,
          rewardName: applied.rewardName,
          effect: effectOnThisOrder(applied),
          freeShipping: applied.rewardType === "free_shipping",
          freeProductName: applied.rewardType === "free_product" ? (applied.productName ?? null) : null,
          // a fixed voucher worth more than the goods: the rest is not kept, so the page says so before the order
          unusedValue: unusedVoucherValue(applied, totals),
        }
      : null,
    voucherProblem: problem,
    askedCode,
    defaults: checkoutFormValues(
      chosen
        ? {
            shippingName: chosen.name,
            shippingEmail: user.email,
            shippingAddress: chosen.address,
            shippingCity: chosen.city,
            shippingPostcode: chosen.postcode,
          }
        : checkoutDefaults(db, user),
      user,
    ),
    // each with its parts, so that picking one with JavaScript fills the UK form's fields
    addresses: addresses.map((entry) => ({ ...entry, parts: splitStoredAddress(entry, [user.businessName]) })),
    expectedDelivery: checkoutDelivery(db),
    // the same rule as Place Order, on the same figure: what the page warns is what happens
    spending: spendingNotice(db, user, charged.total - charged.vatAmount),
    requiresApproval: user.requiresApproval,
    credit,
    // the terms the invoice will carry, said under Place Order
    termsNote: checkoutTermsNote(credit?.paymentTerms ?? null),
    chosenAddressId: chosen?.id ?? null,
    addressProblem,
    refusal: refusal ? { pendingApproval: user.role === "customer" && !user.isApproved, message: refusal.message } : null,
  };
}

export type CheckoutPage = NonNullable<ReturnType<typeof loadCheckout>>;

/** Why this order will go to the company's approvers instead of being placed, or null when it will be placed. */
function spendingNotice(db: DB, user: SessionUser, orderValue: number) {
  if (user.role !== "customer" || user.companyId === null) return null;
  const check = checkSpending(db, user.id, orderValue);
  if (check.breaches.length === 0) return null;
  return { reasons: check.breaches.map((breach) => breach.message), approvers: check.approverNames, approvalsNeeded: check.approvalsNeeded };
}

/**
 * Place Order from the checkout page: the shipping details (and voucher) from the form, the lines from the
 * buyer's saved cart, which is emptied with the order. The form's key makes a repeated post return the
 * first order.
 */
export function placeOrderFromCart(db: DB, user: SessionUser, input: CheckoutForm & { idempotencyKey: string | null }) {
  const cart = getCart(db, { kind: "user", userId: user.id }, buyerFor(db, user));
  return placeOrder(db, user, {
    ...input,
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      selectedVariants: line.selectedVariants,
      quantity: line.quantity,
    })),
    channel: "storefront",
    cart: "clear",
    sent: input,
  });
}
