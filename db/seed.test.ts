import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagesDir } from "~/domain/catalog/product-images.server";
import { unitPriceFor } from "~/domain/pricing/pricing";
import { RETURN_REASONS } from "~/domain/returns/return.schema";
import { migrateDatabase, openDatabase, type DB } from "~/utils/db.server";
import { vatOn } from "~/utils/money";
import { verifyPassword } from "~/utils/password.server";
import { countRows, seedDemo, seedIfEmpty } from "./seed";

const DAY = 86_400_000;

let dir: string;
let db: DB;

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const all = <T>(query: string, ...params: unknown[]) => db.$client.prepare(query).all(...params) as T[];
const one = <T>(query: string, ...params: unknown[]) => db.$client.prepare(query).get(...params) as T;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
  db = openDatabase(path.join(dir, "app.db"));
  migrateDatabase(db);
  expect(await seedIfEmpty(db)).toBe(true);
}, 60_000);

afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("demo accounts", () => {
  const accounts = [
    { email: "admin@example.com", password: "admin-demo", role: "admin", approved: true, requiresApproval: false },
    { email: "buyer@example.com", password: "buyer-demo", role: "customer", approved: true, requiresApproval: false },
    { email: "buyer2@example.com", password: "buyer-demo", role: "customer", approved: true, requiresApproval: false },
    { email: "approval@example.com", password: "buyer-demo", role: "customer", approved: true, requiresApproval: true },
    { email: "pending@example.com", password: "buyer-demo", role: "customer", approved: false, requiresApproval: false },
    { email: "supplier@example.com", password: "supplier-demo", role: "supplier", approved: true, requiresApproval: false },
    { email: "buyer.colleague@example.com", password: "buyer-demo", role: "customer", approved: true, requiresApproval: false },
    { email: "buyer.approver@example.com", password: "buyer-demo", role: "customer", approved: true, requiresApproval: false },
    { email: "buyer.viewer@example.com", password: "buyer-demo", role: "customer", approved: true, requiresApproval: false },
  ];

  it.each(accounts)("$email signs in as $role", async (account) => {
    const user = one<{ role: string; password_hash: string; approved_at: number | null; requires_approval: number; is_active: number }>(
      `select u.role, u.password_hash, u.approved_at, coalesce(c.requires_approval, 0) as requires_approval, u.is_active
       from users u left join companies c on c.id = u.company_id where u.email = ?`,
      account.email,
    );
    expect(user).toBeDefined();
    expect(user.role).toBe(account.role);
    expect(user.approved_at !== null).toBe(account.approved);
    expect(Boolean(user.requires_approval)).toBe(account.requiresApproval);
    expect(user.is_active).toBe(1);
    const [right, wrong] = await Promise.all([
      verifyPassword(account.password, user.password_hash),
      verifyPassword("wrong-password", user.password_hash),
    ]);
    expect(right).toBe(true);
    expect(wrong).toBe(false);
  }, 20_000);

  it("puts the demo buyer's company on a price tier with full business details", () => {
    const buyer = one<{ tier: string | null; discount: number; business_name: string; address: string; phone: string; vat_number: string; company_role: string }>(
      `select t.name as tier, t.discount_percentage as discount, c.name as business_name, c.address, u.phone, c.vat_number, u.company_role
       from users u join companies c on c.id = u.company_id join price_tiers t on t.id = c.price_tier_id where u.email = 'buyer@example.com'`,
    );
    expect(buyer.tier).toBe("Silver");
    expect(buyer.discount).toBe(1000);
    expect(buyer.business_name && buyer.address && buyer.phone && buyer.vat_number).toBeTruthy();
    expect(buyer.company_role).toBe("company_admin");
  });

  it("makes every demo customer the company admin of a company of one, and puts a buyer, an approver and a viewer in the buyer's company", () => {
    const customers = all<{ email: string; company_id: number | null; company_role: string | null }>(
      "select email, company_id, company_role from users where role = 'customer'",
    );
    expect(customers.every((c) => c.company_id !== null)).toBe(true);
    const byEmail = new Map(customers.map((c) => [c.email, c]));
    const hartleys = byEmail.get("buyer@example.com")!.company_id;
    const colleagues = ["buyer.colleague@example.com", "buyer.approver@example.com", "buyer.viewer@example.com"];
    expect(colleagues.map((email) => byEmail.get(email))).toEqual([
      { email: colleagues[0], company_role: "buyer", company_id: hartleys },
      { email: colleagues[1], company_role: "approver", company_id: hartleys },
      { email: colleagues[2], company_role: "viewer", company_id: hartleys },
    ]);
    const others = customers.filter((c) => !colleagues.includes(c.email));
    expect(others.every((c) => c.company_role === "company_admin")).toBe(true);
    expect(new Set(others.map((c) => c.company_id)).size).toBe(others.length);
    const staff = one<{ n: number }>("select count(*) as n from users where role <> 'customer' and company_id is not null");
    expect(staff.n).toBe(0);
  });

  it("stores every email in lower case", () => {
    const emails = all<{ email: string }>("select email from users");
    for (const { email } of emails) expect(email).toBe(email.toLowerCase());
  });

  it("has the three price tiers", () => {
    expect(all("select name, discount_percentage from price_tiers order by discount_percentage")).toEqual([
      { name: "Bronze", discount_percentage: 500 },
      { name: "Silver", discount_percentage: 1000 },
      { name: "Gold", discount_percentage: 1500 },
    ]);
  });
});

describe("catalogue", () => {
  it("has at least 6 categories and 60 products", () => {
    expect(one<{ n: number }>("select count(*) as n from categories").n).toBeGreaterThanOrEqual(6);
    expect(one<{ n: number }>("select count(*) as n from products").n).toBeGreaterThanOrEqual(60);
    expect(one<{ n: number }>("select count(*) as n from products where category_id is null").n).toBe(0);
  });

  it("uses all three VAT rates", () => {
    const rates = all<{ vat_rate: number }>("select distinct vat_rate from products order by vat_rate").map((r) => r.vat_rate);
    expect(rates).toEqual([0, 500, 2000]);
  });

  it("has products out of stock, low on stock and in stock", () => {
    const stock = one<{ out: number; low: number; fine: number }>(
      `select sum(stock_level = 0) as out,
              sum(stock_level > 0 and stock_level <= low_stock_threshold) as low,
              sum(stock_level > low_stock_threshold) as fine
       from products`,
    );
    expect(stock.out).toBeGreaterThanOrEqual(3);
    expect(stock.low).toBeGreaterThanOrEqual(3);
    expect(stock.fine).toBeGreaterThan(40);
  });

  it("has products with variants, one with two variant groups", () => {
    const withVariants = all<{ groups: number }>("select count(*) as groups from product_variants group by product_id");
    expect(withVariants.length).toBeGreaterThanOrEqual(8);
    expect(withVariants.some((p) => p.groups >= 2)).toBe(true);
    const options = all<{ options: string }>("select options from product_variants");
    for (const { options: json } of options) expect(JSON.parse(json).length).toBeGreaterThan(1);
  });

  it("gives every product a valid, unique slug", () => {
    const slugs = all<{ slug: string }>("select slug from products").map((r) => r.slug);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9_]+(-[a-z0-9_]+)*$/);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("gives every product its own drawn picture, stored with its renditions", () => {
    const urls = all<{ imageUrl: string | null }>("select image_url as imageUrl from products").map((r) => r.imageUrl);
    for (const url of urls) expect(url).toMatch(/^\/images\/[0-9a-f]{64}-640\.webp$/);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      const hash = url!.slice("/images/".length, "/images/".length + 64);
      for (const name of [`${hash}.png`, `${hash}-160.webp`, `${hash}-320.webp`, `${hash}-640.webp`]) {
        expect(fs.existsSync(path.join(imagesDir(), name))).toBe(true);
      }
    }
  });

  it("gives every product a short, readable, unique SKU", () => {
    const skus = all<{ sku: string | null }>("select sku from products").map((r) => r.sku);
    for (const sku of skus) expect(sku).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
    for (const sku of skus) expect(sku!.length).toBeLessThanOrEqual(20);
    expect(new Set(skus).size).toBe(skus.length);
    expect(skus).toContain("HIVIS-VEST");
  });

  it("snapshots each line's SKU on its order and invoice", () => {
    const missing = one<{ n: number }>(
      "select count(*) as n from order_items i join products p on p.id = i.product_id where i.sku is null or i.sku <> p.sku",
    );
    expect(missing.n).toBe(0);
    const invoiceLines = one<{ n: number; coded: number }>("select count(*) as n, count(sku) as coded from sales_invoice_items");
    expect(invoiceLines.n).toBeGreaterThan(0);
    expect(invoiceLines.coded).toBe(invoiceLines.n);
  });

  it("has volume discounts, customer prices and one reward of each type", () => {
    expect(one<{ n: number }>("select count(distinct product_id) as n from volume_discounts").n).toBeGreaterThanOrEqual(8);
    expect(
      one<{ n: number }>(
        "select count(*) as n from customer_pricing c join users u on u.company_id = c.company_id where u.email = 'buyer@example.com'",
      ).n,
    ).toBeGreaterThanOrEqual(3);
    const rewards = all<{ reward_type: string; is_active: number; valid_from: number }>(
      "select reward_type, is_active, valid_from from loyalty_rewards",
    );
    expect(rewards.map((r) => r.reward_type).sort()).toEqual([
      "discount_fixed",
      "discount_percentage",
      "free_product",
      "free_shipping",
    ]);
    for (const r of rewards) {
      expect(r.is_active).toBe(1);
      expect(r.valid_from).toBeLessThan(Date.now());
    }
  });
});

describe("orders, invoices and payments", () => {
  type Order = { id: number; status: string; subtotal: number; vat_amount: number; total: number; created_at: number; user_id: string };

  it("span at least five months, up to today", () => {
    const span = one<{ oldest: number; newest: number; n: number }>(
      "select min(created_at) as oldest, max(created_at) as newest, count(*) as n from orders",
    );
    expect(span.n).toBeGreaterThanOrEqual(100);
    expect(span.oldest).toBeLessThanOrEqual(Date.now() - 150 * DAY);
    expect(span.newest).toBeGreaterThan(Date.now() - 7 * DAY);
    expect(span.newest).toBeLessThanOrEqual(Date.now());
  });

  it("have every status, and pending_approval only for the approval customer", () => {
    const statuses = all<{ status: string }>("select distinct status from orders").map((r) => r.status).sort();
    expect(statuses).toEqual(["cancelled", "delivered", "pending", "pending_approval", "processing", "shipped"]);
    const approvalOwners = all<{ email: string }>(
      "select distinct u.email from orders o join users u on u.id = o.user_id where o.status = 'pending_approval'",
    );
    expect(approvalOwners).toEqual([{ email: "approval@example.com" }]);
  });

  it("total every order as the sum of its rounded lines", () => {
    const orders = all<Order>("select * from orders");
    const items = all<{ order_id: number; quantity: number; unit_price: number; vat_rate: number; total: number; vat_amount: number }>(
      "select * from order_items",
    );
    const byOrder = groupBy(items, (i) => i.order_id);
    for (const order of orders) {
      const lines = byOrder.get(order.id) ?? [];
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.total).toBe(line.quantity * line.unit_price);
        expect(line.vat_amount).toBe(vatOn(line.total, line.vat_rate));
      }
      expect(order.total).toBe(order.subtotal + order.vat_amount);
      expect(order.subtotal).toBe(lines.reduce((sum, l) => sum + l.total, 0));
      expect(order.vat_amount).toBe(lines.reduce((sum, l) => sum + l.vat_amount, 0));
    }
  });

  it("price the demo buyer's lines with their tier, volume breaks and agreed prices", () => {
    const lines = all<{ product_id: number; quantity: number; unit_price: number; sales_price: number }>(
      `select oi.product_id, oi.quantity, oi.unit_price, p.sales_price
       from order_items oi join orders o on o.id = oi.order_id join users u on u.id = o.user_id
       join products p on p.id = oi.product_id where u.email = 'buyer@example.com'`,
    );
    const custom = new Map(
      all<{ product_id: number; custom_price: number }>(
        "select c.product_id, c.custom_price from customer_pricing c join users u on u.company_id = c.company_id where u.email = 'buyer@example.com'",
      ).map((r) => [r.product_id, r.custom_price]),
    );
    const rules = groupBy(
      all<{ product_id: number; minQuantity: number; discountPercentage: number }>(
        "select product_id, min_quantity as minQuantity, discount_percentage as discountPercentage from volume_discounts",
      ),
      (r) => r.product_id,
    );
    expect(lines.length).toBeGreaterThan(50);
    let discounted = 0;
    for (const line of lines) {
      const expected = unitPriceFor({
        salesPrice: line.sales_price,
        customPrice: custom.get(line.product_id) ?? null,
        tierDiscount: 1000,
        volumeRules: rules.get(line.product_id) ?? [],
        quantity: line.quantity,
      });
      expect(line.unit_price).toBe(expected.finalPrice);
      if (expected.volumeDiscount > 0 || expected.customPrice !== null) discounted++;
    }
    expect(discounted).toBeGreaterThan(0);
  });

  it("invoice every order except those awaiting approval, to the penny", () => {
    const rows = all<Order & { invoice_id: number | null; inv_status: string | null; inv_subtotal: number; inv_vat: number; inv_total: number; issue_date: string; due_date: string; voided_at: number | null }>(
      `select o.*, i.id as invoice_id, i.status as inv_status, i.subtotal as inv_subtotal, i.vat_amount as inv_vat,
              i.total as inv_total, i.issue_date, i.due_date, i.voided_at
       from orders o left join sales_invoices i on i.order_id = o.id`,
    );
    const invoiceLines = groupBy(
      all<{ invoice_id: number; total: number; vat_amount: number; quantity: number; unit_price: number }>("select * from sales_invoice_items"),
      (l) => l.invoice_id,
    );
    for (const row of rows) {
      if (row.status === "pending_approval") {
        expect(row.invoice_id).toBeNull();
        continue;
      }
      expect(row.invoice_id).not.toBeNull();
      expect([row.inv_subtotal, row.inv_vat, row.inv_total]).toEqual([row.subtotal, row.vat_amount, row.total]);
      const lines = invoiceLines.get(row.invoice_id!) ?? [];
      expect(lines.reduce((s, l) => s + l.total, 0)).toBe(row.subtotal);
      expect(lines.reduce((s, l) => s + l.vat_amount, 0)).toBe(row.vat_amount);
      expect(row.inv_status).toBe(row.status === "cancelled" ? "void" : "unpaid");
      expect(row.voided_at !== null).toBe(row.status === "cancelled");
      const due = new Date(`${row.issue_date}T00:00:00Z`);
      due.setUTCDate(due.getUTCDate() + 30);
      expect(row.due_date).toBe(due.toISOString().slice(0, 10));
    }
  });

  it("numbers invoices by year in date order", () => {
    const invoices = all<{ invoice_number: string; issue_date: string }>("select invoice_number, issue_date from sales_invoices order by invoice_number");
    for (const inv of invoices) expect(inv.invoice_number).toMatch(new RegExp(`^INV-${inv.issue_date.slice(0, 4)}-\\d{5}$`));
    const dates = invoices.map((i) => i.issue_date);
    expect(dates).toEqual([...dates].sort());
  });

  it("records payments that match each invoice's amount paid, with some paid, part-paid and unpaid", () => {
    const invoices = all<{ id: number; total: number; amount_paid: number; paid: number; status: string }>(
      `select i.id, i.total, i.amount_paid, i.status, coalesce(sum(p.amount), 0) as paid
       from sales_invoices i left join payments p on p.sales_invoice_id = i.id group by i.id`,
    );
    for (const inv of invoices) {
      expect(inv.amount_paid).toBe(inv.paid);
      expect(inv.amount_paid).toBeLessThanOrEqual(inv.total);
      if (inv.status === "void") expect(inv.amount_paid).toBe(0);
    }
    const open = invoices.filter((i) => i.status !== "void");
    expect(open.some((i) => i.amount_paid === i.total)).toBe(true);
    expect(open.some((i) => i.amount_paid > 0 && i.amount_paid < i.total)).toBe(true);
    expect(open.some((i) => i.amount_paid === 0)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(one<{ n: number }>("select count(*) as n from payments where amount <= 0 or payment_date > ?", today).n).toBe(0);
  });

  it("credits a point per pound of each invoiced order and reverses cancelled ones", () => {
    const rows = all<{ subtotal: number; status: string; earned: number | null; adjusted: number | null }>(
      `select o.subtotal, o.status,
              (select sum(points) from loyalty_transactions l where l.order_id = o.id and l.transaction_type = 'earned') as earned,
              (select sum(points) from loyalty_transactions l where l.order_id = o.id and l.transaction_type = 'adjusted' and l.return_id is null) as adjusted
       from orders o`,
    );
    for (const row of rows) {
      if (row.status === "pending_approval") {
        expect(row.earned).toBeNull();
        continue;
      }
      expect(row.earned).toBe(Math.floor(row.subtotal / 100));
      expect(row.adjusted).toBe(row.status === "cancelled" ? -Math.floor(row.subtotal / 100) : null);
    }
    const buyerPoints = one<{ points: number }>(
      "select sum(points) as points from loyalty_transactions l join users u on u.id = l.user_id where u.email = 'buyer@example.com'",
    );
    expect(buyerPoints.points).toBeGreaterThanOrEqual(800);
  });

  it("gives the customer segments something to show", () => {
    const customers = all<{ spent: number; last: number | null }>(
      `select coalesce(sum(case when o.status <> 'cancelled' then o.total end), 0) as spent, max(o.created_at) as last
       from users u left join orders o on o.user_id = u.id where u.role = 'customer' and u.approved_at is not null group by u.id`,
    );
    const now = Date.now();
    const vip = customers.filter((c) => c.spent >= 100_000);
    const rest = customers.filter((c) => c.spent < 100_000 && c.last !== null);
    expect(vip.length).toBeGreaterThan(0);
    expect(rest.some((c) => c.last! >= now - 30 * DAY)).toBe(true);
    expect(rest.some((c) => c.last! < now - 30 * DAY && c.last! >= now - 90 * DAY)).toBe(true);
    expect(rest.some((c) => c.last! < now - 90 * DAY)).toBe(true);
  });
});

describe("finance and purchasing", () => {
  it("has the three money accounts", () => {
    expect(all("select name, type from financial_accounts order by id")).toEqual([
      { name: "Business Current Account", type: "bank" },
      { name: "Petty Cash", type: "cash" },
      { name: "Company Credit Card", type: "credit_card" },
    ]);
  });

  it("has supplier invoices that add up and match their payments", () => {
    const invoices = all<{ id: number; subtotal: number; vat_amount: number; total: number; amount_paid: number; lines_net: number; lines_vat: number; paid: number }>(
      `select i.*, (select sum(total) from purchase_invoice_items l where l.invoice_id = i.id) as lines_net,
              (select sum(vat_amount) from purchase_invoice_items l where l.invoice_id = i.id) as lines_vat,
              (select coalesce(sum(amount), 0) from purchase_payments p where p.purchase_invoice_id = i.id) as paid
       from purchase_invoices i`,
    );
    expect(invoices.length).toBeGreaterThanOrEqual(10);
    for (const inv of invoices) {
      expect(inv.subtotal).toBe(inv.lines_net);
      expect(inv.vat_amount).toBe(inv.lines_vat);
      expect(inv.total).toBe(inv.subtotal + inv.vat_amount);
      expect(inv.amount_paid).toBe(inv.paid);
    }
    expect(invoices.filter((i) => i.amount_paid === i.total).length).toBeGreaterThan(invoices.length / 2);
  });

  it("has a draft auto-generated purchase order, a sent one and a received one", () => {
    const pos = all<{ status: string; auto_generated: number; items: number }>(
      "select status, auto_generated, (select count(*) from purchase_order_items i where i.purchase_order_id = po.id) as items from purchase_orders po order by status",
    );
    expect(pos).toEqual([
      { status: "draft", auto_generated: 1, items: expect.any(Number) },
      { status: "received", auto_generated: 0, items: expect.any(Number) },
      { status: "sent", auto_generated: 0, items: 3 },
    ]);
    for (const po of pos) expect(po.items).toBeGreaterThan(0);
  });

  it("has a filed VAT return whose boxes come from that month's invoices", () => {
    const vat = one<Record<string, number | string>>("select * from vat_returns");
    const sales = one<{ vat: number; net: number }>(
      "select sum(vat_amount) as vat, sum(subtotal) as net from sales_invoices where status <> 'void' and issue_date between ? and ?",
      vat.start_date,
      vat.end_date,
    );
    const purchases = one<{ vat: number; net: number }>(
      "select sum(vat_amount) as vat, sum(subtotal) as net from purchase_invoices where status <> 'void' and invoice_date between ? and ?",
      vat.start_date,
      vat.end_date,
    );
    expect(vat.is_filed).toBe(1);
    expect(vat.box1_vat_due).toBe(sales.vat);
    expect(vat.box2_vat_due_acquisitions).toBe(0);
    expect(vat.box3_total_vat_due).toBe(sales.vat);
    expect(vat.box4_vat_reclaimed).toBe(purchases.vat);
    expect(vat.box5_net_vat).toBe(sales.vat - purchases.vat);
    expect(vat.box6_total_sales).toBe(Math.floor(sales.net / 100));
    expect(vat.box7_total_purchases).toBe(Math.floor(purchases.net / 100));
    expect(vat.filed_at as number).toBeLessThan(Date.now());
  });

  it("has returns, a template and product requests for the demo", () => {
    const returns = all<{ status: string; refund_amount: number | null; completed_at: number | null; items: number; order_status: string }>(
      `select r.status, r.refund_amount, r.completed_at, o.status as order_status,
              (select count(*) from return_items i where i.return_id = r.id) as items
       from returns r join orders o on o.id = r.order_id join users u on u.id = r.user_id
       where u.email = 'buyer@example.com' order by r.status`,
    );
    expect(returns.map((r) => r.status)).toEqual(["completed", "requested"]);
    expect(returns[0].refund_amount).toBeGreaterThan(0);
    expect(returns[0].completed_at).not.toBeNull();
    for (const r of returns) {
      expect(r.order_status).toBe("delivered");
      expect(r.items).toBeGreaterThan(0);
    }
    // every demo return gives one of the reasons the returns form offers
    const reasons = all<{ reason: string }>("select reason from returns").map((r) => r.reason);
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(RETURN_REASONS).toContain(reason);
    expect(one<{ n: number }>("select count(*) as n from order_templates").n).toBe(1);
    const requests = all<{ status: string; feasibility_score: number | null; ai_reasoning: string | null }>(
      "select status, feasibility_score, ai_reasoning from product_requests",
    );
    expect(requests.length).toBe(4);
    for (const r of requests.filter((r) => r.status !== "pending")) {
      expect(r.feasibility_score).toBeGreaterThanOrEqual(1);
      expect(r.feasibility_score).toBeLessThanOrEqual(10);
      expect(r.ai_reasoning).toBeTruthy();
    }
  });

  it("has the demo company's quotes in every state a buyer meets, the accepted one with its order at the quoted prices", async () => {
    const { getMyQuote, listMyQuotes } = await import("~/domain/quotes/quotes.server");
    const { findSessionUser } = await import("~/domain/users/user-accounts.server");
    const buyerId = one<{ id: string }>("select id from users where email = 'buyer@example.com'").id;
    const buyer = findSessionUser(db, buyerId)!;
    const list = listMyQuotes(db, buyer);
    if (!list.ok) throw new Error(list.message);
    const states = list.value.items.map((q) => `${q.label} ${q.status}`);
    expect(states).toEqual([
      "QT-00005 v1 requested",
      "QT-00004 v2 sent",
      "QT-00004 v1 revision_requested",
      "QT-00003 v1 declined",
      "QT-00002 v1 expired",
      "QT-00001 v1 accepted",
    ]);
    // every one sent is priced, with its totals; the one asked for is not priced yet
    for (const item of list.value.items) expect(item.total === null).toBe(item.status === "requested");
    const accepted = list.value.items.find((q) => q.status === "accepted")!;
    expect(accepted.order).not.toBeNull();
    const order = one<{ subtotal: number; quote_id: number; status: string }>("select subtotal, quote_id, status from orders where id = ?", accepted.order!.id);
    expect(order.quote_id).toBe(accepted.id);
    expect(order.status).toBe("delivered");
    expect(Math.round(Number(accepted.subtotal) * 100)).toBe(order.subtotal);
    const revised = getMyQuote(db, buyer, list.value.items[1]!.id);
    expect(revised.ok && revised.value.versions.map((v) => v.label)).toEqual(["QT-00004 v1", "QT-00004 v2"]);
    expect(one<{ value: number }>("select value from number_sequences where name = 'quote'").value).toBe(5);
  });

  it("leaves the number sequences after the seeded documents", () => {
    const orders = one<{ n: number }>("select count(*) as n from orders").n;
    expect(one<{ value: number }>("select value from number_sequences where name = 'order'").value).toBe(orders);
    expect(one<{ value: number }>("select value from number_sequences where name = 'purchase-order'").value).toBe(3);
  });
});

describe("running it again", () => {
  it("changes nothing", async () => {
    const before = countRows(db);
    const sequences = all("select * from number_sequences order by name");
    await seedDemo(db);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(countRows(db)).toEqual(before);
    expect(all("select * from number_sequences order by name")).toEqual(sequences);
  });
});
