/**
 * The benchmark data set: per unit of `factor`, 10,000 products in 40 categories, 1,000 customers and
 * 100,000 orders over the last twelve months with their invoices, payments and loyalty points, written
 * with the same row writers as the demo data in one transaction. Each run uses its own prefix, so
 * running it again adds another set.
 */
import { postHistoryJournals } from "~/domain/ledger/history.server";
import { recordOpeningStockLevels } from "./rows";
import { unitPriceFor, type VolumeRule } from "~/domain/pricing/pricing";
import { writeTransaction, type DB } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { slugify } from "~/utils/slug";
import { addDays, DAY, HOUR, recordedOn, share, ukDate, workingInstant } from "./calendar";
import { createRandom } from "./random";
import { rowWriters, type SaleLine, type ShipTo, type VariantGroup } from "./rows";
import { statusForAge, writeSale } from "./sales";
import { SCALE_BRANDS, SCALE_CATEGORIES, SCALE_FIRST, SCALE_LAST, SCALE_SPECS, SCALE_TOWNS, SCALE_TRADES } from "./scale-data";

export type ScaleResult = { products: number; customers: number; orders: number; ms: number };

type Counts = { productCount: number; customerCount: number; orderCount: number };
type ScaleProduct = { id: number; name: string; sku: string; price: number; vat: number; rules: VolumeRule[]; variants: VariantGroup[] };
type ScaleCustomer = { id: string; shipTo: ShipTo; tier: number };

const LETTERS = [..."ABDEFGHJLNPQRSTUWXYZ"];
const STREETS = ["High Street", "Station Road", "Mill Lane", "Church Street", "Park Road", "Victoria Road"];

export async function seedScale(db: DB, factor = 1): Promise<ScaleResult> {
  const started = performance.now();
  const counts = {
    productCount: Math.max(1, Math.round(10_000 * factor)),
    customerCount: Math.max(1, Math.round(1_000 * factor)),
    orderCount: Math.max(1, Math.round(100_000 * factor)),
  };
  const passwordHash = await hashPassword("buyer-demo");

  writeTransaction(db, () => {
    writeScale(db, counts, passwordHash);
    recordOpeningStockLevels(db, Date.now());
    // the invoices and payments written above post their journals, as an older install's would
    postHistoryJournals(db);
  });
  return { products: counts.productCount, customers: counts.customerCount, orders: counts.orderCount, ms: Math.round(performance.now() - started) };
}

function writeScale(db: DB, { productCount, customerCount, orderCount }: Counts, passwordHash: string) {
  const c = db.$client;
  const rows = rowWriters(db);
  const now = Date.now();
  const today = ukDate(now);

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

  // Categories
  const categoryExists = c.prepare("select 1 from categories where name = ? or slug = ?").pluck();
  const categories = SCALE_CATEGORIES.map(([baseName, nouns]) => {
    let name = run === 1 ? baseName : `${baseName} ${run}`;
    for (let n = run + 1; categoryExists.get(name, slugify(name)); n++) name = `${baseName} ${n}`;
    const description = `${baseName} for trade customers: ${nouns.join(", ").toLowerCase()}.`;
    // a category's initials start its products' codes, as trade catalogues number them ("FF-00042")
    const code = baseName.split(/[^A-Za-z]+/).filter(Boolean).map((word) => word[0].toUpperCase()).join("");
    return { id: rows.category({ name, slug: slugify(name), description, createdAt: now - 400 * DAY }), nouns, code };
  });

  // Products, with variants on some and volume breaks on others
  const products: ScaleProduct[] = [];
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
    const created = now - random.int(370, 500) * DAY;
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
    const id = rows.product(
      {
        name,
        slug: `${slugify(name)}-${prefix}-${i + 1}`,
        sku,
        description: `${name}. Trade quality, supplied by the case.`,
        costPrice: cost,
        salesPrice: price,
        vatRate: vat,
        categoryId: category.id,
        stockLevel: stock,
        lowStockThreshold: threshold,
        supplierId: null,
        createdAt: created,
      },
      variants,
      rules,
      created,
    );
    products.push({ id, name, sku, price, vat, rules, variants });
  }

  // Customers, all sharing one password hash
  const width = Math.max(4, String(customerCount).length);
  const customers: ScaleCustomer[] = [];
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
    const created = now - random.int(370, 700) * DAY;
    const companyId = rows.company({
      name: businessName,
      vatNumber: random.chance(0.7) ? `GB${random.int(100_000_000, 999_999_999)}` : null,
      address: `${street}, ${city}, ${postcode}`,
      priceTierId: tier?.id ?? null,
      requiresApproval: false,
      createdAt: created,
    });
    rows.user({
      id,
      email,
      passwordHash,
      firstName,
      lastName,
      businessName: null,
      role: "customer",
      phone: `01632 960 ${String(random.int(0, 999)).padStart(3, "0")}`,
      address: null,
      vatNumber: null,
      companyId,
      companyRole: "company_admin",
      approvedAt: created + DAY,
      createdAt: created,
      updatedAt: created + DAY,
    });
    const shipTo = { name: `${firstName} ${lastName}`, email, address: `${businessName}, ${street}`, city, postcode };
    customers.push({ id, shipTo, tier: tier?.discount ?? 0 });
  }

  // Order instants over the last year, oldest first, so numbers follow dates
  const instants = Array.from({ length: orderCount }, () => workingInstant(now, random.int(0, 364), random)).sort((a, b) => a - b);
  const dates = instants.map(ukDate);

  // Reserve blocks of numbers: one for orders, one per invoice year
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
  let nextOrder = reserve("order", orderCount);
  const invoicesPerYear = new Map<string, number>();
  for (const d of dates) invoicesPerYear.set(d.slice(0, 4), (invoicesPerYear.get(d.slice(0, 4)) ?? 0) + 1);
  const nextInvoice = new Map<string, number>();
  for (const [year, count] of invoicesPerYear) nextInvoice.set(year, reserve(`invoice-${year}`, count));

  let paidIn = 0;
  for (let n = 0; n < orderCount; n++) {
    const created = instants[n];
    const issueDate = dates[n];
    const age = (now - created) / DAY;
    // a few busy accounts place most of the orders
    const customer = customers[Math.floor(customers.length * random.next() ** 2)];
    const status = age > 3 && random.chance(0.02) ? "cancelled" : statusForAge(random, age);

    const lines: SaleLine[] = random.distinct(products, random.int(1, 5)).map((p) => {
      const quantity = p.price < 1000 ? random.int(1, 60) : p.price < 5000 ? random.int(1, 12) : random.int(1, 3);
      const unitPrice = unitPriceFor({ salesPrice: p.price, tierDiscount: customer.tier, volumeRules: p.rules, quantity }).finalPrice;
      const selectedVariants: Record<string, string> = {};
      for (const [name, options] of p.variants) selectedVariants[name] = random.pick(options);
      return { productId: p.id, productName: p.name, sku: p.sku, description: p.name, selectedVariants, quantity, unitPrice, vatRate: p.vat };
    });
    const orderNumber = `ORD-${String(nextOrder++).padStart(6, "0")}`;
    const cancelledAt = status === "cancelled" ? created + 6 * HOUR : null;
    const deliveredAt = status === "delivered" ? Math.min(now - HOUR, created + 2 * DAY) : null;
    const shipped = status === "shipped" || status === "delivered";
    const trackingNumber = shipped && random.chance(0.5) ? `TT${random.int(100_000_000, 999_999_999)}GB` : null;

    const year = issueDate.slice(0, 4);
    const invoiceSeq = nextInvoice.get(year)!;
    nextInvoice.set(year, invoiceSeq + 1);
    const paid = status !== "cancelled" && age >= 30 && random.chance(0.9);
    const paymentDate = paid ? addDays(issueDate, random.int(7, 29)) : null;

    const sale = writeSale(rows, {
      orderNumber,
      userId: customer.id,
      status,
      shipTo: customer.shipTo,
      trackingNumber,
      carrier: trackingNumber ? "Royal Mail Tracked 48" : null,
      trackingUrl: null,
      estimatedDelivery: null,
      approvedAt: null,
      cancelledAt,
      deliveredAt,
      createdAt: created,
      updatedAt: cancelledAt ?? deliveredAt ?? created,
      lines,
      invoice: { invoiceNumber: `INV-${year}-${String(invoiceSeq).padStart(5, "0")}`, issueDate, issuedAt: created, paid },
    });
    if (paymentDate) {
      const paidOn = paymentDate > today ? today : paymentDate;
      const amount = sale.totals.total;
      rows.payment({
        salesInvoiceId: sale.invoiceId!,
        amount,
        method: "bank_transfer",
        paymentDate: paidOn,
        reference: `BACS ${orderNumber}`,
        notes: null,
        financialAccountId: bankId,
        createdBy: adminId,
        createdAt: recordedOn(now, paidOn),
      });
      paidIn += amount;
    }
  }

}
