/**
 * A scan at the counter: the code names one product (added at once, one unit, at the customer's price as
 * the sale is priced), or several (the cashier is asked which), or none (said, nothing changes). The POS
 * sells products, not option choices, so a code on two options of one product is that one product.
 */
import { barcodeItemLabel } from "~/domain/catalog/barcodes";
import { lookupBarcode, type BarcodeMatch } from "~/domain/catalog/barcodes.server";
import { loadOrderProducts, notEnoughStockMessage } from "~/domain/orders/order-writing.server";
import { priceOne } from "~/domain/pricing/pricing.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import type { AppSession } from "~/utils/session.server";
import { changeBasket, readBasket } from "./pos-basket.server";
import { quantityInBasket } from "./pos-basket";
import { findPosCustomer } from "./pos-customers.server";

export type ScanChoice = { productId: number; label: string; stockLevel: number };
export type ScanResolved =
  | { kind: "one"; productId: number; productName: string; code: string }
  | { kind: "choose"; code: string; choices: ScanChoice[] };

/** The products a code's matches name, once each, in the order the codes were given. */
function productsOf(matches: readonly BarcodeMatch[]): ScanChoice[] {
  const seen = new Map<number, ScanChoice>();
  for (const match of matches) {
    if (seen.has(match.productId)) continue;
    // a product named once: by its own name and code (its options are not sold apart at the counter)
    seen.set(match.productId, { productId: match.productId, label: barcodeItemLabel({ ...match, variantName: null, option: null }), stockLevel: match.stockLevel });
  }
  return [...seen.values()];
}

/**
 * Which product a scanned code names: 404 when none carries it (a mistyped EAN is told its check digit);
 * with `productId`, that product, which must be one of those carrying it (404 otherwise).
 */
export function resolvePosScan(db: DB, code: string, productId?: number): Result<ScanResolved> {
  const found = lookupBarcode(db, code);
  if (!found.ok) return found;
  const choices = productsOf(found.value.matches);
  const chosen = productId === undefined ? (choices.length === 1 ? choices[0] : null) : choices.find((choice) => choice.productId === productId);
  if (productId !== undefined && !chosen) return fail(404, `No product chosen carries the barcode ${found.value.code}`, "productId");
  if (!chosen) return ok({ kind: "choose", code: found.value.code, choices });
  const match = found.value.matches.find((item) => item.productId === chosen.productId)!;
  return ok({ kind: "one", productId: chosen.productId, productName: match.productName, code: found.value.code });
}

/**
 * The screen's scan: one more of the product in the sale in the session (the same checks as the + button:
 * stock, the line limit), or the choice to show. Nothing changes on a refusal.
 */
export function scanIntoBasket(
  db: DB,
  session: AppSession,
  input: { code: string; productId?: number },
): Result<ScanResolved & { quantity?: number }> {
  const resolved = resolvePosScan(db, input.code, input.productId);
  if (!resolved.ok || resolved.value.kind === "choose") return resolved;
  const quantity = quantityInBasket(readBasket(session), resolved.value.productId) + 1;
  const changed = changeBasket(db, session, { intent: "quantity", productId: resolved.value.productId, quantity });
  return changed.ok ? ok({ ...resolved.value, quantity }) : changed;
}

/**
 * POST /api/admin/pos/scan: the line a client adds to its own sale for the code, priced for the customer
 * (one unit; the checkout prices it again), or the choice. 409 when the product has none in stock.
 */
export function scanForApi(db: DB, input: { code: string; productId?: number; customerId: string | null }) {
  const customer = input.customerId ? findPosCustomer(db, input.customerId) : null;
  if (customer && !customer.ok) return customer;
  const resolved = resolvePosScan(db, input.code, input.productId);
  if (!resolved.ok) return resolved;
  if (resolved.value.kind === "choose") return ok({ code: resolved.value.code, item: null, choices: resolved.value.choices });
  const product = loadOrderProducts(db, [resolved.value.productId]).get(resolved.value.productId);
  if (!product) return fail(404, "Product not found", "code");
  if (product.stockLevel < 1) return fail(409, notEnoughStockMessage(product.name, product.stockLevel), "code");
  const price = priceOne(db, customer?.value.buyer ?? null, product.id, 1);
  if (!price) return fail(404, "Product not found", "code");
  return ok({
    code: resolved.value.code,
    item: { productId: product.id, productName: product.name, unitPrice: price.finalPrice, vatRate: product.vatRate, quantity: 1 },
    choices: [] as ScanChoice[],
  });
}
