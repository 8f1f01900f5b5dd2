import { DEFAULT_PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from "~/domain/credit/payment-terms";
import { companyTermsOf } from "~/domain/credit/company-debts.server";
/**
 * What the order-placed page shows: one of the customer's own orders (another customer's, or none, is 404
 * like on the order history), its invoice when one was issued, who the confirmation mail went to, and what
 * became of "Save this address". Read only: the page can be reloaded or bookmarked.
 */
import { and, eq, ne } from "drizzle-orm";
import { salesInvoices } from "~db/schema";
import { visibleTo } from "~/domain/companies/companies.server";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { addressBookNotice, savedAddressLabel, type AddressBookOutcome } from "~/domain/users/delivery-addresses.server";
import { orderMailRecipients } from "~/domain/shared/order-mail-recipients";
import { orderingSettings } from "~/domain/ordering/ordering-settings.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { findOrderJson, type OrderJson } from "./order-history.server";
import { ORDER_NOT_FOUND } from "./order-history.schema";
import type { AddressBookResult } from "./order-placed";

export type PlacedOrderPage = {
  order: OrderJson;
  /** the order's invoice, once issued (an order awaiting approval has none yet) */
  invoice: { id: number; invoiceNumber: string; dueDate: string } | null;
  /** where the confirmation mail went */
  mail: { to: string; cc: string[] };
  addressBookNotice: string | null;
  /** the wholesaler's cut-off, for an order whose delivery date waits for its approval */
  cutOffTime: string;
  /** the account's payment terms, as a buyer reads them ("Net 30") */
  termsLabel: string;
};

/** The order's address-book outcome again, read from the book (the label is the customer's). */
function addressBookOutcome(db: DB, userId: string, order: OrderJson, result: AddressBookResult | null): AddressBookOutcome | null {
  if (result === null) return null;
  if (result === "full") return { saved: false, reason: "full" };
  const label = savedAddressLabel(db, userId, {
    name: order.shippingName,
    address: order.shippingAddress,
    city: order.shippingCity,
    postcode: order.shippingPostcode,
  });
  if (label === null) return null; // deleted since: nothing to say
  return result === "saved" ? { saved: true, label } : { saved: false, reason: "already-saved", label };
}

export function loadPlacedOrder(
  db: DB,
  user: SessionUser,
  orderId: number,
  addressBook: AddressBookResult | null,
): Result<PlacedOrderPage> {
  const order = findOrderJson(db, orderId, user.id);
  if (!order) return fail(404, ORDER_NOT_FOUND);
  const invoice =
    db
      .select({ id: salesInvoices.id, invoiceNumber: salesInvoices.invoiceNumber, dueDate: salesInvoices.dueDate })
      .from(salesInvoices)
      .where(and(eq(salesInvoices.orderId, order.id), visibleTo(user.id, salesInvoices.customerId, salesInvoices.companyId), ne(salesInvoices.status, "void")))
      .get() ?? null;
  return ok({
    order,
    invoice,
    mail: orderMailRecipients(user.email, order.shippingEmail),
    addressBookNotice: addressBookNotice(addressBookOutcome(db, user.id, order, addressBook)),
    cutOffTime: orderingSettings(db).cutOffTime,
    // the account's terms now, said beside what happens next
    termsLabel: PAYMENT_TERMS_LABELS[companyTermsOf(db, user.companyId) ?? DEFAULT_PAYMENT_TERMS],
  });
}
