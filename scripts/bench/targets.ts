/**
 * What the benchmark measures, resolved against a running server's data: real slugs, ids and SKUs, and
 * the signed-in sessions each page needs. Writes (orders, quick orders) are real and repeatable: the bench
 * gives the products it orders ample stock first (see prepareDatabase).
 */
import Database from "better-sqlite3";
import type { BudgetGroup, TargetResult } from "./budgets";
import type { Request } from "./load";

export type Target = {
  name: string;
  kind: TargetResult["kind"];
  request: Request;
  connections: number[];
  floor?: boolean;
  /** the absolute p95 budget it is held to at the scale data (budgets.ts: ABSOLUTE_BUDGET_MS), if any */
  group?: BudgetGroup;
};

export type Sessions = { buyer: string; admin: string; origin: string };

const SHIPPING = {
  shippingName: "Goods In",
  shippingEmail: "goods-in@example.com",
  shippingAddress: "Unit 4, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
};

/** Products without options, with a SKU, that the bench may order from. */
function orderableProducts(db: Database.Database, limit: number) {
  return db
    .prepare(
      `select id, slug, sku, min_order_quantity as minimum, order_multiple as multiple from products p where sku is not null
         and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit ?`,
    )
    .all(limit) as { id: number; slug: string; sku: string; minimum: number | null; multiple: number | null }[];
}

/** `wanted` raised to what the product's pack rule takes: at least its minimum, in its multiples. */
function packQuantity(product: { minimum: number | null; multiple: number | null }, wanted: number) {
  const atLeast = Math.max(wanted, product.minimum ?? 1);
  const multiple = product.multiple ?? 1;
  return Math.ceil(atLeast / multiple) * multiple;
}

/** Ample stock for the products the bench orders, recorded as an adjustment like any other. */
export function prepareDatabase(file: string) {
  const db = new Database(file);
  try {
    const products = orderableProducts(db, 500);
    const add = db.prepare("update products set stock_level = stock_level + 1000000 where id = ? returning stock_level");
    const move = db.prepare(
      "insert into stock_movements (product_id, change, reason, stock_after, note, created_at) values (?, 1000000, 'adjustment', ?, 'Benchmark stock', ?)",
    );
    db.transaction(() => {
      for (const product of products) {
        const { stock_level } = add.get(product.id) as { stock_level: number };
        move.run(product.id, stock_level, Date.now());
      }
    })();
  } finally {
    db.close();
  }
}

export function resolveTargets(file: string, sessions: Sessions): Target[] {
  const db = new Database(file, { readonly: true });
  try {
    const products = orderableProducts(db, 500);
    const category = db
      .prepare("select c.slug from categories c join products p on p.category_id = c.id group by c.id order by count(*) desc limit 1")
      .get() as { slug: string };
    const word = (db.prepare("select name from products order by id limit 1").get() as { name: string }).name.split(/\s+/)[0]!;
    const vatMonth = (db.prepare("select id from vat_returns order by start_date desc limit 1").get() as { id: number } | undefined)?.id;
    // a customer's company, as an admin would look a customer up by it
    const companyWord = (db.prepare("select name from companies order by id limit 1").get() as { name: string } | undefined)?.name.split(/\s+/)[0];
    const both = [1, 10];
    const buyer = { Cookie: sessions.buyer };
    const admin = { Cookie: sessions.admin };
    const json = { "Content-Type": "application/json", Origin: sessions.origin };
    const page = (name: string, path: string, group?: BudgetGroup): Target => ({
      name,
      kind: "page",
      request: { path, headers: admin },
      connections: both,
      floor: true,
      ...(group ? { group } : {}),
    });
    const product = products[0]!;
    const order = (lines: number) =>
      JSON.stringify({ ...SHIPPING, items: products.slice(0, lines).map((p, i) => ({ productId: p.id, quantity: packQuantity(p, 1 + (i % 3)) })) });
    const quickOrderLines = Array.from({ length: 500 }, (_, i) => `${products[i % products.length]!.sku}, ${packQuantity(products[i % products.length]!, 1 + (i % 4))}`).join("\n");
    return [
      { name: "home", kind: "page", request: { path: "/", headers: buyer }, connections: both, floor: true },
      { name: "category + filters", kind: "page", request: { path: `/category/${category.slug}?sort=price-asc&stock=in-stock`, headers: buyer }, connections: both, floor: true },
      { name: "search", kind: "page", request: { path: `/?q=${encodeURIComponent(word)}`, headers: buyer }, connections: both, floor: true, group: "search" },
      // the search itself, without a page around it: the same word through the catalogue's JSON API
      { name: "search API", kind: "api", request: { path: `/api/products?q=${encodeURIComponent(word)}`, headers: buyer }, connections: both, floor: true, group: "search" },
      { name: "product page", kind: "page", request: { path: `/products/${product.slug}`, headers: buyer }, connections: both, floor: true },
      { name: "pricing API", kind: "api", request: { path: `/api/products/${product.id}/pricing?quantity=12`, headers: buyer }, connections: both, floor: true },
      { name: "cart", kind: "page", request: { path: "/cart", headers: buyer }, connections: both, floor: true },
      { name: "checkout (orders)", kind: "write", request: { path: "/api/orders", method: "POST", headers: { ...buyer, ...json }, body: order(2) }, connections: both },
      { name: "50-line checkout", kind: "write", request: { path: "/api/orders", method: "POST", headers: { ...buyer, ...json }, body: order(50) }, connections: [1] },
      {
        name: "500-line quick order",
        kind: "write",
        request: {
          path: "/quick-order",
          method: "POST",
          headers: { ...buyer, Origin: sessions.origin, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "entry", lines: quickOrderLines }).toString(),
        },
        connections: [1],
      },
      // the back-office lists, each at its default first page and, where a filter is cheap to name, one filtered
      page("admin orders list", "/admin/orders", "list"),
      page("admin invoices list", "/admin/sales-invoices", "list"),
      page("admin invoices overdue", "/admin/sales-invoices?status=overdue", "list"),
      page("admin customers list", "/admin/users", "list"),
      ...(companyWord ? [page("admin customers search", `/admin/users?q=${encodeURIComponent(companyWord)}`, "list")] : []),
      page("admin products list", "/admin/products", "list"),
      page("admin products search", `/admin/products?q=${encodeURIComponent(word)}`, "list"),
      page("admin quotes list", "/admin/quotes", "list"),
      page("admin quotes sent", "/admin/quotes?status=sent", "list"),
      page("admin journals list", "/admin/ledger/journals", "list"),
      page("admin journals payments", "/admin/ledger/journals?type=payment", "list"),
      page("inventory forecast", "/admin/inventory-forecast"),
      page("customer insights", "/admin/customer-insights"),
      // the reports: a year, or as at today, as each screen opens
      ...(vatMonth ? [page("VAT return of a month", `/admin/vat-returns?view=${vatMonth}`, "report")] : []),
      page("P&L for a year", "/admin/accounts?period=this-year", "report"),
      page("balance sheet", "/admin/accounts?tab=balance-sheet&period=this-year", "report"),
      page("trial balance", "/admin/ledger", "report"),
      page("aged debtors", "/admin/aged-debtors", "report"),
    ];
  } finally {
    db.close();
  }
}

/** The inner HTML of a page's <main>, what the framework floor renders from a constant. */
export function mainContent(html: string): string {
  const start = html.indexOf("<main");
  if (start < 0) return html;
  const open = html.indexOf(">", start) + 1;
  const end = html.lastIndexOf("</main>");
  return end > open ? html.slice(open, end) : html.slice(open);
}
