/**
 * What the fault tests order and look for in a server's database file: delivery details, products to order
 * from, and which confirmed orders a file holds. Each opens the file read-only beside the running server.
 */
import { openDatabase } from "../../scripts/server-process";
import { allProblems, integrityProblems, stockBaseline } from "./invariants";

export const SHIPPING = {
  shippingName: "Goods In",
  shippingEmail: "goods-in@example.com",
  shippingAddress: "Unit 4, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "LS11 5PS",
};

/** Products without options that have stock, to order from. */
export function stockedProducts(file: string) {
  const db = openDatabase(file);
  try {
    return db
      .prepare(
        `select id from products p where stock_level >= 20
           and not exists (select 1 from product_variants v where v.product_id = p.id) order by id limit 12`,
      )
      .all()
      .map((row) => (row as { id: number }).id);
  } finally {
    db.close();
  }
}

/** The order numbers of `numbers` that the file holds, in the order given. */
export function ordersIn(file: string, numbers: string[]) {
  const db = openDatabase(file);
  try {
    const found = new Set(
      (db.prepare("select order_number from orders").all() as { order_number: string }[]).map((r) => r.order_number),
    );
    return numbers.filter((n) => found.has(n));
  } finally {
    db.close();
  }
}

/** SQLite's integrity check and the stock, money and points rules (since `baseline`), as readable lines. */
export function checkDatabase(file: string, baseline: ReturnType<typeof stockBaseline>) {
  const db = openDatabase(file);
  try {
    return { integrity: integrityProblems(db), rules: allProblems(db, baseline) };
  } finally {
    db.close();
  }
}

/** Where the stock rule starts from: the file as it is now. */
export function baselineOf(file: string) {
  const db = openDatabase(file);
  try {
    return stockBaseline(db);
  } finally {
    db.close();
  }
}
