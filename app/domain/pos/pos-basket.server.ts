/**
 * The counter's sale in progress, kept in the admin's server-side session (`posBasket`; the caller commits
 * the session), so it works as plain form posts without JavaScript and survives a failed request. Changing
 * it checks the product and the stock; showing it prices every line for the chosen customer now.
 */
import { MAX_ORDER_LINES } from "~/domain/orders/order.schema";
import { loadOrderProducts, notEnoughStockMessage, type OrderProduct } from "~/domain/orders/order-writing.server";
import { lineRule, variantGroupsByProduct } from "~/domain/cart/cart.server";
import { checkPackQuantity } from "~/domain/catalog/pack-rules";
import { lineTotals } from "~/domain/pricing/pricing";
import { priceMany } from "~/domain/pricing/pricing.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import type { AppSession } from "~/utils/session.server";
import {
  EMPTY_BASKET,
  parseBasket,
  quantityInBasket,
  withQuantity,
  withoutLine,
  type PosBasket,
} from "./pos-basket";
import { findPosCustomer } from "./pos-customers.server";
import { completeSale, type SaleInput } from "./pos-sale.server";
import { POS_PRODUCT_NOT_FOUND, type PosBasketCommand } from "./pos.schema";

export function readBasket(session: AppSession): PosBasket {
  return parseBasket(session.get("posBasket"));
}

function writeBasket(session: AppSession, basket: PosBasket) {
  if (basket.lines.length === 0 && basket.customerId === null) session.unset("posBasket");
  else session.set("posBasket", basket);
}

/**
 * Applies one of the screen's buttons to the basket in the session. Refuses (and changes nothing) for an
 * unknown product or customer (404) and for more units than are in stock (409 naming what is left); a
 * line may always be made smaller, even when stock has fallen below it since it was added.
 */
export function changeBasket(db: DB, session: AppSession, command: PosBasketCommand): Result<PosBasket> {
  const basket = readBasket(session);
  let next: PosBasket;
  switch (command.intent) {
    case "quantity": {
      const current = quantityInBasket(basket, command.productId);
      if (command.quantity > 0) {
        const product = loadOrderProducts(db, [command.productId]).get(command.productId);
        if (!product) return fail(404, POS_PRODUCT_NOT_FOUND, "productId");
        if (command.quantity > current && command.quantity > product.stockLevel) {
          return fail(409, notEnoughStockMessage(product.name, product.stockLevel), "quantity");
        }
        if (current === 0 && basket.lines.length >= MAX_ORDER_LINES) {
          return fail(400, `A sale holds at most ${MAX_ORDER_LINES} lines`, "productId");
        }
      }
      next = withQuantity(basket, command.productId, command.quantity);
      break;
    }
    case "remove":
      next = withoutLine(basket, command.productId);
      break;
    case "customer": {
      if (command.customerId !== null) {
        const customer = findPosCustomer(db, command.customerId);
        if (!customer.ok) return customer;
      }
      next = { ...basket, customerId: command.customerId };
      break;
    }
    case "clear":
      next = EMPTY_BASKET;
      break;
  }
  writeBasket(session, next);
  return ok(next);
}

/**
 * The basket as the Current Sale panel shows it: each line priced now for the customer (custom price,
 * tier, volume), VAT per line rounded half-up, and the totals. Lines of products that have been deleted
 * since are left out; a customer who can no longer be sold to reads as the walk-in customer.
 */
export function pricedBasket(db: DB, basket: PosBasket) {
  const found = basket.customerId ? findPosCustomer(db, basket.customerId) : null;
  const customer = found?.ok ? found.value : null;
  const products = loadOrderProducts(db, basket.lines.map((line) => line.productId));
  const lines = basket.lines.filter((line) => products.has(line.productId));
  const prices = priceMany(
    db,
    customer?.buyer ?? null,
    lines.map((line) => ({ productId: line.productId, salesPrice: products.get(line.productId)!.salesPrice, quantity: line.quantity })),
  );
  const priced = lines.map((line) => {
    const product = products.get(line.productId)!;
    return { line, product, unitPrice: prices.get(line.productId)!.finalPrice };
  });
  const totals = lineTotals(priced.map(({ line, product, unitPrice }) => ({ unitPrice, quantity: line.quantity, vatRate: product.vatRate })));
  const groups = variantGroupsByProduct(db, lines.map((line) => line.productId));
  const packOf = (product: OrderProduct, quantity: number) => {
    const packRule = lineRule(product, groups.get(product.id) ?? []);
    const check = checkPackQuantity(packRule, quantity, product.name);
    return { packRule, packIssue: check.ok ? null : check.message };
  };
  return {
    customer: customer
      ? { id: customer.user.id, email: customer.user.email, displayName: customer.displayName, companyId: customer.user.companyId }
      : null,
    lines: priced.map(({ line, product, unitPrice }, index) => ({
      productId: product.id,
      name: product.name,
      sku: product.sku,
      quantity: line.quantity,
      listPrice: product.salesPrice,
      unitPrice,
      vatRate: product.vatRate,
      net: totals.lines[index].net,
      vat: totals.lines[index].vat,
      stockLevel: product.stockLevel,
      /** the pack rule, and its message when the quantity breaks it: the sale then needs the override with a reason */
      ...packOf(product, line.quantity),
    })),
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: totals.subtotal,
    vatAmount: totals.vatAmount,
    total: totals.total,
  };
}

export type PricedBasket = ReturnType<typeof pricedBasket>;

/** Complete Sale from the screen: the basket's lines and customer, then an empty basket for the next sale. */
export function completeBasketSale(
  db: DB,
  actor: { id: string },
  session: AppSession,
  input: Pick<SaleInput, "paymentMethod" | "financialAccountId" | "idempotencyKey" | "overridePackRules" | "packOverrideReason">,
) {
  const basket = readBasket(session);
  const result = completeSale(db, actor, { ...input, lines: basket.lines, customerId: basket.customerId, sent: input });
  // A replay comes from a page of the sale already completed, whose basket was emptied then: a basket
  // built since is the next sale's and stays.
  if (result.ok && !result.value.replayed) writeBasket(session, EMPTY_BASKET);
  return result;
}
