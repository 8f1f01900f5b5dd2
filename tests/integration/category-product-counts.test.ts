/**
 * The categories' product counts (category_product_counts, kept by the triggers on products): through adding,
 * moving, re-pricing and deleting products they equal a count of the products, and the home page's sections
 * say the same totals with no filter as counting does with one that keeps every product.
 */
import { describe, expect, it } from "vitest";
import { listCategorySections } from "~/domain/catalog/catalog.server";
import { getDb } from "~/utils/db.server";
import { createCategory, createProduct } from "./factories";

const sql = () => getDb().$client;
const fromProducts = () =>
  sql().prepare("select category_id, count(*) as products from products where category_id is not null group by 1 order by 1").all();
const kept = () => sql().prepare("select category_id, products from category_product_counts where products <> 0 order by 1").all();
const filters = { q: "", stock: "all", vat: null, min: null, max: null, sort: "name-asc" } as const;

describe("the categories' product counts", () => {
  it("follow every product added, moved, changed or deleted, and give the home sections their totals", () => {
    const tea = createCategory("Tea");
    const cups = createCategory("Cups");
    const ids = [1, 2, 3, 4].map((n) => createProduct({ name: `Tea ${n}`, salesPrice: 100 * n, categoryId: tea.id }).id);
    createProduct({ name: "Paper cup", salesPrice: 50, categoryId: cups.id });
    createProduct({ name: "Loose item", salesPrice: 50 });
    expect(kept()).toEqual([
      { category_id: tea.id, products: 4 },
      { category_id: cups.id, products: 1 },
    ]);
    // a stock or price change leaves them alone; a move, a move to no category and a delete change them
    sql().prepare("update products set stock_level = stock_level + 5, sales_price = 999 where id = ?").run(ids[0]);
    sql().prepare("update products set category_id = ? where id = ?").run(cups.id, ids[1]);
    sql().prepare("update products set category_id = null where id = ?").run(ids[2]);
    sql().prepare("delete from products where id = ?").run(ids[3]);
    expect(kept()).toEqual(fromProducts());
    expect(kept()).toEqual([
      { category_id: tea.id, products: 1 },
      { category_id: cups.id, products: 2 },
    ]);

    const totals = (sections: ReturnType<typeof listCategorySections>) => [...sections.values()].map((s) => [s.categoryId, s.total, s.items.length]);
    const unfiltered = listCategorySections(getDb(), { filters: { ...filters }, perSection: 4 });
    // "in stock or not" with a price range wide enough for all: counted from the products themselves
    const counted = listCategorySections(getDb(), { filters: { ...filters, min: 0, max: 1_000_000 }, perSection: 4 });
    expect(totals(unfiltered)).toEqual(totals(counted));
    expect(unfiltered.get(cups.id)).toMatchObject({ total: 2 });
  });
});
