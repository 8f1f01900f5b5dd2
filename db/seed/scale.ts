/**
 * The benchmark data set: per unit of `factor`, 10,000 products in 40 categories, 1,000 customers each with
 * their company and a quote or two, and 100,000 orders with their invoices, payments, loyalty points, stock
 * movements and a few returns; then the journals every document posts (the ledger's own posting rules,
 * docs/decisions/0038-double-entry-ledger.md). Orders span the last twelve months at factor 1 and five
 * years from factor 10 (decision 0079).
 *
 * Written for size (a factor of 10 is a million orders): in one transaction with the bulk-load settings
 * (./bulk.ts), multi-row inserts with ids handed out here, and the orders planned first into typed arrays,
 * so each product's opening stock is known before its first movement and every movement's `stock_after`
 * is exact in time order. Deterministic: a seeded PRNG, dates relative to today. Each run uses its own
 * prefix, so running it again adds another set.
 */
import { postHistoryJournals } from "~/domain/ledger/history.server";
import { unitPriceFor, type VolumeRule } from "~/domain/pricing/pricing";
import { formatQuoteNumber } from "~/domain/quotes/quote-states";
import { returnValue } from "~/domain/returns/return-refund";
import { RETURN_REASONS } from "~/domain/returns/return.schema";
import { formatReturnNumber } from "~/domain/shared/numbering.server";
import { vatOn } from "~/utils/money";
import { writeTransaction, type DB } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { slugify } from "~/utils/slug";
import type { OrderStatus } from "~db/schema";
import { bulkLoadSettings, bulkTable, dropIndexesWhileLoading } from "./bulk";
import { addDays, DAY, HOUR, recordedOn, share, ukDate, workingInstant } from "./calendar";
import { createRandom } from "./random";
import { recordOpeningStockLevels, rowWriters, type VariantGroup } from "./rows";
import { statusForAge } from "./sales";
import { SCALE_BRANDS, SCALE_CATEGORIES, SCALE_FIRST, SCALE_LAST, SCALE_SPECS, SCALE_TOWNS, SCALE_TRADES } from "./scale-data";

export type ScaleResult = {
  products: number;
  customers: number;
  orders: number;
  returns: number;
  quotes: number;
  years: number;
  /** the time taken: writing the rows, building their tables' indexes, posting the journals, and in all */
  writeMs: number;
  indexesMs: number;
  journalsMs: number;
  ms: number;
};

type Counts = { productCount: number; customerCount: number; orderCount: number; years: number };
type ScaleProduct = {
  id: number;
  name: string;
  sku: string;
  cost: number;
  price: number;
  vat: number;
  rules: VolumeRule[];
  variants: VariantGroup[];
  /** the stock level it ends with */
  stock: number;
};
type ScaleCustomer = { id: string; companyId: number; name: string; email: string; address: string; city: string; postcode: string; tier: number };
/** a stock movement that happens after its order was written: a cancellation's or a completed return's */
type LaterMovement = { at: number; productIndex: number; change: number; reason: "cancellation" | "return"; orderId: number; returnId: number | null };

const LETTERS = [..."ABDEFGHJLNPQRSTUWXYZ"];
const STREETS = ["High Street", "Station Road", "Mill Lane", "Church Street", "Park Road", "Victoria Road"];
const STATUSES: OrderStatus[] = ["pending", "processing", "shipped", "delivered", "cancelled"];
const CANCELLED = STATUSES.indexOf("cancelled");
const DELIVERED = STATUSES.indexOf("delivered");
const MAX_LINES = 5;
/** the share of delivered orders with a return */
const RETURN_SHARE = 0.005;
/** reasons from the list the returns form offers */
const REASONS = RETURN_REASONS.filter((reason) => reason !== "Other");
const DELIVERY_TERMS = "Delivered free on our weekly round to your site; two working days' notice for a pallet.";

/** the tables written row by row in bulk, whose indexes are built once they are full */
const BULK_TABLES = [
  "orders",
  "order_items",
  "sales_invoices",
  "sales_invoice_items",
  "payments",
  "loyalty_transactions",
  "stock_movements",
  "returns",
  "return_items",
  "quotes",
  "quote_lines",
  "users",
  "companies",
  "product_variants",
  "volume_discounts",
  "products",
];

/** Five years of orders from a factor of 10, as the issue asks; twelve months below, so factor 1 stays comparable. */
export function orderYears(factor: number) {
  return factor >= 10 ? 5 : 1;
}

export async function seedScale(db: DB, factor = 1): Promise<ScaleResult> {
  const started = performance.now();
  const counts: Counts = {
    productCount: Math.max(1, Math.round(10_000 * factor)),
    customerCount: Math.max(1, Math.round(1_000 * factor)),
    orderCount: Math.max(1, Math.round(100_000 * factor)),
    years: orderYears(factor),
  };
  const passwordHash = await hashPassword("buyer-demo");

  const restore = bulkLoadSettings(db.$client);
  const phases = { writeMs: 0, indexesMs: 0, journalsMs: 0 };
  let written: { returns: number; quotes: number };
  try {
    written = writeTransaction(db, () => {
      let lap = performance.now();
      const took = () => {
        const ms = Math.round(performance.now() - lap);
        lap = performance.now();
        return ms;
      };
      const recreateIndexes = dropIndexesWhileLoading(db.$client, BULK_TABLES);
      const result = writeScale(db, counts, passwordHash);
      phases.writeMs = took();
      recreateIndexes();
      phases.indexesMs = took();
      // products written elsewhere without a movement (none of this set's) get their opening one
      recordOpeningStockLevels(db, Date.now());
      // the invoices, payments and completed refunds written above post their journals, as an older install's would
      postHistoryJournals(db);
      phases.journalsMs = took();
      return result;
    });
  } finally {
    restore();
  }
  return {
    products: counts.productCount,
    customers: counts.customerCount,
    orders: counts.orderCount,
    ...written,
    years: counts.years,
    ...phases,
    ms: Math.round(performance.now() - started),
  };
}

/** ukDate and addDays remembered: a million orders fall on a couple of thousand days. */
function calendarMemo() {
  const byHour = new Map<number, string>();
  const shifted = new Map<string, string>();
  return {
    ukDate(ms: number) {
      const hour = Math.floor(ms / HOUR);
      let day = byHour.get(hour);
      if (day === undefined) byHour.set(hour, (day = ukDate(ms)));
      return day;
    },
    addDays(isoDate: string, days: number) {
      const key = `${isoDate}+${days}`;
      let day = shifted.get(key);
      if (day === undefined) shifted.set(key, (day = addDays(isoDate, days)));
      return day;
    },
  };
}

function writeScale(db: DB, { productCount, customerCount, orderCount, years }: Counts, passwordHash: string) {
  const c = db.$client;
  const rows = rowWriters(db);
  const now = Date.now();
  const calendar = calendarMemo();
  const today = calendar.ukDate(now);
  const spanDays = years * 365;

  // Each run gets its own prefix: scale, scale2, scale3…
  const runs = c.prepare("select email from users where email like 'scale%-customer-%@example.com'").pluck().all() as string[];
  const prefixes = new Set(runs.map((e) => e.slice(0, e.indexOf("-customer-"))));
  let run = 1;
  while (prefixes.has(run === 1 ? "scale" : `scale${run}`)) run++;
  const prefix = run === 1 ? "scale" : `scale${run}`;
  const random = createRandom(7_000_000 + run);

  const tiers = c.prepare("select id, discount_percentage as discount from price_tiers").all() as { id: number; discount: number }[];
  const bankId = (c.prepare("select id from financial_accounts where type = 'bank' order by id limit 1").pluck().get() as number | undefined) ?? null;
  const adminId = (c.prepare("select id from users where role = 'admin' order by created_at limit 1").pluck().get() as string | undefined) ?? null;

  const t = {
    product: bulkTable(c, "products", [
      "id", "name", "slug", "sku", "description", "cost_price", "sales_price", "vat_rate", "category_id", "stock_level", "low_stock_threshold",
      "created_at", "updated_at",
    ]),
    variant: bulkTable(c, "product_variants", ["product_id", "name", "options", "position"]),
    rule: bulkTable(c, "volume_discounts", ["product_id", "min_quantity", "discount_percentage", "created_at"]),
    company: bulkTable(c, "companies", ["id", "name", "vat_number", "address", "price_tier_id", "requires_approval", "created_at", "updated_at"]),
    user: bulkTable(c, "users", [
      "id", "email", "password_hash", "first_name", "last_name", "role", "phone", "company_id", "company_role", "is_active", "approved_at",
      "created_at", "updated_at",
    ]),
    order: bulkTable(c, "orders", [
      "id", "order_number", "user_id", "company_id", "status", "subtotal", "vat_amount", "total", "discount_amount", "channel", "shipping_name",
      "shipping_email", "shipping_address", "shipping_city", "shipping_postcode", "tracking_number", "carrier", "free_shipping", "cancelled_at",
      "delivered_at", "created_at", "updated_at",
    ]),
    item: bulkTable(c, "order_items", [
      "id", "order_id", "product_id", "product_name", "sku", "selected_variants", "quantity", "unit_price", "vat_rate", "total", "vat_amount",
    ]),
    invoice: bulkTable(c, "sales_invoices", [
      "id", "order_id", "invoice_number", "customer_id", "company_id", "status", "subtotal", "vat_amount", "total", "amount_paid", "issue_date",
      "due_date", "voided_at", "created_at",
    ]),
    invoiceItem: bulkTable(c, "sales_invoice_items", [
      "invoice_id", "product_id", "sku", "description", "quantity", "unit_price", "vat_rate", "vat_amount", "total",
    ]),
    payment: bulkTable(c, "payments", [
      "sales_invoice_id", "amount", "payment_method", "payment_date", "reference", "financial_account_id", "created_by", "created_at",
    ]),
    loyalty: bulkTable(c, "loyalty_transactions", ["user_id", "company_id", "transaction_type", "points", "order_id", "return_id", "description", "created_at"]),
    movement: bulkTable(c, "stock_movements", ["product_id", "change", "reason", "stock_after", "order_id", "return_id", "note", "created_at"]),
    return: bulkTable(c, "returns", [
      "id", "return_number", "order_id", "user_id", "company_id", "return_type", "status", "reason", "customer_notes", "admin_notes",
      "refund_amount", "completed_at", "created_at", "updated_at",
    ]),
    returnItem: bulkTable(c, "return_items", ["return_id", "order_item_id", "product_id", "product_name", "quantity", "unit_price", "vat_rate"]),
    quote: bulkTable(c, "quotes", [
      "id", "quote_number", "version", "company_id", "user_id", "status", "request_notes", "notes", "wanted_by", "valid_until", "delivery_terms",
      "sent_at", "declined_at", "decline_reason", "created_at", "updated_at",
    ]),
    quoteLine: bulkTable(c, "quote_lines", [
      "quote_id", "position", "product_id", "product_name", "sku", "selected_variants", "quantity", "unit_price", "buyer_price", "cost_price", "vat_rate",
    ]),
  };

  // Reserve blocks of numbers: orders, returns, quotes, one per invoice year
  const reserve = (name: string, count: number) => {
    const value = c
      .prepare(
        `insert into number_sequences (name, value) values (?, ?)
         on conflict(name) do update set value = value + excluded.value returning value`,
      )
      .pluck()
      .get(name, count) as number;
    return value - count + 1;
  };

  // Categories (forty rows, through the shared writer)
  const categoryExists = c.prepare("select 1 from categories where name = ? or slug = ?").pluck();
  const categories = SCALE_CATEGORIES.map(([baseName, nouns]) => {
    let name = run === 1 ? baseName : `${baseName} ${run}`;
    for (let n = run + 1; categoryExists.get(name, slugify(name)); n++) name = `${baseName} ${n}`;
    const description = `${baseName} for trade customers: ${nouns.join(", ").toLowerCase()}.`;
    // a category's initials start its products' codes, as trade catalogues number them ("FF-00042")
    const code = baseName.split(/[^A-Za-z]+/).filter(Boolean).map((word) => word[0].toUpperCase()).join("");
    return { id: rows.category({ name, slug: slugify(name), description, createdAt: now - (spanDays + 40) * DAY }), nouns, code };
  });

  // Products, with variants on some and volume breaks on others; all listed before the first order
  const products: ScaleProduct[] = [];
  const productCreated = new Float64Array(productCount);
  for (let i = 0; i < productCount; i++) {
    const category = categories[i % categories.length];
    const name = `${random.pick(SCALE_BRANDS)} ${random.pick(category.nouns)}, ${random.pick(SCALE_SPECS)}`;
    const cost = random.int(40, 20_000);
    const price = cost + share(cost, random.int(25, 80), 100);
    const vatRoll = random.next();
    const vat = vatRoll < 0.8 ? 2000 : vatRoll < 0.95 ? 0 : 500;
    const threshold = random.pick([5, 10, 10, 10, 20]);
    const stockRoll = random.next();
    const stock = stockRoll < 0.03 ? 0 : stockRoll < 0.1 ? random.int(1, threshold) : random.int(threshold + 1, 1000);
    const created = now - (spanDays + random.int(5, 135)) * DAY;
    const variants: VariantGroup[] = [];
    if (random.chance(0.1)) variants.push(["Size", ["Small", "Medium", "Large"]]);
    if (random.chance(0.03)) variants.push(["Colour", ["Black", "White", "Grey", "Blue"]]);
    const rules: VolumeRule[] = random.chance(0.15)
      ? [
          { minQuantity: 10, discountPercentage: 500 },
          { minQuantity: 50, discountPercentage: 1000 },
        ]
      : [];
    // the running number makes the code unique within a run, the run number across runs
    const sku = `${category.code}-${run === 1 ? "" : `${run}-`}${String(i + 1).padStart(5, "0")}`;
    const id = t.product.nextId();
    t.product.add(id, name, `${slugify(name)}-${prefix}-${i + 1}`, sku, `${name}. Trade quality, supplied by the case.`, cost, price, vat, category.id, stock, threshold, created, created);
    variants.forEach(([group, options], position) => t.variant.add(id, group, JSON.stringify(options), position));
    for (const rule of rules) t.rule.add(id, rule.minQuantity, rule.discountPercentage, created);
    products.push({ id, name, sku, cost, price, vat, rules, variants, stock });
    productCreated[i] = created;
  }

  // Customers, each the admin of their own company, all sharing one password hash
  const width = Math.max(4, String(customerCount).length);
  const customers: ScaleCustomer[] = [];
  const customerCreated = new Float64Array(customerCount);
  for (let i = 1; i <= customerCount; i++) {
    const id = random.uuid();
    const email = `${prefix}-customer-${String(i).padStart(width, "0")}@example.com`;
    const firstName = random.pick(SCALE_FIRST);
    const lastName = random.pick(SCALE_LAST);
    const city = random.pick(SCALE_TOWNS);
    const businessName = `${lastName} ${random.pick(SCALE_TRADES)} Ltd`;
    const street = `${random.int(1, 250)} ${random.pick(STREETS)}`;
    const postcode = `${city.slice(0, 2).toUpperCase()}${random.int(1, 20)} ${random.int(1, 9)}${random.pick(LETTERS)}${random.pick(LETTERS)}`;
    const tier = tiers.length > 0 && random.chance(0.6) ? random.pick(tiers) : null;
    const created = now - (spanDays + random.int(5, 335)) * DAY;
    const companyId = t.company.nextId();
    const vatNumber = random.chance(0.7) ? `GB${random.int(100_000_000, 999_999_999)}` : null;
    t.company.add(companyId, businessName, vatNumber, `${street}, ${city}, ${postcode}`, tier?.id ?? null, 0, created, created);
    const phone = `01632 960 ${String(random.int(0, 999)).padStart(3, "0")}`;
    t.user.add(id, email, passwordHash, firstName, lastName, "customer", phone, companyId, "company_admin", 1, created + DAY, created, created + DAY);
    customers.push({ id, companyId, name: `${firstName} ${lastName}`, email, address: `${businessName}, ${street}`, city, postcode, tier: tier?.discount ?? 0 });
    customerCreated[i - 1] = created;
  }

  // Plan the orders first, into typed arrays: when, whose, what status, which lines, which have a return.
  // Every product's net units out are then known, so its opening stock is, before its first movement.
  const instants = new Float64Array(orderCount);
  for (let n = 0; n < orderCount; n++) instants[n] = workingInstant(now, random.int(0, spanDays - 1), random);
  instants.sort();
  const customerOf = new Int32Array(orderCount);
  const statusOf = new Uint8Array(orderCount);
  const lineStart = new Int32Array(orderCount + 1);
  const lineProduct = new Int32Array(orderCount * MAX_LINES);
  const lineQuantity = new Int32Array(orderCount * MAX_LINES);
  /** 0 none; else the returned units of the order's first line (a completed refund when the order is old enough) */
  const returnUnits = new Uint8Array(orderCount);
  const unitsOut = new Float64Array(productCount);
  const unitsBack = new Float64Array(productCount);
  let lineCount = 0;
  let returnCount = 0;
  for (let n = 0; n < orderCount; n++) {
    const age = (now - instants[n]) / DAY;
    // a few busy accounts place most of the orders
    customerOf[n] = Math.floor(customerCount * random.next() ** 2);
    const status = age > 3 && random.chance(0.02) ? CANCELLED : STATUSES.indexOf(statusForAge(random, age));
    statusOf[n] = status;
    lineStart[n] = lineCount;
    const wanted = Math.min(random.int(1, MAX_LINES), productCount);
    for (let k = 0; k < wanted; k++) {
      let p: number;
      do p = Math.floor(random.next() * productCount);
      while (lineCount > lineStart[n] && includes(lineProduct, lineStart[n], lineCount, p));
      const price = products[p].price;
      const quantity = price < 1000 ? random.int(1, 60) : price < 5000 ? random.int(1, 12) : random.int(1, 3);
      lineProduct[lineCount] = p;
      lineQuantity[lineCount] = quantity;
      lineCount++;
      unitsOut[p] += quantity;
      // a cancelled order's units came back a few hours later
      if (status === CANCELLED) unitsBack[p] += quantity;
    }
    if (status === DELIVERED && age > 14 && random.chance(RETURN_SHARE)) {
      const units = Math.min(lineQuantity[lineStart[n]], random.int(1, 3));
      returnUnits[n] = units;
      returnCount++;
      // an old enough return was completed: its units went back on the shelf, on top of the level drawn above
      if (age > 30) unitsBack[lineProduct[lineStart[n]]] += units;
    }
  }
  lineStart[orderCount] = lineCount;

  // Opening stock: what each product ends with (less what came back) plus what went out, dated when it was
  // listed; never below what it sold before a return came back
  const level = new Float64Array(productCount);
  for (let p = 0; p < productCount; p++) {
    level[p] = products[p].stock + unitsOut[p];
    t.movement.add(products[p].id, level[p], "opening", level[p], null, null, "Opening stock", productCreated[p]);
  }
  const later: LaterMovement[] = [];
  const move = (m: LaterMovement) => {
    level[m.productIndex] += m.change;
    t.movement.add(products[m.productIndex].id, m.change, m.reason, level[m.productIndex], m.orderId, m.returnId, null, m.at);
  };
  const moveUntil = (at: number) => {
    while (later.length > 0 && later[0].at <= at) move(later.shift()!);
  };
  const moveLater = (m: LaterMovement) => {
    let i = later.length;
    while (i > 0 && later[i - 1].at > m.at) i--;
    later.splice(i, 0, m);
  };

  let nextOrder = reserve("order", orderCount);
  const invoicesPerYear = new Map<string, number>();
  for (let n = 0; n < orderCount; n++) {
    const year = calendar.ukDate(instants[n]).slice(0, 4);
    invoicesPerYear.set(year, (invoicesPerYear.get(year) ?? 0) + 1);
  }
  const nextInvoice = new Map<string, number>();
  for (const [year, count] of invoicesPerYear) nextInvoice.set(year, reserve(`invoice-${year}`, count));
  let nextReturn = returnCount > 0 ? reserve("return", returnCount) : 0;

  const variantsOf = (product: ScaleProduct) => {
    if (product.variants.length === 0) return "{}";
    const chosen: Record<string, string> = {};
    for (const [group, options] of product.variants) chosen[group] = random.pick(options);
    return JSON.stringify(chosen);
  };
  const unitPrices = new Int32Array(MAX_LINES);
  const nets = new Float64Array(MAX_LINES);
  const vats = new Float64Array(MAX_LINES);
  const variantTexts: string[] = new Array(MAX_LINES);

  for (let n = 0; n < orderCount; n++) {
    const created = instants[n];
    moveUntil(created);
    const issueDate = calendar.ukDate(created);
    const age = (now - created) / DAY;
    const customer = customers[customerOf[n]];
    const status = STATUSES[statusOf[n]];
    const first = lineStart[n];
    const last = lineStart[n + 1];

    // priced by the app's own rule, each line's VAT rounded on its own (as lineTotals does)
    let subtotal = 0;
    let vatAmount = 0;
    for (let k = first; k < last; k++) {
      const product = products[lineProduct[k]];
      const quantity = lineQuantity[k];
      const unitPrice = unitPriceFor({ salesPrice: product.price, tierDiscount: customer.tier, volumeRules: product.rules, quantity }).finalPrice;
      const net = quantity * unitPrice;
      const vat = vatOn(net, product.vat);
      unitPrices[k - first] = unitPrice;
      nets[k - first] = net;
      vats[k - first] = vat;
      variantTexts[k - first] = variantsOf(product);
      subtotal += net;
      vatAmount += vat;
    }
    const total = subtotal + vatAmount;

    const orderId = t.order.nextId();
    const orderNumber = `ORD-${String(nextOrder++).padStart(6, "0")}`;
    const cancelledAt = status === "cancelled" ? created + 6 * HOUR : null;
    const deliveredAt = status === "delivered" ? Math.min(now - HOUR, created + 2 * DAY) : null;
    const shipped = status === "shipped" || status === "delivered";
    const trackingNumber = shipped && random.chance(0.5) ? `TT${random.int(100_000_000, 999_999_999)}GB` : null;
    t.order.add(
      orderId, orderNumber, customer.id, customer.companyId, status, subtotal, vatAmount, total, 0, "storefront", customer.name, customer.email,
      customer.address, customer.city, customer.postcode, trackingNumber, trackingNumber ? "Royal Mail Tracked 48" : null, 0, cancelledAt,
      deliveredAt, created, cancelledAt ?? deliveredAt ?? created,
    );
    let firstItemId = 0;
    for (let k = first; k < last; k++) {
      const product = products[lineProduct[k]];
      const itemId = t.item.nextId();
      if (k === first) firstItemId = itemId;
      t.item.add(itemId, orderId, product.id, product.name, product.sku, variantTexts[k - first], lineQuantity[k], unitPrices[k - first], product.vat,
        nets[k - first], vats[k - first]);
    }

    // its invoice (void when cancelled), paid for most older orders
    const year = issueDate.slice(0, 4);
    const invoiceSeq = nextInvoice.get(year)!;
    nextInvoice.set(year, invoiceSeq + 1);
    const paid = status !== "cancelled" && age >= 30 && random.chance(0.9);
    const invoiceId = t.invoice.nextId();
    t.invoice.add(
      invoiceId, orderId, `INV-${year}-${String(invoiceSeq).padStart(5, "0")}`, customer.id, customer.companyId,
      status === "cancelled" ? "void" : "unpaid", subtotal, vatAmount, total, paid ? total : 0, issueDate, calendar.addDays(issueDate, 30),
      cancelledAt, created,
    );
    for (let k = first; k < last; k++) {
      const product = products[lineProduct[k]];
      t.invoiceItem.add(invoiceId, product.id, product.sku, product.name, lineQuantity[k], unitPrices[k - first], product.vat, vats[k - first], nets[k - first]);
    }
    if (paid) {
      const paymentDate = calendar.addDays(issueDate, random.int(7, 29));
      const paidOn = paymentDate > today ? today : paymentDate;
      t.payment.add(invoiceId, total, "bank_transfer", paidOn, `BACS ${orderNumber}`, bankId, adminId, recordedOn(now, paidOn));
    }

    // a point per pound of goods, reversed when cancelled
    const points = Math.floor(subtotal / 100);
    if (points > 0) {
      t.loyalty.add(customer.id, customer.companyId, "earned", points, orderId, null, `Points earned on order ${orderNumber}`, created);
      if (cancelledAt) {
        t.loyalty.add(customer.id, customer.companyId, "adjusted", -points, orderId, null, `Points reversed: order ${orderNumber} cancelled`, cancelledAt);
      }
    }

    // the stock it took, and gave back when cancelled
    for (let k = first; k < last; k++) {
      const p = lineProduct[k];
      level[p] -= lineQuantity[k];
      t.movement.add(products[p].id, -lineQuantity[k], "sale", level[p], orderId, null, null, created);
      if (cancelledAt) moveLater({ at: cancelledAt, productIndex: p, change: lineQuantity[k], reason: "cancellation", orderId, returnId: null });
    }

    if (returnUnits[n] > 0) {
      const product = products[lineProduct[first]];
      const units = returnUnits[n];
      const returnId = t.return.nextId();
      const requested = deliveredAt! + random.int(1, 10) * DAY;
      const completed = age > 30;
      const completedAt = completed ? requested + random.int(3, 8) * DAY : null;
      const value = returnValue("refund", [{ quantity: units, orderedQuantity: lineQuantity[first], orderedTotal: nets[0], vatRate: product.vat }]);
      const stillOpen = completed ? null : random.chance(0.5) ? "requested" : "approved";
      const reason = REASONS[Math.floor(random.next() * REASONS.length)];
      t.return.add(
        returnId, formatReturnNumber(nextReturn++), orderId, customer.id, customer.companyId, "refund", stillOpen ?? "completed", reason,
        `${units} of ${product.name} to go back.`, completed ? "Checked at goods-in and refunded." : null, completed ? value.refundAmount : null,
        completedAt, requested, completedAt ?? requested,
      );
      t.returnItem.add(returnId, firstItemId, product.id, product.name, units, unitPrices[0], product.vat);
      if (completedAt) {
        moveLater({ at: completedAt, productIndex: lineProduct[first], change: units, reason: "return", orderId, returnId });
        if (value.points > 0) {
          t.loyalty.add(customer.id, customer.companyId, "adjusted", -value.points, orderId, returnId, `Points reversed: refund on order ${orderNumber}`, completedAt);
        }
      }
    }
  }
  moveUntil(Infinity);
  for (let p = 0; p < productCount; p++) {
    const stock = products[p].stock + unitsBack[p];
    if (level[p] !== stock) throw new Error(`Product ${products[p].sku}'s movements end at ${level[p]}, not its stock ${stock}`);
  }

  // A quote or two per company over the last four months, in the states a buyer meets
  const quoteCounts = new Uint8Array(customerCount);
  let quoteCount = 0;
  for (let i = 0; i < customerCount; i++) quoteCount += quoteCounts[i] = random.chance(0.4) ? 2 : 1;
  let nextQuote = reserve("quote", quoteCount);
  for (let i = 0; i < customerCount; i++) {
    const customer = customers[i];
    for (let q = 0; q < quoteCounts[i]; q++) {
      const id = t.quote.nextId();
      const createdAt = Math.max(customerCreated[i] + DAY, workingInstant(now, random.int(0, 120), random));
      const roll = random.next();
      // requested: not priced yet; sent: open, or past its date; declined: with the buyer's reason
      const status = roll < 0.3 ? "requested" : roll < 0.85 ? "sent" : "declined";
      const sentAt = status === "requested" ? null : Math.min(now - HOUR, createdAt + random.int(1, 3) * DAY);
      const validUntil = sentAt === null ? null : calendar.addDays(calendar.ukDate(sentAt), 30);
      const declinedAt = status === "declined" ? Math.min(now - HOUR, sentAt! + random.int(1, 5) * DAY) : null;
      t.quote.add(
        id, formatQuoteNumber(nextQuote++), 1, customer.companyId, customer.id, status, "Please quote for our next month's stock.",
        sentAt === null ? null : "Prices held until the valid-until date.", calendar.addDays(calendar.ukDate(createdAt), 21), validUntil,
        sentAt === null ? null : DELIVERY_TERMS, sentAt, declinedAt, declinedAt === null ? null : "We found a better price elsewhere.",
        createdAt, declinedAt ?? sentAt ?? createdAt,
      );
      const lines = random.int(1, 3);
      const seen: number[] = [];
      for (let k = 0; k < lines; k++) {
        let p: number;
        do p = Math.floor(random.next() * productCount);
        while (seen.includes(p) && seen.length < productCount);
        seen.push(p);
        const product = products[p];
        const quantity = random.int(5, 100);
        const buyerPrice = unitPriceFor({ salesPrice: product.price, tierDiscount: customer.tier, volumeRules: product.rules, quantity }).finalPrice;
        const quoted = status === "requested" ? null : buyerPrice - share(buyerPrice, random.pick([0, 500, 800, 1000]), 10_000);
        t.quoteLine.add(id, k, product.id, product.name, product.sku, variantsOf(product), quantity, quoted, buyerPrice, product.cost, product.vat);
      }
    }
  }

  for (const table of Object.values(t)) table.flush();
  // the products with units back from a cancellation or a return hold them on top of the level drawn
  const addStock = c.prepare("update products set stock_level = stock_level + ? where id = ?");
  for (let p = 0; p < productCount; p++) if (unitsBack[p] > 0) addStock.run(unitsBack[p], products[p].id);
  return { returns: returnCount, quotes: quoteCount };
}

function includes(values: Int32Array, from: number, to: number, value: number) {
  for (let i = from; i < to; i++) if (values[i] === value) return true;
  return false;
}
