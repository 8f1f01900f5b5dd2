/**
 * The companies migration (db/migrations/0016_companies.sql) on a copy of the demo database as it was before it
 * (tests/fixtures/demo-before-companies.db.gz: main's demo seed at migration 0015). What every customer saw before
 * is worked out from the old tables by the old rules; after migrating, the same is read through today's code
 * (the pricing engine, the points balance, the order history, the invoice list, the address book, the session):
 * nothing a buyer sees has changed for a company of one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unitPriceFor, type VolumeRule } from "~/domain/pricing/pricing";
import { buyerFor, priceMany } from "~/domain/pricing/pricing.server";
import { pointsBalance } from "~/domain/loyalty/loyalty-account.server";
import { listUnusedVouchers } from "~/domain/loyalty/vouchers.server";
import { listCustomerOrders, countCustomerOrders } from "~/domain/orders/order-history.server";
import { listCustomerInvoices } from "~/domain/invoices/customer-invoices.server";
import { listDeliveryAddresses } from "~/domain/users/delivery-addresses.server";
import { listTemplates } from "~/domain/cart/order-templates.server";
import { customerDeliveryCharge } from "~/domain/ordering/delivery.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { migrateDatabase, openDatabase, type DB } from "~/utils/db.server";

const FIXTURE = path.resolve(__dirname, "../fixtures/demo-before-companies.db.gz");

type OldCustomer = {
  id: string;
  email: string;
  businessName: string | null;
  address: string | null;
  vatNumber: string | null;
  tierDiscount: number;
  requiresApproval: number;
  deliveryChargePence: number | null;
  approved: number;
};

type Before = {
  customer: OldCustomer;
  prices: Map<string, number>;
  points: number;
  orders: { orderNumber: string; status: string; total: number }[];
  invoices: { invoiceNumber: string; total: number; status: string }[];
  addresses: { label: string; address: string; postcode: string; isDefault: number }[];
  vouchers: string[];
  templates: string[];
};

let dir: string;
let db: DB;
let products: { id: number; salesPrice: number }[];
let rules: Map<number, VolumeRule[]>;
const before = new Map<string, Before>();
let otherRowsBefore: Record<string, number>;

/** Each product at 1 unit and at each of its volume steps: every rule the engine can pick. */
function quantitiesOf(productId: number) {
  return [1, ...(rules.get(productId) ?? []).map((r) => r.minQuantity)];
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "companies-migration-"));
  const file = path.join(dir, "app.db");
  fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(FIXTURE)));

  // Before: the old tables, read by the old rules (prices per user: customer price, else tier and volume).
  const old = new Database(file);
  const tables = old.prepare("select name from sqlite_master where type = 'table' and name = 'companies'").all();
  expect(tables).toEqual([]); // really the database from before the migration
  products = old.prepare("select id, sales_price as salesPrice from products order by id").all() as typeof products;
  rules = new Map();
  for (const rule of old
    .prepare("select product_id as productId, min_quantity as minQuantity, discount_percentage as discountPercentage from volume_discounts")
    .all() as (VolumeRule & { productId: number })[]) {
    rules.set(rule.productId, [...(rules.get(rule.productId) ?? []), rule]);
  }
  const customers = old
    .prepare(
      `select u.id, u.email, u.business_name as businessName, u.address, u.vat_number as vatNumber,
         coalesce(t.discount_percentage, 0) as tierDiscount, u.requires_approval as requiresApproval,
         u.delivery_charge_pence as deliveryChargePence, u.approved_at is not null as approved
       from users u left join price_tiers t on t.id = u.price_tier_id where u.role = 'customer' order by u.email`,
    )
    .all() as OldCustomer[];
  for (const customer of customers) {
    const custom = new Map(
      (old.prepare("select product_id as productId, custom_price as price from customer_pricing where user_id = ?").all(customer.id) as {
        productId: number;
        price: number;
      }[]).map((r) => [r.productId, r.price]),
    );
    const prices = new Map<string, number>();
    for (const product of products) {
      for (const quantity of quantitiesOf(product.id)) {
        const price = customer.approved
          ? unitPriceFor({
              salesPrice: product.salesPrice,
              customPrice: custom.get(product.id) ?? null,
              tierDiscount: customer.tierDiscount,
              volumeRules: rules.get(product.id),
              quantity,
            }).finalPrice
          : product.salesPrice;
        prices.set(`${product.id}×${quantity}`, price);
      }
    }
    before.set(customer.email, {
      customer,
      prices,
      points: (old.prepare("select coalesce(sum(points), 0) as n from loyalty_transactions where user_id = ?").get(customer.id) as { n: number }).n,
      orders: old
        .prepare("select order_number as orderNumber, status, total from orders where user_id = ? order by created_at desc, id desc")
        .all(customer.id) as Before["orders"],
      invoices: old
        .prepare(
          "select invoice_number as invoiceNumber, total, status from sales_invoices where customer_id = ? order by issue_date desc, id desc",
        )
        .all(customer.id) as Before["invoices"],
      addresses: old
        .prepare("select label, address, postcode, is_default as isDefault from delivery_addresses where user_id = ? order by label")
        .all(customer.id) as Before["addresses"],
      vouchers: (old.prepare("select code from vouchers where user_id = ? and used_at is null order by code").all(customer.id) as { code: string }[]).map(
        (v) => v.code,
      ),
      templates: (old.prepare("select name from order_templates where user_id = ? order by name").all(customer.id) as { name: string }[]).map(
        (t) => t.name,
      ),
    });
  }
  otherRowsBefore = rowCounts(old);
  old.close();

  db = openDatabase(file);
  migrateDatabase(db);
}, 60_000);

afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function rowCounts(sqlite: Database.Database) {
  const tables = ["users", "orders", "order_items", "sales_invoices", "payments", "returns", "credit_notes", "loyalty_transactions", "vouchers", "customer_pricing", "delivery_addresses", "order_templates", "journals", "sessions"];
  return Object.fromEntries(tables.map((t) => [t, (sqlite.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n]));
}

describe("the companies migration on a copy of the demo database", () => {
  it("the fixture has customers with prices, points, orders, invoices and addresses to compare", () => {
    const buyer = before.get("buyer@example.com")!;
    expect(before.size).toBeGreaterThanOrEqual(5);
    expect(buyer.points).toBeGreaterThan(0);
    expect(buyer.orders.length).toBeGreaterThan(10);
    expect(buyer.invoices.length).toBeGreaterThan(10);
    expect(buyer.customer.tierDiscount).toBeGreaterThan(0);
    expect([...buyer.prices.values()].some((p, i) => p !== products[i % products.length]!.salesPrice)).toBe(true);
  });

  it("keeps every row: nothing is lost or added apart from the companies", () => {
    expect(rowCounts(db.$client)).toEqual(otherRowsBefore);
  });

  it("makes each customer the company admin of a company of one, with their business details and terms", () => {
    for (const [email, was] of before) {
      const user = findSessionUser(db, was.customer.id)!;
      expect(user, email).toMatchObject({
        email,
        role: "customer",
        companyRole: "company_admin",
        businessName: was.customer.businessName,
        requiresApproval: Boolean(was.customer.requiresApproval),
        onHold: false,
      });
      const company = db.$client.prepare("select * from companies where id = ?").get(user.companyId) as Record<string, unknown>;
      expect(company, email).toMatchObject({ name: was.customer.businessName, address: was.customer.address, vat_number: was.customer.vatNumber });
      const members = db.$client.prepare("select count(*) as n from users where company_id = ?").get(user.companyId) as { n: number };
      expect(members.n).toBe(1);
      expect(customerDeliveryCharge(db, user.id)).toBe(was.customer.deliveryChargePence);
    }
    // the users' own copies are gone: the company is the one place they live
    const leftovers = db.$client
      .prepare("select count(*) as n from users where role = 'customer' and (business_name is not null or address is not null or vat_number is not null or price_tier_id is not null)")
      .get() as { n: number };
    expect(leftovers.n).toBe(0);
  });

  it("gives every customer the same price for every product and quantity as before", () => {
    for (const [email, was] of before) {
      const buyer = buyerFor(db, findSessionUser(db, was.customer.id));
      for (const product of products) {
        for (const quantity of quantitiesOf(product.id)) {
          const now = priceMany(db, buyer, [{ productId: product.id, salesPrice: product.salesPrice, quantity }]).get(product.id)!.finalPrice;
          expect(now, `${email}: product ${product.id} × ${quantity}`).toBe(was.prices.get(`${product.id}×${quantity}`));
        }
      }
    }
  });

  it("keeps every customer's points, vouchers, orders, invoices, addresses and templates", () => {
    for (const [email, was] of before) {
      const id = was.customer.id;
      expect(pointsBalance(db, id), email).toBe(was.points);
      expect(listUnusedVouchers(db, id).map((v) => v.code).sort(), email).toEqual(was.vouchers);
      expect(countCustomerOrders(db, id), email).toBe(was.orders.length);
      const orders = listCustomerOrders(db, id, { limit: 100 });
      expect(
        orders.map((o) => ({ orderNumber: o.orderNumber, status: o.status, total: Math.round(Number(o.total) * 100) })),
        email,
      ).toEqual(was.orders.slice(0, 100));
      const invoices = listCustomerInvoices(db, id, 1, { pageSize: 500 }).invoices;
      expect(invoices.map((i) => i.invoiceNumber), email).toEqual(was.invoices.map((i) => i.invoiceNumber));
      expect(invoices.map((i) => Math.round(Number(i.total) * 100)), email).toEqual(was.invoices.map((i) => i.total));
      expect(
        listDeliveryAddresses(db, id)
          .map((a) => ({ label: a.label, address: a.address, postcode: a.postcode, isDefault: a.isDefault ? 1 : 0 }))
          .sort((a, b) => a.label.localeCompare(b.label)),
        email,
      ).toEqual(was.addresses);
      expect(listTemplates(db, { id, companyId: null, companyRole: null }).map((t) => t.name).sort(), email).toEqual(was.templates);
    }
  });

  it("dates every template's last change at its making (migration 0020), and shares none", () => {
    const templates = db.$client.prepare("select created_at, updated_at, shared from order_templates").all() as {
      created_at: number;
      updated_at: number | null;
      shared: number;
    }[];
    expect(templates.length).toBeGreaterThan(0);
    expect(templates.filter((t) => t.updated_at !== t.created_at || t.shared !== 0)).toEqual([]);
  });

  it("puts every order, invoice, return and credit note of a customer in that customer's company", () => {
    const orphans = db.$client
      .prepare(
        `select
           (select count(*) from orders o join users u on u.id = o.user_id where o.company_id is not u.company_id) as orders,
           (select count(*) from sales_invoices i join orders o on o.id = i.order_id where i.company_id is not o.company_id) as invoices,
           (select count(*) from returns r join orders o on o.id = r.order_id where r.company_id is not o.company_id) as returns,
           (select count(*) from credit_notes c join sales_invoices i on i.id = c.sales_invoice_id where c.company_id is not i.company_id) as creditNotes`,
      )
      .get();
    expect(orphans).toEqual({ orders: 0, invoices: 0, returns: 0, creditNotes: 0 });
    expect(db.$client.pragma("foreign_key_check")).toEqual([]);
  });
});
