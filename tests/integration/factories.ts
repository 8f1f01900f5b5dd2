/** Rows that integration tests need, written straight into the test file's database. */
import crypto from "node:crypto";
import { categories, orderItems, orders, products, users } from "~db/schema";
import { issueSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { nextOrderNumber } from "~/domain/shared/numbering.server";
import { lineTotals } from "~/domain/pricing/pricing";
import { getDb, writeTransaction } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { slugify } from "~/utils/slug";

export const TEST_PASSWORD = "correct-horse";

let cachedHash: Promise<string> | undefined;
/** Hashing once per file keeps the suite quick; every factory user shares TEST_PASSWORD. */
function testPasswordHash() {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
}

export async function createUser(
  overrides: Partial<typeof users.$inferInsert> & { email: string },
): Promise<typeof users.$inferSelect> {
  return getDb()
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      passwordHash: await testPasswordHash(),
      role: "customer",
      firstName: "Test",
      lastName: "User",
      approvedAt: new Date(),
      ...overrides,
    })
    .returning()
    .get();
}

export function createCategory(name: string, description: string | null = null) {
  const slug = slugify(name);
  return getDb().insert(categories).values({ name, slug, description }).returning().get();
}

/** A product with its slug made from the name; 20% VAT and 100 in stock unless `values` says otherwise. */
export function createProduct(values: Partial<typeof products.$inferInsert> & { name: string; salesPrice: number }) {
  const slug = slugify(values.name);
  return getDb().insert(products).values({ slug, vatRate: 2000, stockLevel: 100, ...values }).returning().get();
}

/**
 * A processing order of `lines` at list prices, placed and invoiced on `issueDate` (YYYY-MM-DD), written
 * straight into the database (no stock, points or mail): for tests of what happens to invoices.
 */
export function createInvoicedOrder(
  user: { id: string; email: string },
  lines: { product: typeof products.$inferSelect; quantity: number }[],
  issueDate: string,
) {
  return writeTransaction(getDb(), (tx) => {
    const totals = lineTotals(
      lines.map((line) => ({ unitPrice: line.product.salesPrice, quantity: line.quantity, vatRate: line.product.vatRate })),
    );
    const order = tx
      .insert(orders)
      .values({
        orderNumber: nextOrderNumber(tx),
        userId: user.id,
        status: "processing",
        subtotal: totals.subtotal,
        vatAmount: totals.vatAmount,
        total: totals.total,
        shippingName: "Goods In, Canal Wharf Depot",
        shippingEmail: user.email,
        shippingAddress: "Unit 4, Canal Wharf",
        shippingCity: "Leeds",
        shippingPostcode: "LS11 5PS",
        createdAt: new Date(`${issueDate}T10:00:00Z`),
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber })
      .get();
    tx.insert(orderItems)
      .values(
        lines.map((line, i) => ({
          orderId: order.id,
          productId: line.product.id,
          productName: line.product.name,
          sku: line.product.sku,
          selectedVariants: {},
          quantity: line.quantity,
          unitPrice: line.product.salesPrice,
          vatRate: line.product.vatRate,
          total: totals.lines[i].net,
          vatAmount: totals.lines[i].vat,
        })),
      )
      .run();
    const invoice = issueSalesInvoiceForOrder(tx, order.id, { issueDate });
    return { id: invoice.invoiceId, invoiceNumber: invoice.invoiceNumber, orderId: order.id, orderNumber: order.orderNumber };
  });
}
