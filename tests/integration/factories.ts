/** Rows that integration tests need, written straight into the test file's database. */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { categories, companies, orderItems, orders, products, users } from "~db/schema";
import { companyNameFor } from "~/domain/companies/companies.server";
import { issueSalesInvoiceForOrder } from "~/domain/invoices/invoices.server";
import { nextOrderNumber } from "~/domain/shared/numbering.server";
import { lineTotals } from "~/domain/pricing/pricing";
import { getDb, writeTransaction, type DB } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { slugify } from "~/utils/slug";

export const TEST_PASSWORD = "correct-horse";

/** Where a test's orders go (the checkout form's shipping fields). */
export const SHIPPING = {
  shippingName: "Sam Patel",
  shippingEmail: "orders@patel-catering.co.uk",
  shippingAddress: "Unit 2, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
};

let cachedHash: Promise<string> | undefined;
/** Hashing once per file keeps the suite quick; every factory user shares TEST_PASSWORD. */
function testPasswordHash() {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
}

/** What a customer's company holds; given to createUser, they go to the company it makes (or the user, for others). */
type AccountFields = {
  businessName?: string | null;
  vatNumber?: string | null;
  address?: string | null;
  priceTierId?: number | null;
  requiresApproval?: boolean;
  deliveryChargePence?: number | null;
};

/**
 * A user; a customer (the default role) comes with a company of one, of which they are the company admin,
 * holding the account fields given (tier, approval flag, delivery charge, business name…), unless `companyId`
 * puts them in an existing company.
 */
export async function createUser(
  overrides: Partial<typeof users.$inferInsert> & AccountFields & { email: string },
): Promise<typeof users.$inferSelect> {
  const { businessName, vatNumber, address, priceTierId, requiresApproval, deliveryChargePence, ...person } = overrides;
  const role = person.role ?? "customer";
  const db = getDb();
  let companyId = person.companyId ?? null;
  if (role === "customer" && companyId === null) {
    companyId = db
      .insert(companies)
      .values({
        name: companyNameFor({ businessName, firstName: person.firstName ?? "Test", lastName: person.lastName ?? "User", email: person.email }),
        vatNumber: vatNumber ?? null,
        address: address ?? null,
        priceTierId: priceTierId ?? null,
        requiresApproval: requiresApproval ?? false,
        deliveryChargePence: deliveryChargePence ?? null,
      })
      .returning({ id: companies.id })
      .get().id;
  }
  const isCustomer = role === "customer";
  return db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      passwordHash: await testPasswordHash(),
      role: "customer",
      firstName: "Test",
      lastName: "User",
      approvedAt: new Date(),
      businessName: isCustomer ? null : (businessName ?? null),
      vatNumber: isCustomer ? null : (vatNumber ?? null),
      address: isCustomer ? null : (address ?? null),
      companyRole: isCustomer ? "company_admin" : null,
      ...person,
      companyId,
    })
    .returning()
    .get();
}

/** The company a user buys for (their company of one, made by createUser). */
export function companyIdOf(userId: string): number {
  const row = getDb().select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)).get();
  if (!row?.companyId) throw new Error(`User ${userId} has no company`);
  return row.companyId;
}

/** Changes a user's company's terms (tier, approval flag, delivery charge, hold…). */
export function updateCompanyOf(userId: string, changes: Partial<typeof companies.$inferInsert>) {
  getDb().update(companies).set(changes).where(eq(companies.id, companyIdOf(userId))).run();
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

type OrderLine = { product: typeof products.$inferSelect; quantity: number };

/**
 * An order of `lines` at list prices (with the products' SKUs on its lines), written straight into the
 * database inside `tx` (no stock, points or mail). `values` set its status, date, PO reference and so on.
 */
export function writeOrder(
  tx: DB,
  user: { id: string; email: string },
  lines: { product: typeof products.$inferSelect; quantity: number }[],
  values: Partial<typeof orders.$inferInsert> = {},
) {
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
      ...values,
    })
    .returning()
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
  return order;
}

/**
 * A processing order of `lines` at list prices, placed and invoiced on `issueDate` (YYYY-MM-DD), written
 * straight into the database (no stock, points or mail): for tests of what happens to invoices.
 */
export function createInvoicedOrder(user: { id: string; email: string }, lines: OrderLine[], issueDate: string) {
  return writeTransaction(getDb(), (tx) => {
    const order = writeOrder(tx, user, lines, { createdAt: new Date(`${issueDate}T10:00:00Z`) });
    const invoice = issueSalesInvoiceForOrder(tx, order.id, { issueDate });
    return { id: invoice.invoiceId, invoiceNumber: invoice.invoiceNumber, orderId: order.id, orderNumber: order.orderNumber };
  });
}

/**
 * An order of `lines` at list prices placed at `createdAt` in `status`, written straight into the database
 * (no stock, points, invoice or mail): for tests of reports over past orders.
 */
export function createPastOrder(
  user: { id: string; email: string },
  lines: OrderLine[],
  { createdAt, status = "delivered" }: { createdAt: Date; status?: (typeof orders.$inferInsert)["status"] },
) {
  return writeTransaction(getDb(), (tx) => writeOrder(tx, user, lines, { status, createdAt, shippingName: "Goods In" }));
}
