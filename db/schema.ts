/**
 * The whole data model, in one place.
 *
 * Money is integer pence; rates and percentages are integer hundredths (20.00% = 2000).
 * Instants are integer milliseconds since the epoch; calendar dates (invoice issue/due, VAT periods) are
 * ISO `YYYY-MM-DD` text, because they are days in the UK, not instants.
 */
import { desc, relations, sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const USER_ROLES = ["customer", "admin", "supplier"] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** A back-office user's staff role (app/domain/users/staff-roles.ts); null for customers and suppliers. */
export const STAFF_ROLE_VALUES = ["admin", "sales", "warehouse", "accounts"] as const;

/** What a customer may do within their company (docs/decisions/0061-companies.md). */
export const COMPANY_ROLES = ["company_admin", "approver", "buyer", "viewer"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
/** The period a buyer's spending limit runs over, in UK time. */
export const LIMIT_PERIODS = ["none", "daily", "weekly", "monthly", "yearly"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** An order over a spending limit, kept for the company's approvers: waiting, then placed, rejected or withdrawn. */
export const APPROVAL_REQUEST_STATUSES = ["waiting", "placed", "rejected", "withdrawn"] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];

/** a company's payment terms: pay before dispatch, net N days, or 30 days after the end of the invoice's month */
export const PAYMENT_TERMS = ["pro_forma", "net7", "net14", "net30", "net60", "eom30"] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const ORDER_STATUSES = [
  "pending",
  "pending_approval",
  /** placed on credit hold (over the company's available credit, or an invoice overdue): released by accounts */
  "on_hold",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PRODUCT_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export const RETURN_STATUSES = ["requested", "approved", "rejected", "completed"] as const;
export const RETURN_TYPES = ["refund", "exchange"] as const;
export const PURCHASE_ORDER_STATUSES = ["draft", "sent", "received", "cancelled"] as const;
export const LOYALTY_TRANSACTION_TYPES = ["earned", "redeemed", "expired", "adjusted"] as const;
export const REWARD_TYPES = [
  "discount_percentage",
  "discount_fixed",
  "free_shipping",
  "free_product",
] as const;
export const PAYMENT_METHODS = ["bank_transfer", "cash", "credit"] as const;
export const ACCOUNT_TYPES = ["bank", "cash", "credit_card", "payment_gateway", "other"] as const;
/** Stored invoice states; paid / partially_paid / overdue are derived from amounts and dates. */
export const STORED_INVOICE_STATUSES = ["unpaid", "void"] as const;

// ─── People and access ──────────────────────────────────────────────────────

export const priceTiers = sqliteTable("price_tiers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name", { length: 100 }).notNull().unique(),
  description: text("description"),
  /** hundredths of a percent: 1000 = 10.00% */
  discountPercentage: integer("discount_percentage").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * A customer account: the business that buys. Prices (tier and customer prices), the wholesaler's approval
 * flag, the delivery charge, points, delivery addresses, orders and invoices belong to the company; each
 * person who signs in is a user with a company role.
 */
export const companies = sqliteTable(
  "companies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name", { length: 200 }).notNull(),
    vatNumber: text("vat_number"),
    /** Companies House number */
    companyNumber: text("company_number", { length: 20 }),
    /** billing address, one line as the sign-up form writes it: "street, town, postcode" */
    address: text("address"),
    priceTierId: integer("price_tier_id").references(() => priceTiers.id, { onDelete: "set null" }),
    /** the wholesaler approves each of this company's orders before it is processed */
    requiresApproval: integer("requires_approval", { mode: "boolean" }).notNull().default(false),
    /** this company's own delivery charge per order (pence, ex VAT) instead of the wholesaler's; null = the standard one */
    deliveryChargePence: integer("delivery_charge_pence"),
    /** set while the wholesaler has put the account on hold: it cannot place orders */
    onHoldAt: integer("on_hold_at", { mode: "timestamp_ms" }),
    holdReason: text("hold_reason"),
    /** orders over a limit and over this (pence ex VAT) need two different approvers; null = any one approver */
    secondApprovalAbovePence: integer("second_approval_above_pence"),
    /** when its invoices fall due (app/domain/credit/payment-terms.ts); net30 is what every invoice had before terms */
    paymentTerms: text("payment_terms", { enum: PAYMENT_TERMS }).notNull().default("net30"),
    /** the most it may owe, orders not yet invoiced included (pence, inc VAT); null = no limit */
    creditLimitPence: integer("credit_limit_pence"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("companies_name_idx").on(sql`${t.name} COLLATE NOCASE`)],
);

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(), // uuid
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** a supplier's (or the staff's) business; a customer's business is their company's name (null here) */
    businessName: text("business_name"),
    profileImageUrl: text("profile_image_url"),
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    /**
     * what a back-office user (role 'admin') may use: admin (everything), sales, warehouse or accounts; null for
     * customers and suppliers. A back-office row with null here is a full admin, as every admin was before roles.
     */
    staffRole: text("staff_role", { enum: STAFF_ROLE_VALUES }),
    phone: text("phone"),
    /** a supplier's address; a customer's billing address is their company's (null here) */
    address: text("address"),
    /** a supplier's VAT number; a customer's is their company's (null here) */
    vatNumber: text("vat_number"),
    /**
     * Retired: a customer's price tier is their company's (companies.price_tier_id). Always null since the
     * companies migration; kept only because SQLite cannot drop a foreign-key column without rebuilding `users`,
     * and a rebuild inside the migration's transaction would cascade into every table that refers to users.
     * Never read or written (docs/decisions/0061-companies.md).
     */
    retiredPriceTierId: integer("price_tier_id").references(() => priceTiers.id, { onDelete: "set null" }),
    /** customers only: the account they buy for (null for admins and suppliers) */
    companyId: integer("company_id").references((): AnySQLiteColumn => companies.id, { onDelete: "restrict" }),
    companyRole: text("company_role", { enum: COMPANY_ROLES }),
    /** spending limits (pence ex VAT, delivery included): per order, and per period; null = no limit */
    orderLimitPence: integer("order_limit_pence"),
    periodLimitPence: integer("period_limit_pence"),
    limitPeriod: text("limit_period", { enum: LIMIT_PERIODS }).notNull().default("none"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** null while a self-registered customer waits for an admin */
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    /**
     * set when a self sign-up came beyond the day's share of the approval queue: it waits apart, as likely
     * automated, until an admin approves it or rejects the lot (null for every other user)
     */
    signUpHeldAt: integer("sign_up_held_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // emails are stored lower-cased, so a plain unique index is case-insensitive in effect
    uniqueIndex("users_email_unique").on(t.email),
    index("users_role_idx").on(t.role),
    index("users_approved_at_idx").on(t.approvedAt),
    index("users_company_idx").on(t.companyId),
    // the back office's user list, newest first, read in order to the page rather than every account sorted
    index("users_created_idx").on(t.createdAt),
  ],
);

/**
 * A company admin's invitation to a colleague: one row per link sent. Only the SHA-256 of the link's token is
 * kept (as for password resets). It works once, within 7 days; accepting makes the person, with the role given.
 */
export const companyInvitations = sqliteTable(
  "company_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** lower-cased, as users' emails are */
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: COMPANY_ROLES }).notNull(),
    /** SHA-256 of the token, hex */
    tokenHash: text("token_hash").notNull(),
    invitedById: text("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    /** ms since the epoch */
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** when it was accepted, or withdrawn (a newer invitation to the same email replaces it) */
    usedAt: integer("used_at"),
    /** the person the invitation made */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("company_invitations_token_hash_unique").on(t.tokenHash),
    index("company_invitations_company_idx").on(t.companyId, t.createdAt),
  ],
);

/** Server-side sessions: the cookie carries only `sid`. */
export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: text("sess").notNull(), // JSON
    /** ms since epoch */
    expire: integer("expire").notNull(),
    /** set once signed in, so a user's sessions can be ended together */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

export const auditLogs = sqliteTable(
  "audit_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    details: text("details"), // JSON
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_logs_entity_idx").on(t.entityType, t.entityId),
    index("audit_logs_created_idx").on(t.createdAt),
  ],
);

/** Replays of a mutating request return the first result instead of acting twice. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    /** who used the key (user id, or the session id for guests) */
    ownerId: text("owner_id").notNull(),
    scope: text("scope").notNull(), // one of REPEAT_SCOPE, e.g. "orders.order.place"
    /** JSON of the first result; null while the first request is still running */
    result: text("result"),
    /** a digest of the first request's body: the same key with another body is refused (422) */
    requestHash: text("request_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.scope, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/**
 * Failed password checks, one row per failure and bucket (an account, or a client address), so every server
 * process of the install counts the same failures. Rows older than the window are pruned.
 */
export const signInFailures = sqliteTable(
  "sign_in_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    /** when it failed, ms since the epoch */
    at: integer("at").notNull(),
  },
  (t) => [index("sign_in_failures_bucket_idx").on(t.bucket, t.at)],
);

/**
 * Sign-ups that reached the use case, one row per sign-up and bucket (a client address, or "total"), for the
 * sign-up limits. Apart from sign_in_failures because their window is longer: rows older than it are pruned.
 */
export const signUpAttempts = sqliteTable(
  "sign_up_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    /** when it was made, ms since the epoch */
    at: integer("at").notNull(),
  },
  (t) => [index("sign_up_attempts_bucket_idx").on(t.bucket, t.at)],
);

/**
 * Password reset links, one row per link sent. Only the SHA-256 of the link's token is kept: the token itself
 * is in the mail and nowhere else. A link works once, within its hour, and only while the account still has the
 * password it had when the link was sent (`passwordStamp`), so any change of password voids it. Pruned once expired.
 */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token, hex */
    tokenHash: text("token_hash").notNull(),
    /** SHA-256 of the password hash the account had when the link was sent, hex */
    passwordStamp: text("password_stamp").notNull(),
    /** the admin who sent it from the back office; null when the account holder asked for it */
    sentById: text("sent_by_id").references(() => users.id, { onDelete: "set null" }),
    /** ms since the epoch */
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** when it was used, or made void by the use of another link of the account */
    usedAt: integer("used_at"),
  },
  (t) => [uniqueIndex("password_resets_token_hash_unique").on(t.tokenHash), index("password_resets_user_idx").on(t.userId)],
);

/**
 * How far a running product import has got, written by the process running it and read by whichever
 * server process the back office's poll reaches. Kept a day (housekeeping), then pruned.
 */
export const importProgress = sqliteTable(
  "import_progress",
  {
    ownerId: text("owner_id").notNull(),
    importId: text("import_id").notNull(),
    /** JSON of the ImportProgress */
    progress: text("progress").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.importId] }), index("import_progress_updated_idx").on(t.updatedAt)],
);

/**
 * Facts about this install, by key: whether it is a real install (made by `npm run setup`, never seeded
 * with demo accounts) and the password hashes the demo accounts were seeded with (an account whose hash is
 * still that one still has the published demo password).
 */
export const installSettings = sqliteTable("install_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/** Gap-free counters for human document numbers (ORD-000123, INV-2026-00001, PO-000001). */
export const numberSequences = sqliteTable("number_sequences", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
});

// ─── Catalogue ──────────────────────────────────────────────────────────────

export const categories = sqliteTable("categories", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name", { length: 100 }).notNull().unique(),
  slug: text("slug", { length: 100 }).notNull().unique(),
  description: text("description"),
  createdAt: createdAt(),
});

export const products = sqliteTable(
  "products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name", { length: 200 }).notNull(),
    slug: text("slug", { length: 200 }).notNull().unique(),
    /** the product code trade buyers order by (quick order, CSV); unique when set */
    sku: text("sku", { length: 64 }),
    description: text("description"),
    costPrice: integer("cost_price").notNull().default(0),
    /** list price, ex VAT, pence */
    salesPrice: integer("sales_price").notNull(),
    vatRate: integer("vat_rate").notNull().default(2000),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    imageUrl: text("image_url"),
    stockLevel: integer("stock_level").notNull().default(0),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(10),
    /** preferred supplier for purchase orders */
    supplierId: text("supplier_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // pack rules (app/domain/catalog/pack-rules.ts): null = no rule
    /** the fewest units one order line may hold */
    minOrderQuantity: integer("min_order_quantity"),
    /** a line's quantity must be a multiple of this */
    orderMultiple: integer("order_multiple"),
    /** how the pack is named to buyers: "case of 6" */
    packLabel: text("pack_label", { length: 60 }),
    /** inner units one unit of sale holds, for the per-unit price ("£0.66 each") */
    unitsPerPack: integer("units_per_pack"),
  },
  (t) => [
    index("products_category_name_idx").on(t.categoryId, t.name),
    // the storefront's default order within a category (name, case-insensitive): a category's first page
    // and each home section read their first products off this index instead of sorting the category
    index("products_category_name_nocase_idx").on(t.categoryId, sql`${t.name} COLLATE NOCASE`),
    // a category listed by price, ex VAT or with VAT (the storefront's default basis; the expression is
    // listPriceSql's in catalog.server.ts, written the same so SQLite matches it): its first page read off the
    // index in order instead of sorting the whole category
    index("products_category_price_idx").on(t.categoryId, t.salesPrice, sql`${t.name} COLLATE NOCASE`),
    index("products_category_price_inc_vat_idx").on(
      t.categoryId,
      sql`(${t.salesPrice} + (${t.salesPrice} * ${t.vatRate} * 2 + 10000) / 20000)`,
      sql`${t.name} COLLATE NOCASE`,
    ),
    // a category's products counted by stock state (the stock filter) from the index alone, not from every row
    index("products_category_stock_idx").on(t.categoryId, t.stockLevel, t.lowStockThreshold),
    // the filter bar's VAT rates and price bounds: a few index seeks, catalogue-wide or per category
    index("products_vat_price_idx").on(t.vatRate, t.salesPrice),
    index("products_category_vat_price_idx").on(t.categoryId, t.vatRate, t.salesPrice),
    index("products_name_idx").on(t.name),
    // the back office's product list, A to Z by default: its first page read off this index, not a sort of every product
    index("products_name_nocase_idx").on(sql`${t.name} COLLATE NOCASE`),
    index("products_sales_price_idx").on(t.salesPrice),
    index("products_stock_idx").on(t.stockLevel),
    index("products_supplier_idx").on(t.supplierId),
    uniqueIndex("products_sku_unique").on(t.sku),
  ],
);

export const STOCK_MOVEMENT_REASONS = [
  "opening",
  "sale",
  "cancellation",
  "return",
  "receipt",
  "adjustment",
  "edit",
  "import",
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/**
 * Every change to a product's stock level, with why and what caused it. The movements of a product sum
 * to its stock level: an opening movement records the level it started from.
 */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** units in (positive) or out (negative) */
    change: integer("change").notNull(),
    reason: text("reason", { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    /** the stock level right after this movement */
    stockAfter: integer("stock_after").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    returnId: integer("return_id").references(() => returns.id, { onDelete: "set null" }),
    purchaseOrderId: integer("purchase_order_id").references(() => purchaseOrders.id, { onDelete: "set null" }),
    note: text("note"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("stock_movements_product_idx").on(t.productId, t.createdAt)],
);

export const productVariants = sqliteTable(
  "product_variants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name", { length: 100 }).notNull(),
    options: text("options", { mode: "json" }).$type<string[]>().notNull(),
    position: integer("position").notNull().default(0),
    // pack rules: a value overrides the product's, null inherits it (app/domain/catalog/pack-rules.ts)
    minOrderQuantity: integer("min_order_quantity"),
    orderMultiple: integer("order_multiple"),
    packLabel: text("pack_label", { length: 60 }),
    unitsPerPack: integer("units_per_pack"),
  },
  (t) => [uniqueIndex("product_variants_product_name_unique").on(t.productId, t.name)],
);

export const volumeDiscounts = sqliteTable(
  "volume_discounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    minQuantity: integer("min_quantity").notNull(),
    discountPercentage: integer("discount_percentage").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("volume_discounts_product_idx").on(t.productId, t.minQuantity)],
);

export const customerPricing = sqliteTable(
  "customer_pricing",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** the account the price was agreed with: every buyer of the company gets it */
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    customPrice: integer("custom_price").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customer_pricing_company_product_unique").on(t.companyId, t.productId),
    index("customer_pricing_product_idx").on(t.productId),
  ],
);

export const productRequests = sqliteTable(
  "product_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    requestText: text("request_text").notNull(),
    status: text("status", { enum: PRODUCT_REQUEST_STATUSES }).notNull().default("pending"),
    feasibilityScore: integer("feasibility_score"),
    clarityScore: integer("clarity_score"),
    relevanceScore: integer("relevance_score"),
    aiReasoning: text("ai_reasoning"),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_requests_status_idx").on(t.status, t.createdAt),
    // a customer's own requests, newest first (listMyProductRequests) and the duplicate check
    index("product_requests_user_idx").on(t.userId, t.createdAt),
  ],
);

// ─── Cart, orders, templates ────────────────────────────────────────────────

export const cartItems = sqliteTable(
  "cart_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    selectedVariants: text("selected_variants", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    /** canonical JSON of selectedVariants (sorted keys): a line is product + variants */
    variantKey: text("variant_key").notNull().default("{}"),
    quantity: integer("quantity").notNull().default(1),
    /** unit price (pence, ex VAT) when the line was added, to tell the buyer when it changed */
    priceWhenAdded: integer("price_when_added"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("cart_items_line_unique").on(t.userId, t.productId, t.variantKey)],
);

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderNumber: text("order_number", { length: 50 }).notNull().unique(),
    /** who placed it */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** whose order it is: the placer's company (null for a walk-in sale with no account) */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    subtotal: integer("subtotal").notNull(),
    vatAmount: integer("vat_amount").notNull(),
    total: integer("total").notNull(),
    /** voucher discount already taken off the subtotal (pence, ex VAT) */
    discountAmount: integer("discount_amount").notNull().default(0),
    voucherId: integer("voucher_id"),
    /** "storefront" | "pos" | "api" */
    channel: text("channel").notNull().default("storefront"),
    shippingName: text("shipping_name", { length: 200 }).notNull(),
    shippingEmail: text("shipping_email").notNull(),
    shippingAddress: text("shipping_address").notNull(),
    shippingCity: text("shipping_city", { length: 100 }).notNull(),
    shippingPostcode: text("shipping_postcode", { length: 20 }).notNull(),
    /** the buyer's own purchase-order reference, printed on the invoice */
    poReference: text("po_reference", { length: 50 }),
    /** delivery instructions for the driver or the yard (gate code, opening hours) */
    deliveryNotes: text("delivery_notes"),
    trackingNumber: text("tracking_number", { length: 100 }),
    carrier: text("carrier", { length: 100 }),
    trackingUrl: text("tracking_url"),
    estimatedDelivery: text("estimated_delivery"),
    freeShipping: integer("free_shipping", { mode: "boolean" }).notNull().default(false),
    /** the delivery charge (pence, ex VAT) and its VAT, fixed when the order is placed; both in vatAmount and total */
    deliveryChargePence: integer("delivery_charge_pence").notNull().default(0),
    deliveryVatPence: integer("delivery_vat_pence").notNull().default(0),
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    /** why the order was placed on credit hold (the buyer is told this); kept after release for the history */
    holdReason: text("hold_reason"),
    /** when an accounts user released the credit hold; null while held or never held */
    holdReleasedAt: integer("hold_released_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    /** the quote (one version of it) this order was placed from, at its prices; null for every other order */
    quoteId: integer("quote_id").references((): AnySQLiteColumn => quotes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // with the status and the total, a customer's orders are summed from the index alone (customer insights)
    index("orders_user_created_totals_idx").on(t.userId, t.createdAt, t.status, t.total),
    index("orders_company_created_totals_idx").on(t.companyId, t.createdAt, t.status, t.total),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_quote_idx").on(t.quoteId),
    // the back office's list by total (high to low read backwards; low to high sorts only ties of a total) and
    // by status (A to Z, newest first in each), read in order to the page rather than every order sorted
    index("orders_total_created_idx").on(t.total, t.createdAt),
    index("orders_status_newest_idx").on(t.status, desc(t.createdAt), desc(t.id)),
  ],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    /** the product code when ordered (kept if the product's code changes later) */
    sku: text("sku", { length: 64 }),
    selectedVariants: text("selected_variants", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    vatRate: integer("vat_rate").notNull(),
    /** quantity × unitPrice, ex VAT (after any voucher share) */
    total: integer("total").notNull(),
    /** VAT of this line, rounded half-up to the penny */
    vatAmount: integer("vat_amount").notNull(),
  },
  // both carry the other id, so "bought together" (one product's orders, then their other lines) reads
  // the indexes alone, never the lines themselves
  (t) => [
    index("order_items_order_product_idx").on(t.orderId, t.productId),
    index("order_items_product_order_idx").on(t.productId, t.orderId),
  ],
);

/** A company's saved delivery addresses (its sites), offered to its buyers at checkout. */
export const deliveryAddresses = sqliteTable(
  "delivery_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** the buyer's own name for it: "Yard", "Site B, Leeds" */
    label: text("label", { length: 60 }).notNull(),
    name: text("name", { length: 200 }).notNull(),
    address: text("address").notNull(),
    city: text("city", { length: 100 }).notNull(),
    postcode: text("postcode", { length: 20 }).notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("delivery_addresses_company_idx").on(t.companyId, t.createdAt)],
);

export const orderTemplates = sqliteTable(
  "order_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** who made it: they keep it up to date, shared or not (docs/decisions/0068-shared-lists.md) */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** shared with the whole company as a requisition list */
    shared: integer("shared", { mode: "boolean" }).notNull().default(false),
    name: text("name", { length: 200 }).notNull(),
    description: text("description"),
    items: text("items", { mode: "json" })
      .$type<
        {
          productId: number;
          productName: string;
          quantity: number;
          selectedVariants: Record<string, string>;
        }[]
      >()
      .notNull(),
    createdAt: createdAt(),
    /** the last rename, change of lines or of sharing; set to created_at for templates older than it (migration 0019) */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).$defaultFn(() => new Date()),
  },
  (t) => [index("order_templates_user_idx").on(t.userId), index("order_templates_company_idx").on(t.companyId, t.shared)],
);

/**
 * An order over a person's spending limit, kept for their company's approvers instead of being placed
 * (docs/decisions/0066-spending-limits-and-approvals.md). No stock is taken and nothing reaches the books
 * until the last approval places it as an order (`order_id`).
 */
export const approvalRequests = sqliteTable(
  "approval_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    /** who sent it */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: APPROVAL_REQUEST_STATUSES }).notNull().default("waiting"),
    /** what Place Order was asked besides the lines (shipping, voucher, PO reference): placed so when approved */
    orderInput: text("order_input", { mode: "json" })
      .$type<{
        shippingName: string;
        shippingEmail: string;
        shippingAddress: string;
        shippingCity: string;
        shippingPostcode: string;
        channel: "storefront" | "api";
        voucherCode: string | null;
        poReference: string | null;
        deliveryNotes: string | null;
        saveAddress: boolean;
        addressLabel: string | null;
        /** an accepted quote's order: its lines keep the quoted prices when approved (docs/decisions/0073) */
        quoteId?: number | null;
      }>()
      .notNull(),
    /** the lines as priced when it was sent (unit prices pence ex VAT) */
    lines: text("lines", { mode: "json" })
      .$type<
        {
          productId: number;
          productName: string;
          sku: string | null;
          selectedVariants: Record<string, string>;
          quantity: number;
          unitPrice: number;
          vatRate: number;
        }[]
      >()
      .notNull(),
    /** the totals shown when it was sent (pence): goods after any voucher ex VAT, VAT, total inc VAT with delivery */
    subtotal: integer("subtotal").notNull(),
    vatAmount: integer("vat_amount").notNull(),
    total: integer("total").notNull(),
    /** what the limits measured: ex VAT, delivery included */
    orderValue: integer("order_value").notNull(),
    /** why it needs approval, as the person was told */
    reasons: text("reasons", { mode: "json" }).$type<string[]>().notNull(),
    /** 1, or 2 different approvers above the company's amount */
    approvalsNeeded: integer("approvals_needed").notNull().default(1),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    rejectionReason: text("rejection_reason"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("approval_requests_company_idx").on(t.companyId, t.status, t.createdAt),
    index("approval_requests_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Each approver's decision on a request: one per person per request, so two approvals are two people. */
export const approvalDecisions = sqliteTable(
  "approval_decisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requestId: integer("request_id")
      .notNull()
      .references(() => approvalRequests.id, { onDelete: "cascade" }),
    approverId: text("approver_id").references(() => users.id, { onDelete: "set null" }),
    decision: text("decision", { enum: ["approve", "reject"] }).notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("approval_decisions_once_idx").on(t.requestId, t.approverId)],
);

// ─── Returns ────────────────────────────────────────────────────────────────

export const returns = sqliteTable(
  "returns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** the human number customers and staff quote: RMA-000123 */
    returnNumber: text("return_number", { length: 50 }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** who asked for it */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** the order's company */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    /** a completed exchange's replacement order (no charge, stock taken) */
    replacementOrderId: integer("replacement_order_id").references((): AnySQLiteColumn => orders.id, { onDelete: "set null" }),
    returnType: text("return_type", { enum: RETURN_TYPES }).notNull().default("refund"),
    status: text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    reason: text("reason").notNull(),
    customerNotes: text("customer_notes"),
    adminNotes: text("admin_notes"),
    refundAmount: integer("refund_amount"),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("returns_user_idx").on(t.userId, t.createdAt),
    index("returns_company_idx").on(t.companyId, t.createdAt),
    index("returns_order_idx").on(t.orderId),
    index("returns_status_idx").on(t.status),
    uniqueIndex("returns_return_number_unique").on(t.returnNumber),
  ],
);

export const returnItems = sqliteTable(
  "return_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    returnId: integer("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    vatRate: integer("vat_rate").notNull(),
  },
  (t) => [index("return_items_return_idx").on(t.returnId), index("return_items_order_item_idx").on(t.orderItemId)],
);

// ─── Loyalty ────────────────────────────────────────────────────────────────

export const loyaltyRewards = sqliteTable(
  "loyalty_rewards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    description: text("description"),
    pointsCost: integer("points_cost").notNull().default(100),
    rewardType: text("reward_type", { enum: REWARD_TYPES }).notNull().default("discount_percentage"),
    /** hundredths: percent for discount_percentage (1000 = 10%), pence for discount_fixed */
    rewardValue: integer("reward_value"),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    validFrom: integer("valid_from", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    validUntil: integer("valid_until", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("loyalty_rewards_active_idx").on(t.isActive)],
);

/** A redeemed reward waiting to be used at checkout. Used once. */
export const vouchers = sqliteTable(
  "vouchers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull().unique(),
    /** who redeemed the points for it (kept by the company if that person is removed) */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** whose points paid for it: any buyer of the company may use it */
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    rewardId: integer("reward_id").references(() => loyaltyRewards.id, { onDelete: "set null" }),
    rewardName: text("reward_name").notNull(),
    rewardType: text("reward_type", { enum: REWARD_TYPES }).notNull(),
    rewardValue: integer("reward_value"),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    usedOrderId: integer("used_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("vouchers_user_idx").on(t.userId, t.usedAt), index("vouchers_company_idx").on(t.companyId, t.usedAt)],
);

export const loyaltyTransactions = sqliteTable(
  "loyalty_transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** whose action earned or spent the points (kept by the company if that person is removed) */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** whose balance it moves: points belong to the company */
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    transactionType: text("transaction_type", { enum: LOYALTY_TRANSACTION_TYPES }).notNull(),
    /** signed */
    points: integer("points").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    rewardId: integer("reward_id").references(() => loyaltyRewards.id, { onDelete: "set null" }),
    returnId: integer("return_id").references(() => returns.id, { onDelete: "set null" }),
    description: text("description"),
    createdAt: createdAt(),
  },
  (t) => [
    index("loyalty_transactions_user_idx").on(t.userId, t.createdAt),
    index("loyalty_transactions_company_idx").on(t.companyId, t.createdAt),
    index("loyalty_transactions_order_idx").on(t.orderId),
  ],
);

// ─── Invoices, payments, accounts, VAT ──────────────────────────────────────

export const financialAccounts = sqliteTable("financial_accounts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name", { length: 200 }).notNull(),
  type: text("type", { enum: ACCOUNT_TYPES }).notNull().default("bank"),
  /** pence; for credit cards a positive balance is money owed */
  balance: integer("balance").notNull().default(0),
  bankName: text("bank_name"),
  accountNumber: text("account_number"),
  sortCode: text("sort_code"),
  iban: text("iban"),
  swiftCode: text("swift_code"),
  paymentProcessorId: text("payment_processor_id"),
  externalReference: text("external_reference"),
  notes: text("notes"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const salesInvoices = sqliteTable(
  "sales_invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .unique()
      .references(() => orders.id, { onDelete: "set null" }),
    invoiceNumber: text("invoice_number", { length: 50 }).notNull().unique(),
    /** the person who placed the order */
    customerId: text("customer_id").references(() => users.id, { onDelete: "set null" }),
    /** the account billed */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    /** "unpaid" or "void"; paid / partially_paid / overdue are derived */
    status: text("status", { enum: STORED_INVOICE_STATUSES }).notNull().default("unpaid"),
    subtotal: integer("subtotal").notNull(),
    vatAmount: integer("vat_amount").notNull(),
    total: integer("total").notNull(),
    amountPaid: integer("amount_paid").notNull().default(0),
    /** pence settled by credit notes set against this invoice (a refund return while something was owed) */
    creditedAmount: integer("credited_amount").notNull().default(0),
    issueDate: text("issue_date").notNull(), // YYYY-MM-DD
    dueDate: text("due_date").notNull(),
    /** the company's terms when it was issued; null for invoices issued before terms (30 days) and manual ones with a typed due date */
    paymentTerms: text("payment_terms", { enum: PAYMENT_TERMS }),
    voidedAt: integer("voided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("sales_invoices_customer_idx").on(t.customerId, t.issueDate),
    index("sales_invoices_company_idx").on(t.companyId, t.issueDate),
    // a period's sales summed from the index alone: profit & loss (status, subtotal) and a VAT return (also
    // the VAT, when it was recorded and when it was voided)
    index("sales_invoices_issue_totals_idx").on(t.issueDate, t.status, t.subtotal, t.vatAmount, t.createdAt, t.voidedAt),
    // the invoices still owing, alone (a fifth of a large install's): aged debtors and credit positions read them
    // without passing every settled invoice (../app/domain/ledger/aged-balances.server.ts)
    index("sales_invoices_open_idx")
      .on(t.companyId, t.issueDate, t.dueDate, t.status, t.voidedAt, t.invoiceNumber, t.customerId, t.orderId, t.total, t.amountPaid, t.creditedAmount)
      .where(sql`${t.total} > ${t.amountPaid} + ${t.creditedAmount}`),
    // the same invoices newest first, for the invoices list filtered to Overdue (or Unpaid, Partially paid): read
    // in order to the page, rather than every open invoice sorted for 25 of them
    index("sales_invoices_open_newest_idx")
      .on(t.issueDate, t.dueDate, t.status, t.total, t.amountPaid, t.creditedAmount)
      .where(sql`${t.total} > ${t.amountPaid} + ${t.creditedAmount}`),
  ],
);

export const salesInvoiceItems = sqliteTable(
  "sales_invoice_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => salesInvoices.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    /** the product code as invoiced; null for custom lines */
    sku: text("sku", { length: 64 }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    vatRate: integer("vat_rate").notNull(),
    vatAmount: integer("vat_amount").notNull(),
    total: integer("total").notNull(),
  },
  (t) => [index("sales_invoice_items_invoice_idx").on(t.invoiceId)],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    salesInvoiceId: integer("sales_invoice_id")
      .notNull()
      .references(() => salesInvoices.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    paymentDate: text("payment_date").notNull(), // YYYY-MM-DD
    reference: text("reference", { length: 100 }),
    notes: text("notes"),
    financialAccountId: integer("financial_account_id").references(() => financialAccounts.id, {
      onDelete: "set null",
    }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_invoice_idx").on(t.salesInvoiceId),
    index("payments_date_idx").on(t.paymentDate),
    index("payments_account_idx").on(t.financialAccountId),
  ],
);

export const purchaseInvoices = sqliteTable(
  "purchase_invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    supplierId: text("supplier_id").references(() => users.id, { onDelete: "set null" }),
    invoiceNumber: text("invoice_number", { length: 50 }).notNull(),
    invoiceDate: text("invoice_date").notNull(), // YYYY-MM-DD
    dueDate: text("due_date"),
    subtotal: integer("subtotal").notNull(),
    vatAmount: integer("vat_amount").notNull(),
    total: integer("total").notNull(),
    amountPaid: integer("amount_paid").notNull().default(0),
    status: text("status", { enum: STORED_INVOICE_STATUSES }).notNull().default("unpaid"),
    purchaseOrderId: integer("purchase_order_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("purchase_invoices_supplier_number_unique").on(t.supplierId, t.invoiceNumber),
    index("purchase_invoices_date_idx").on(t.invoiceDate),
  ],
);

export const purchaseInvoiceItems = sqliteTable(
  "purchase_invoice_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    vatRate: integer("vat_rate").notNull(),
    vatAmount: integer("vat_amount").notNull(),
    total: integer("total").notNull(),
  },
  (t) => [index("purchase_invoice_items_invoice_idx").on(t.invoiceId)],
);

export const purchasePayments = sqliteTable(
  "purchase_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purchaseInvoiceId: integer("purchase_invoice_id")
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    paymentDate: text("payment_date").notNull(),
    reference: text("reference", { length: 100 }),
    notes: text("notes"),
    financialAccountId: integer("financial_account_id").references(() => financialAccounts.id, {
      onDelete: "set null",
    }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("purchase_payments_invoice_idx").on(t.purchaseInvoiceId),
    index("purchase_payments_date_idx").on(t.paymentDate),
    index("purchase_payments_account_idx").on(t.financialAccountId),
  ],
);

/** One return per calendar month; all nine HMRC boxes are stored (6 and 7 in whole pounds, the rest in pence). */
export const vatReturns = sqliteTable("vat_returns", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** period label, e.g. "2026-11" */
  quarter: text("quarter").notNull(),
  startDate: text("start_date").notNull().unique(),
  endDate: text("end_date").notNull(),
  box1VatDue: integer("box1_vat_due").notNull(),
  box2VatDueAcquisitions: integer("box2_vat_due_acquisitions").notNull().default(0),
  box3TotalVatDue: integer("box3_total_vat_due").notNull(),
  box4VatReclaimed: integer("box4_vat_reclaimed").notNull(),
  box5NetVat: integer("box5_net_vat").notNull(),
  box6TotalSales: integer("box6_total_sales").notNull(),
  box7TotalPurchases: integer("box7_total_purchases").notNull(),
  box8TotalSupplies: integer("box8_total_supplies").notNull().default(0),
  box9TotalAcquisitions: integer("box9_total_acquisitions").notNull().default(0),
  isFiled: integer("is_filed", { mode: "boolean" }).notNull().default(false),
  filedAt: integer("filed_at", { mode: "timestamp_ms" }),
  /** the business's VAT registration number as HMRC knows it (9 digits), entered on the return */
  vatRegistrationNumber: text("vat_registration_number"),
  /** HMRC's key for the obligation this return meets (e.g. "26K1" or "#001"), entered on the return */
  periodKey: text("period_key"),
  createdAt: createdAt(),
});

// ─── The ledger (double entry) ──────────────────────────────────────────────

export const LEDGER_ACCOUNT_TYPES = ["asset", "liability", "equity", "income", "expense"] as const;
export type LedgerAccountType = (typeof LEDGER_ACCOUNT_TYPES)[number];

/** What a journal was posted for: the document (or act) it belongs to. */
export const JOURNAL_SOURCES = [
  "sales_invoice",
  "sales_invoice_void",
  "payment",
  "purchase_invoice",
  "purchase_payment",
  "credit_note",
  "refund_payment",
  "vat_return",
  "vat_payment",
  "opening_balance",
  "capital",
  "account_correction",
  "manual",
  "reversal",
] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];

/** The chart of accounts: UK nominal codes; each financial account the admin keeps has one of its own. */
export const ledgerAccounts = sqliteTable(
  "ledger_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code", { length: 10 }).notNull().unique(),
    name: text("name", { length: 200 }).notNull(),
    type: text("type", { enum: LEDGER_ACCOUNT_TYPES }).notNull(),
    /** the accounts the product posts to by itself (debtors, VAT, sales…): never deleted, code fixed */
    isSystem: integer("is_system", { mode: "boolean" }).notNull().default(false),
    financialAccountId: integer("financial_account_id")
      .unique()
      .references(() => financialAccounts.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
  },
);

/** One posting: its lines sum to zero. Never updated or deleted (triggers refuse it); a reversal corrects. */
export const journals = sqliteTable(
  "journals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** the accounting day, YYYY-MM-DD */
    date: text("date").notNull(),
    description: text("description").notNull(),
    sourceType: text("source_type", { enum: JOURNAL_SOURCES }).notNull(),
    /** the document's id in its own table (invoice, payment, credit note, VAT return…), null for a manual journal */
    sourceId: integer("source_id"),
    /** the journal this one reverses */
    reversesId: integer("reverses_id").references((): AnySQLiteColumn => journals.id),
    /** who posted it (a user id; kept as text so deleting a user never touches the books) */
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("journals_date_idx").on(t.date, t.id),
    index("journals_source_idx").on(t.sourceType, t.sourceId),
    // the journal list filtered by type, newest first, without sorting every journal of that type
    index("journals_type_date_idx").on(t.sourceType, t.date, t.id),
    uniqueIndex("journals_reverses_unique").on(t.reversesId),
  ],
);

export const journalLines = sqliteTable(
  "journal_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    journalId: integer("journal_id")
      .notNull()
      .references(() => journals.id),
    ledgerAccountId: integer("ledger_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    /** signed pence: a debit is positive, a credit negative; a journal's lines sum to zero */
    amount: integer("amount").notNull(),
    /** the journal's day, copied so an account's ledger and a trial balance read one index */
    date: text("date").notNull(),
  },
  (t) => [
    index("journal_lines_journal_idx").on(t.journalId),
    index("journal_lines_account_date_idx").on(t.ledgerAccountId, t.date, t.journalId, t.amount),
  ],
);

/**
 * How many products each category holds, for the home page's sections ("View all 2,345") without counting the
 * whole catalogue on every visit. Written only by the triggers on products (migration 0030), in the statement
 * that adds, moves or deletes a product.
 */
export const categoryProductCounts = sqliteTable("category_product_counts", {
  categoryId: integer("category_id").primaryKey(),
  products: integer("products").notNull(),
});

/**
 * Each customer's orders not cancelled, counted and summed over all time with the first and last of them, so Customer
 * Insights reads one row a customer rather than every order. Written only by the triggers on orders (migration
 * 0031), in the statement that places, cancels, re-prices, moves or deletes an order.
 */
export const customerOrderTotals = sqliteTable("customer_order_totals", {
  userId: text("user_id").primaryKey(),
  orders: integer("orders").notNull(),
  /** pence incl. VAT */
  spent: integer("spent").notNull(),
  /** ms; null once the customer has no order left */
  firstOrderAt: integer("first_order_at"),
  lastOrderAt: integer("last_order_at"),
});

/**
 * The same per customer and calendar month (UK time, "2025-01"), so a month knows how many customers ordered in it.
 * Written only by the triggers on orders (migration 0031).
 */
export const customerMonthTotals = sqliteTable(
  "customer_month_totals",
  {
    userId: text("user_id").notNull(),
    month: text("month").notNull(),
    orders: integer("orders").notNull(),
    spent: integer("spent").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * Customers' orders not cancelled per calendar month (UK time): how many, what they came to, and how many customers
 * placed them. Written only by the triggers on orders (migration 0031).
 */
export const orderMonthTotals = sqliteTable("order_month_totals", {
  month: text("month").primaryKey(),
  orders: integer("orders").notNull(),
  spent: integer("spent").notNull(),
  customers: integer("customers").notNull(),
});

/**
 * How many sales invoices (not void) carry each issue date, so a period's P&L says how many invoices made its
 * revenue from one row a day rather than by counting every invoice of the period. Written only by the triggers on
 * sales_invoices (migration 0028), in the statement that inserts, voids, re-dates or deletes an invoice.
 */
export const salesInvoiceDayCounts = sqliteTable("sales_invoice_day_counts", {
  issueDate: text("issue_date").primaryKey(),
  invoices: integer("invoices").notNull(),
});

/**
 * What each company owes now on its sales invoices (not void, total above paid + credited) and on how many, so the
 * aged-debtors screen finds the companies to list, and counts them, without reading every open invoice (a fifth
 * of a large install's invoices). Company 0 holds the invoices billed to no company. Written only by the triggers
 * on sales_invoices (migration 0035), in the statement that issues, pays, credits, voids or deletes an invoice.
 */
export const companyOpenBalances = sqliteTable("company_open_balances", {
  companyId: integer("company_id").primaryKey(),
  /** pence inc VAT */
  outstanding: integer("outstanding").notNull(),
  invoices: integer("invoices").notNull(),
});

/**
 * The same invoices summed per due date, so the aged-debtors totals of today are one row a due date (a few
 * thousand) rather than one an open invoice. Written only by the triggers of migration 0035.
 */
export const openInvoiceDueTotals = sqliteTable("open_invoice_due_totals", {
  dueDate: text("due_date").primaryKey(),
  outstanding: integer("outstanding").notNull(),
  invoices: integer("invoices").notNull(),
});

/**
 * How many rows a large table has, for the lists that show it whole: SQLite's count(*) reads every entry of an
 * index (12 ms for two million journals, on every view of the journals screen). Written only by the triggers of
 * migration 0036, in the statement that inserts or deletes the row.
 */
export const tableRowCounts = sqliteTable("table_row_counts", {
  tableName: text("table_name").primaryKey(),
  rowCount: integer("row_count").notNull(),
});

/**
 * Each account's lines summed per day, so a period's report (P&L, balance sheet, trial balance) reads one
 * row per account and day rather than every line of the period. Written only by the trigger on
 * journal_lines (migration 0026), inside the statement that inserts the line: it can never disagree with
 * the lines, and lines are never edited or deleted. Debits and credits are kept apart (both positive) so an
 * account's ledger can total its sides from it too.
 */
export const ledgerDayTotals = sqliteTable(
  "ledger_day_totals",
  {
    ledgerAccountId: integer("ledger_account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    date: text("date").notNull(),
    debits: integer("debits").notNull(),
    credits: integer("credits").notNull(),
    lineCount: integer("line_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ledgerAccountId, t.date] }), index("ledger_day_totals_date_idx").on(t.date, t.ledgerAccountId, t.debits, t.credits)],
);

/**
 * A credit note: a completed refund return. What it is worth is set against its invoice while something is
 * owed (appliedAmount); the rest goes back to the customer out of a financial account (refundedAmount;
 * Suspense when none was named).
 */
export const creditNotes = sqliteTable(
  "credit_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    creditNoteNumber: text("credit_note_number", { length: 50 }).notNull().unique(),
    returnId: integer("return_id")
      .notNull()
      .unique()
      .references(() => returns.id),
    salesInvoiceId: integer("sales_invoice_id").references(() => salesInvoices.id),
    customerId: text("customer_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    issueDate: text("issue_date").notNull(),
    subtotal: integer("subtotal").notNull(),
    vatAmount: integer("vat_amount").notNull(),
    total: integer("total").notNull(),
    appliedAmount: integer("applied_amount").notNull(),
    refundedAmount: integer("refunded_amount").notNull(),
    refundAccountId: integer("refund_account_id").references(() => financialAccounts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("credit_notes_invoice_idx").on(t.salesInvoiceId), index("credit_notes_issue_idx").on(t.issueDate)],
);

/**
 * A month's statement sent to a company by the housekeeping timer (or by hand): one row per company and month
 * (the unique key), written before the mail goes, so a restart never sends the month's statement twice.
 */
export const statementRuns = sqliteTable(
  "statement_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** "YYYY-MM" for the monthly run; "manual" rows are never written (a statement sent by hand is audited instead) */
    period: text("period").notNull(),
    /** the statement's date (the last day of the month before) */
    asAt: text("as_at").notNull(),
    sentTo: text("sent_to").notNull(),
    closingBalance: integer("closing_balance").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("statement_runs_company_period_unique").on(t.companyId, t.period)],
);

/**
 * A payment reminder sent for an invoice: one per invoice and level (the level's days from the due date, -3 for
 * three days before), claimed before the mail goes, so no level is ever sent twice, whatever restarts.
 */
export const reminderSends = sqliteTable(
  "reminder_sends",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    salesInvoiceId: integer("sales_invoice_id")
      .notNull()
      .references(() => salesInvoices.id, { onDelete: "cascade" }),
    /** the level: days after the due date it is sent (negative: before) */
    level: integer("level").notNull(),
    sentTo: text("sent_to").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reminder_sends_invoice_level_unique").on(t.salesInvoiceId, t.level)],
);

/** Money paid to HMRC for a filed return (positive), or repaid by HMRC (negative). */
export const vatPayments = sqliteTable(
  "vat_payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    vatReturnId: integer("vat_return_id")
      .notNull()
      .references(() => vatReturns.id),
    amount: integer("amount").notNull(),
    paymentDate: text("payment_date").notNull(),
    financialAccountId: integer("financial_account_id").references(() => financialAccounts.id, { onDelete: "set null" }),
    reference: text("reference", { length: 100 }),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("vat_payments_return_idx").on(t.vatReturnId), index("vat_payments_date_idx").on(t.paymentDate)],
);

// ─── Purchasing ─────────────────────────────────────────────────────────────

export const purchaseOrders = sqliteTable(
  "purchase_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    supplierId: text("supplier_id").references(() => users.id, { onDelete: "set null" }),
    orderNumber: text("order_number", { length: 50 }).notNull().unique(),
    status: text("status", { enum: PURCHASE_ORDER_STATUSES }).notNull().default("draft"),
    subtotal: integer("subtotal").notNull().default(0),
    vatAmount: integer("vat_amount").notNull().default(0),
    total: integer("total").notNull().default(0),
    notes: text("notes"),
    autoGenerated: integer("auto_generated", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("purchase_orders_status_idx").on(t.status),
    index("purchase_orders_supplier_idx").on(t.supplierId),
  ],
);

export const purchaseOrderItems = sqliteTable(
  "purchase_order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: integer("unit_price").notNull(),
    vatRate: integer("vat_rate").notNull(),
    vatAmount: integer("vat_amount").notNull().default(0),
    total: integer("total").notNull(),
  },
  (t) => [
    index("purchase_order_items_po_idx").on(t.purchaseOrderId),
    index("purchase_order_items_product_idx").on(t.productId),
  ],
);

// ─── Quotes (docs/decisions/0072-quote-states.md) ────────────────────────────

export const QUOTE_STATUSES = ["requested", "draft", "sent", "accepted", "declined", "revision_requested"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * One version of a quote. A revision is a new row with the same number and the next version; earlier
 * versions are kept as they were. "expired" is not stored: a sent quote past the end of its valid-until day
 * (UK time) is expired (quotes/quote-states.ts).
 */
export const quotes = sqliteTable(
  "quotes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** QT-00012, shared by every version */
    quoteNumber: text("quote_number", { length: 20 }).notNull(),
    version: integer("version").notNull().default(1),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    /** who asked for it (placed by) */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("requested"),
    /** the buyer's note with the request (or with the revision asked for) */
    requestNotes: text("request_notes"),
    /** the wholesaler's notes on the quote, printed on it */
    notes: text("notes"),
    /** when the buyer wants the goods, ISO day */
    wantedBy: text("wanted_by"),
    /** the last UK day the quote can be accepted, ISO day */
    validUntil: text("valid_until"),
    deliveryTerms: text("delivery_terms"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    acceptedOrderId: integer("accepted_order_id").references((): AnySQLiteColumn => orders.id, { onDelete: "set null" }),
    /** set when accepting needed the company's approval (the order is placed once approved) */
    approvalRequestId: integer("approval_request_id").references(() => approvalRequests.id, { onDelete: "set null" }),
    declineReason: text("decline_reason"),
    declinedAt: integer("declined_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quotes_number_version_unique").on(t.quoteNumber, t.version),
    index("quotes_company_created_idx").on(t.companyId, t.createdAt),
    // valid_until beside them: "sent" (not expired) and "expired" are counted and paged from the index alone
    index("quotes_status_created_valid_idx").on(t.status, t.createdAt, t.validUntil),
    // the back office's quote list, newest first, read in order to the page rather than every quote sorted
    index("quotes_created_idx").on(t.createdAt),
  ],
);

export const quoteLines = sqliteTable(
  "quote_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    sku: text("sku", { length: 64 }),
    selectedVariants: text("selected_variants", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    quantity: integer("quantity").notNull(),
    /** the quoted unit price, ex VAT, pence; null until priced */
    unitPrice: integer("unit_price"),
    /** the buyer's own price (pricing engine) when the line was last priced: what a discount is taken off */
    buyerPrice: integer("buyer_price").notNull(),
    /** the product's cost price when last priced, for the margin */
    costPrice: integer("cost_price").notNull().default(0),
    vatRate: integer("vat_rate").notNull(),
  },
  (t) => [index("quote_lines_quote_idx").on(t.quoteId, t.position)],
);

// ─── Relations (for drizzle's relational queries) ───────────────────────────

export const companiesRelations = relations(companies, ({ one, many }) => ({
  priceTier: one(priceTiers, { fields: [companies.priceTierId], references: [priceTiers.id] }),
  people: many(users),
  orders: many(orders),
}));
export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  orders: many(orders),
}));
export const categoriesRelations = relations(categories, ({ many }) => ({ products: many(products) }));
export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  supplier: one(users, { fields: [products.supplierId], references: [users.id] }),
  variants: many(productVariants),
  volumeDiscounts: many(volumeDiscounts),
}));
export const productVariantsRelations = relations(productVariants, ({ one }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
}));
export const volumeDiscountsRelations = relations(volumeDiscounts, ({ one }) => ({
  product: one(products, { fields: [volumeDiscounts.productId], references: [products.id] }),
}));
export const customerPricingRelations = relations(customerPricing, ({ one }) => ({
  company: one(companies, { fields: [customerPricing.companyId], references: [companies.id] }),
  product: one(products, { fields: [customerPricing.productId], references: [products.id] }),
}));
export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  company: one(companies, { fields: [orders.companyId], references: [companies.id] }),
  items: many(orderItems),
  invoice: one(salesInvoices, { fields: [orders.id], references: [salesInvoices.orderId] }),
}));
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  product: one(products, { fields: [orderItems.productId], references: [products.id] }),
}));
export const returnsRelations = relations(returns, ({ one, many }) => ({
  order: one(orders, { fields: [returns.orderId], references: [orders.id] }),
  user: one(users, { fields: [returns.userId], references: [users.id] }),
  items: many(returnItems),
}));
export const returnItemsRelations = relations(returnItems, ({ one }) => ({
  return: one(returns, { fields: [returnItems.returnId], references: [returns.id] }),
}));
export const loyaltyRewardsRelations = relations(loyaltyRewards, ({ one }) => ({
  product: one(products, { fields: [loyaltyRewards.productId], references: [products.id] }),
}));
export const loyaltyTransactionsRelations = relations(loyaltyTransactions, ({ one }) => ({
  order: one(orders, { fields: [loyaltyTransactions.orderId], references: [orders.id] }),
  reward: one(loyaltyRewards, { fields: [loyaltyTransactions.rewardId], references: [loyaltyRewards.id] }),
}));
export const salesInvoicesRelations = relations(salesInvoices, ({ one, many }) => ({
  order: one(orders, { fields: [salesInvoices.orderId], references: [orders.id] }),
  customer: one(users, { fields: [salesInvoices.customerId], references: [users.id] }),
  items: many(salesInvoiceItems),
  payments: many(payments),
}));
export const salesInvoiceItemsRelations = relations(salesInvoiceItems, ({ one }) => ({
  invoice: one(salesInvoices, { fields: [salesInvoiceItems.invoiceId], references: [salesInvoices.id] }),
}));
export const paymentsRelations = relations(payments, ({ one }) => ({
  invoice: one(salesInvoices, { fields: [payments.salesInvoiceId], references: [salesInvoices.id] }),
}));
export const purchaseInvoicesRelations = relations(purchaseInvoices, ({ one, many }) => ({
  supplier: one(users, { fields: [purchaseInvoices.supplierId], references: [users.id] }),
  items: many(purchaseInvoiceItems),
  payments: many(purchasePayments),
}));
export const purchaseInvoiceItemsRelations = relations(purchaseInvoiceItems, ({ one }) => ({
  invoice: one(purchaseInvoices, { fields: [purchaseInvoiceItems.invoiceId], references: [purchaseInvoices.id] }),
}));
export const purchasePaymentsRelations = relations(purchasePayments, ({ one }) => ({
  invoice: one(purchaseInvoices, { fields: [purchasePayments.purchaseInvoiceId], references: [purchaseInvoices.id] }),
}));
export const purchaseOrdersRelations = relations(purchaseOrders, ({ one, many }) => ({
  supplier: one(users, { fields: [purchaseOrders.supplierId], references: [users.id] }),
  items: many(purchaseOrderItems),
}));
export const purchaseOrderItemsRelations = relations(purchaseOrderItems, ({ one }) => ({
  purchaseOrder: one(purchaseOrders, {
    fields: [purchaseOrderItems.purchaseOrderId],
    references: [purchaseOrders.id],
  }),
}));
export const orderTemplatesRelations = relations(orderTemplates, ({ one }) => ({
  user: one(users, { fields: [orderTemplates.userId], references: [users.id] }),
}));

export const BARCODE_TYPES = ["ean13", "ean8", "upca", "gtin14", "own"] as const;

/**
 * The barcodes a product carries, or one option of one of its variants (variant + option: "Size" / "L").
 * A code is indexed but not unique: one EAN may be printed on several variants or products (the scanner
 * then asks which). A product, or an option, has a code at most once (docs/decisions/0075-barcodes.md).
 */
export const productBarcodes = sqliteTable(
  "product_barcodes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** null: the code is the product's own */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    /** the option of the variant the code names ("L"); null with the variant */
    variantOption: text("variant_option", { length: 100 }),
    /** normalised: no spaces, letters in capitals */
    code: text("code", { length: 32 }).notNull(),
    type: text("type", { enum: BARCODE_TYPES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_barcodes_code_idx").on(t.code),
    uniqueIndex("product_barcodes_item_code_unique").on(
      t.productId,
      sql`coalesce(${t.variantId}, 0)`,
      sql`coalesce(${t.variantOption}, '')`,
      t.code,
    ),
  ],
);

/**
 * While it holds a row, adding a product leaves the catalogue search index (products_search) alone: a product
 * import writes a row here at the start of each batch's write transaction and, before that transaction commits,
 * deletes it and indexes the batch's new products in one statement (migration 0034, decision 0087). The index
 * trigger's statement flushed the index to disk on every product; one statement per batch flushes once. No other
 * connection ever sees a row here, as it never outlives the transaction that wrote it.
 */
export const searchIndexDeferrals = sqliteTable("search_index_deferrals", {
  id: integer("id").primaryKey(),
});
