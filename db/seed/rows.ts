/**
 * One writer per kind of row for the demo data (the benchmark data's categories too): prepared statements
 * over the raw connection, every column given (instants in epoch milliseconds). The benchmark data writes
 * its millions of rows with multi-row inserts of the same columns (./bulk.ts, ./scale.ts).
 */
import type { DB } from "~/utils/db.server";
import type { CompanyRole, LOYALTY_TRANSACTION_TYPES, OrderStatus, PAYMENT_METHODS, UserRole } from "~db/schema";

type PaymentMethod = (typeof PAYMENT_METHODS)[number];
type LoyaltyTransactionType = (typeof LOYALTY_TRANSACTION_TYPES)[number];

export type UserRow = {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  /** a supplier's (or the staff's) business; null for a customer, whose business is their company */
  businessName: string | null;
  role: UserRole;
  /** the staff role of a back-office user (role admin); null for everyone else */
  staffRole?: "admin" | "sales" | "warehouse" | "accounts" | null;
  phone: string;
  address: string | null;
  vatNumber: string | null;
  companyId: number | null;
  companyRole: CompanyRole | null;
  approvedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

/** A customer account (a company) with its terms. */
export type CompanyRow = {
  name: string;
  vatNumber: string | null;
  address: string | null;
  priceTierId: number | null;
  requiresApproval: boolean;
  createdAt: number;
};

type CategoryRow = { name: string; slug: string; description: string; createdAt: number };

type ProductRow = {
  name: string;
  slug: string;
  sku: string;
  description: string;
  costPrice: number;
  salesPrice: number;
  vatRate: number;
  categoryId: number;
  stockLevel: number;
  lowStockThreshold: number;
  supplierId: string | null;
  /** also its last update */
  createdAt: number;
};

export type VariantGroup = [name: string, options: string[]];

type VolumeRuleRow = { minQuantity: number; discountPercentage: number };

/** Where an order goes: the customer's name, email and business address. */
export type ShipTo = { name: string; email: string; address: string; city: string; postcode: string };

/** An order as written, less its totals (which come from its lines). */
export type OrderRow = {
  orderNumber: string;
  userId: string;
  status: OrderStatus;
  shipTo: ShipTo;
  trackingNumber: string | null;
  carrier: string | null;
  trackingUrl: string | null;
  estimatedDelivery: string | null;
  approvedAt: number | null;
  cancelledAt: number | null;
  deliveredAt: number | null;
  createdAt: number;
  updatedAt: number;
};

/** A priced line of a sale: its order item and its invoice line. */
export type SaleLine = {
  productId: number;
  productName: string;
  /** the product's code when sold */
  sku: string | null;
  /** the invoice line's text */
  description: string;
  selectedVariants: Record<string, string>;
  quantity: number;
  unitPrice: number;
  vatRate: number;
};

/** A line's amounts: net and VAT, in pence. */
type LineAmounts = { net: number; vat: number };

type Totals = { subtotal: number; vatAmount: number; total: number };

type SalesInvoiceRow = {
  orderId: number;
  invoiceNumber: string;
  customerId: string;
  status: "unpaid" | "void";
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
  issueDate: string;
  dueDate: string;
  voidedAt: number | null;
  createdAt: number;
};

type PaymentRow = {
  salesInvoiceId: number;
  amount: number;
  method: PaymentMethod;
  paymentDate: string;
  reference: string;
  notes: string | null;
  financialAccountId: number | null;
  createdBy: string | null;
  createdAt: number;
};

type LoyaltyRow = {
  userId: string;
  type: LoyaltyTransactionType;
  points: number;
  orderId?: number;
  rewardId?: number;
  returnId?: number;
  description: string;
  createdAt: number;
};

/** The row writers of one database, their statements prepared once. */
export function rowWriters(db: DB) {
  const c = db.$client;
  const insertUser = c.prepare(
    `insert into users (id, email, password_hash, first_name, last_name, business_name, profile_image_url, role, staff_role, phone, address, vat_number,
       company_id, company_role, is_active, approved_at, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  );
  const insertCompany = c
    .prepare(
      `insert into companies (name, vat_number, address, price_tier_id, requires_approval, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?) returning id`,
    )
    .pluck();
  const insertCategory = c.prepare("insert into categories (name, slug, description, created_at) values (?, ?, ?, ?) returning id").pluck();
  const insertProduct = c
    .prepare(
      `insert into products (name, slug, sku, description, cost_price, sales_price, vat_rate, category_id, image_url, stock_level, low_stock_threshold,
         supplier_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?) returning id`,
    )
    .pluck();
  const insertVariant = c.prepare("insert into product_variants (product_id, name, options, position) values (?, ?, ?, ?)");
  const insertRule = c.prepare("insert into volume_discounts (product_id, min_quantity, discount_percentage, created_at) values (?, ?, ?, ?)");
  const insertOrder = c
    .prepare(
      `insert into orders (order_number, user_id, company_id, status, subtotal, vat_amount, total, discount_amount, voucher_id, channel, shipping_name,
         shipping_email, shipping_address, shipping_city, shipping_postcode, tracking_number, carrier, tracking_url, estimated_delivery,
         free_shipping, approved_at, cancelled_at, delivered_at, created_at, updated_at)
       values (?, ?, (select company_id from users where id = ?), ?, ?, ?, ?, 0, null, 'storefront', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?) returning id`,
    )
    .pluck();
  const insertOrderItem = c.prepare(
    `insert into order_items (order_id, product_id, product_name, sku, selected_variants, quantity, unit_price, vat_rate, total, vat_amount)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertInvoice = c
    .prepare(
      `insert into sales_invoices (order_id, invoice_number, customer_id, company_id, status, subtotal, vat_amount, total, amount_paid, issue_date, due_date,
         voided_at, created_at)
       values (?, ?, ?, (select company_id from orders where id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    )
    .pluck();
  const insertInvoiceItem = c.prepare(
    `insert into sales_invoice_items (invoice_id, product_id, sku, description, quantity, unit_price, vat_rate, vat_amount, total)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPayment = c.prepare(
    `insert into payments (sales_invoice_id, amount, payment_method, payment_date, reference, notes, financial_account_id, created_by, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setAmountPaid = c.prepare("update sales_invoices set amount_paid = ? where id = ?");
  const insertLoyalty = c.prepare(
    `insert into loyalty_transactions (user_id, company_id, transaction_type, points, order_id, reward_id, return_id, description, created_at)
     values (?, (select company_id from users where id = ?), ?, ?, ?, ?, ?, ?, ?)`,
  );

  return {
    company(co: CompanyRow): number {
      return insertCompany.get(co.name, co.vatNumber, co.address, co.priceTierId, co.requiresApproval ? 1 : 0, co.createdAt, co.createdAt) as number;
    },

    user(u: UserRow) {
      insertUser.run(
        u.id,
        u.email,
        u.passwordHash,
        u.firstName,
        u.lastName,
        u.businessName,
        u.role,
        u.staffRole ?? (u.role === "admin" ? "admin" : null),
        u.phone,
        u.address,
        u.vatNumber,
        u.companyId,
        u.companyRole,
        u.approvedAt,
        u.createdAt,
        u.updatedAt,
      );
    },

    category(row: CategoryRow): number {
      return insertCategory.get(row.name, row.slug, row.description, row.createdAt) as number;
    },

    /** A product with its variant groups and volume breaks (the breaks dated `rulesCreatedAt`). */
    product(p: ProductRow, variants: readonly VariantGroup[], rules: readonly VolumeRuleRow[], rulesCreatedAt: number): number {
      const id = insertProduct.get(
        p.name,
        p.slug,
        p.sku,
        p.description,
        p.costPrice,
        p.salesPrice,
        p.vatRate,
        p.categoryId,
        p.stockLevel,
        p.lowStockThreshold,
        p.supplierId,
        p.createdAt,
        p.createdAt,
      ) as number;
      variants.forEach(([name, options], position) => insertVariant.run(id, name, JSON.stringify(options), position));
      for (const rule of rules) insertRule.run(id, rule.minQuantity, rule.discountPercentage, rulesCreatedAt);
      return id;
    },

    order(o: OrderRow, totals: Totals): number {
      const to = o.shipTo;
      return insertOrder.get(
        o.orderNumber,
        o.userId,
        o.userId,
        o.status,
        totals.subtotal,
        totals.vatAmount,
        totals.total,
        to.name,
        to.email,
        to.address,
        to.city,
        to.postcode,
        o.trackingNumber,
        o.carrier,
        o.trackingUrl,
        o.estimatedDelivery,
        o.approvedAt,
        o.cancelledAt,
        o.deliveredAt,
        o.createdAt,
        o.updatedAt,
      ) as number;
    },

    orderItem(orderId: number, line: SaleLine, amounts: LineAmounts): number {
      const { lastInsertRowid } = insertOrderItem.run(
        orderId,
        line.productId,
        line.productName,
        line.sku,
        JSON.stringify(line.selectedVariants),
        line.quantity,
        line.unitPrice,
        line.vatRate,
        amounts.net,
        amounts.vat,
      );
      return Number(lastInsertRowid);
    },

    salesInvoice(inv: SalesInvoiceRow): number {
      return insertInvoice.get(
        inv.orderId,
        inv.invoiceNumber,
        inv.customerId,
        inv.orderId,
        inv.status,
        inv.subtotal,
        inv.vatAmount,
        inv.total,
        inv.amountPaid,
        inv.issueDate,
        inv.dueDate,
        inv.voidedAt,
        inv.createdAt,
      ) as number;
    },

    salesInvoiceItem(invoiceId: number, line: SaleLine, amounts: LineAmounts) {
      insertInvoiceItem.run(invoiceId, line.productId, line.sku, line.description, line.quantity, line.unitPrice, line.vatRate, amounts.vat, amounts.net);
    },

    payment(p: PaymentRow) {
      insertPayment.run(p.salesInvoiceId, p.amount, p.method, p.paymentDate, p.reference, p.notes, p.financialAccountId, p.createdBy, p.createdAt);
    },

    setAmountPaid(invoiceId: number, amountPaid: number) {
      setAmountPaid.run(amountPaid, invoiceId);
    },

    loyalty(t: LoyaltyRow) {
      insertLoyalty.run(t.userId, t.userId, t.type, t.points, t.orderId ?? null, t.rewardId ?? null, t.returnId ?? null, t.description, t.createdAt);
    },
  };
}

export type RowWriters = ReturnType<typeof rowWriters>;

/**
 * Each product's stock as it stands after seeding, as its opening stock movement (products that already
 * have movements are left alone), so every product's movements sum to its stock level.
 */
export function recordOpeningStockLevels(db: DB, now: number) {
  db.$client
    .prepare(
      `insert into stock_movements (product_id, change, reason, stock_after, note, created_at)
       select p.id, p.stock_level, 'opening', p.stock_level, 'Opening stock', ?
       from products p where not exists (select 1 from stock_movements m where m.product_id = p.id)`,
    )
    .run(now);
}
