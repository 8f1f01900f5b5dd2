import { describe, expect, it } from "vitest";
import { decodePriceList, findProduct, PRICE_LIST_COLUMNS, priceListRow, searchPriceList, type PriceListBody } from "./price-list";

const row = (id: number, sku: string | null, name: string, slug: string, unitPrice: number, vatRate = 2000, categoryIndex = 0) =>
  priceListRow({ id, sku, name, slug, unitPrice, vatRate, stockLevel: 5, categoryIndex, volumeSteps: [] });

const body: PriceListBody = {
  v: 1,
  basis: "company",
  cats: ["Tools", "Fixings"],
  cols: PRICE_LIST_COLUMNS,
  rows: [
    row(1, "HAM-1", "Claw Hammer", "claw-hammer", 1000),
    row(2, "NAIL-1", "Nails 1kg", "nails-1kg-2", 450, 500, 1),
    row(3, null, "Hammer Drill", "hammer-drill", 5999),
  ],
};

describe("the compact price list", () => {
  it("works out inc VAT per unit, and leaves out a slug that is the name's own", () => {
    expect(body.rows[0]).toEqual([1, "HAM-1", "Claw Hammer", "", 1000, 1200, 2000, 5, 0, 0]);
    expect(body.rows[1]![3]).toBe("nails-1kg-2");
    expect(body.rows[1]![5]).toBe(473); // 450 + 22.5 rounded half up
  });

  it("reads columns by name, so a column added later (pack rules) is ignored by an older reader", () => {
    const withExtra = { ...body, cols: [...PRICE_LIST_COLUMNS, "pack"], rows: body.rows.map((r) => [...r, [6, 6]]) };
    const list = decodePriceList(withExtra)!;
    expect(list[0]).toMatchObject({ id: 1, sku: "HAM-1", slug: "claw-hammer", exVat: 1000, incVat: 1200, category: "Tools" });
    expect(list[1]).toMatchObject({ slug: "nails-1kg-2", category: "Fixings" });
  });

  it("is null for anything that is not a price list of this version", () => {
    expect(decodePriceList({ message: "Unauthorized" })).toBeNull();
    expect(decodePriceList({ ...body, v: 2 })).toBeNull();
    expect(decodePriceList({ ...body, cols: ["id"] })).toBeNull();
    expect(decodePriceList(null)).toBeNull();
  });

  it("finds a quick-order line's product by SKU, web address or full name, in any case", () => {
    const list = decodePriceList(body)!;
    expect(findProduct(list, "ham-1")?.id).toBe(1);
    expect(findProduct(list, "nails-1kg-2")?.id).toBe(2);
    expect(findProduct(list, "HAMMER DRILL")?.id).toBe(3);
    expect(findProduct(list, "nope")).toBeNull();
    expect(findProduct(list, "  ")).toBeNull();
  });

  it("searches names, SKUs and categories, exact SKU first, then names starting with the query", () => {
    const list = decodePriceList(body)!;
    expect(searchPriceList(list, "hammer").map((p) => p.id)).toEqual([3, 1]);
    expect(searchPriceList(list, "nail-1").map((p) => p.id)).toEqual([2]);
    expect(searchPriceList(list, "fixings").map((p) => p.id)).toEqual([2]);
    expect(searchPriceList(list, "claw tools").map((p) => p.id)).toEqual([1]);
    expect(searchPriceList(list, "")).toEqual([]);
  });
});
