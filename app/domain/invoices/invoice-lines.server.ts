/**
 * The lines of an invoice made by hand, as they are stored: a line naming a product takes that product's
 * name, VAT rate and price (the list price on a sales invoice, the cost price on a purchase invoice), so
 * what the form showed locked is what is written whatever was sent; a custom line keeps what was typed.
 * Totals are worked out here: VAT per line, rounded half-up.
 */
import { eq } from "drizzle-orm";
import { products } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { lineTotals } from "~/domain/pricing/pricing";
import type { ManualInvoiceLine } from "./sales-invoice.schema";

export type ResolvedLine = {
  productId: number | null;
  sku: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
};

/** Which of a product's prices an invoice line takes. */
export type LinePrice = "salesPrice" | "costPrice";

export function resolveInvoiceLines(tx: DB, items: ManualInvoiceLine[], price: LinePrice): Result<ResolvedLine[]> {
  const lines: ResolvedLine[] = [];
  for (const [index, line] of items.entries()) {
    if (line.productId === undefined) {
      lines.push({
        productId: null,
        sku: null,
        description: line.description!,
        quantity: line.quantity,
        unitPrice: line.unitPrice!,
        vatRate: line.vatRate!,
      });
      continue;
    }
    const product = tx
      .select({ id: products.id, name: products.name, sku: products.sku, price: products[price], vatRate: products.vatRate })
      .from(products)
      .where(eq(products.id, line.productId))
      .get();
    if (!product) return fail(400, "Product not found", `items.${index}.productId`);
    lines.push({
      productId: product.id,
      sku: product.sku,
      description: product.name,
      quantity: line.quantity,
      unitPrice: product.price,
      vatRate: product.vatRate,
    });
  }
  return ok(lines);
}

/** The lines with their VAT (per line, rounded half-up) and net totals, ready to store, and the invoice's totals. */
export function pricedLines(lines: ResolvedLine[]) {
  const totals = lineTotals(lines);
  const rows = lines.map((line, i) => ({ ...line, vatAmount: totals.lines[i].vat, total: totals.lines[i].net }));
  return { rows, totals };
}
