import { describe, expect, it } from "vitest";
import { checkPackQuantity } from "~/domain/catalog/pack-rules";
import {
  decodePriceList,
  deliveryOfPriceList,
  findProduct,
  packRuleOf,
  PRICE_LIST_COLUMNS,
  priceListRow,
  searchPriceList,
  unitPriceAt,
  type PriceListBody,
} from "./price-list";

const noPack = { minOrderQuantity: null, orderMultiple: null, packLabel: null, unitsPerPack: null };
const row = (id: number, sku: string | null, name: string, slug: string, unitPrice: number, vatRate = 2000, categoryIndex = 0) =>
  priceListRow({ id, sku, name, slug, unitPrice, vatRate, stockLevel: 5, categoryIndex, volumeSteps: [], priceSteps: [], ...noPack });

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
    expect(body.rows[0]).toEqual([1, "HAM-1", "Claw Hammer", "", 1000, 1200, 2000, 5, 0, 0, 0, 0, 0, "", 0]);
    expect(body.rows[1]![3]).toBe("nails-1kg-2");
    expect(body.rows[1]![5]).toBe(473); // 450 + 22.5 rounded half up
  });

  it("reads columns by name, so a column added later is ignored by an older reader", () => {
    const withExtra = { ...body, cols: [...PRICE_LIST_COLUMNS, "later"], rows: body.rows.map((r) => [...r, [6, 6]]) };
    const list = decodePriceList(withExtra)!;
    expect(list[0]).toMatchObject({ id: 1, sku: "HAM-1", slug: "claw-hammer", exVat: 1000, incVat: 1200, category: "Tools" });
    expect(list[1]).toMatchObject({ slug: "nails-1kg-2", category: "Fixings" });
  });

  it("carries the pack rules, and reads a list kept before they were added as having none", () => {
    const cased = priceListRow({
      id: 9, sku: "CAN-24", name: "Cola cans", slug: "cola-cans", unitPrice: 1200, vatRate: 2000, stockLevel: 40, categoryIndex: 0,
      volumeSteps: [], priceSteps: [], minOrderQuantity: 2, orderMultiple: 2, packLabel: "case of 24 cans", unitsPerPack: 24,
    });
    const [product] = decodePriceList({ ...body, rows: [cased] })!;
    expect(product!.pack).toEqual({ minOrderQuantity: 2, orderMultiple: 2, packLabel: "case of 24 cans", unitsPerPack: 24 });
    const rule = packRuleOf(product!);
    expect(checkPackQuantity(rule, 3, product!.name)).toMatchObject({ ok: false, below: 2, above: 4 });
    expect(checkPackQuantity(rule, 4, product!.name)).toEqual({ ok: true });

    const old = { ...body, cols: PRICE_LIST_COLUMNS.slice(0, 10), rows: body.rows.map((r) => r.slice(0, 10)) };
    const [before] = decodePriceList(old)!;
    expect(before!.pack).toEqual(noPack);
    expect(before!.priceSteps).toEqual([]);
  });

  it("prices a quantity as the server will: the best step reached, else the price for one", () => {
    const product = { exVat: 1000, priceSteps: [[10, 900], [50, 800]] as [number, number][] };
    expect(unitPriceAt(product, 1)).toBe(1000);
    expect(unitPriceAt(product, 10)).toBe(900);
    expect(unitPriceAt(product, 49)).toBe(900);
    expect(unitPriceAt(product, 50)).toBe(800);
    expect(unitPriceAt({ exVat: 700, priceSteps: [] }, 500)).toBe(700);
  });

  it("keeps the buyer's delivery details only when they are whole", () => {
    const ship = { shippingName: "A Buyer", shippingEmail: "a@example.com", shippingAddress: "1 High St", shippingCity: "Leeds", shippingPostcode: "LS1 6EN" };
    expect(deliveryOfPriceList({ ...body, ship })).toEqual(ship);
    expect(deliveryOfPriceList(body)).toBeNull();
    expect(deliveryOfPriceList({ ...body, ship: { ...ship, shippingCity: 3 } })).toBeNull();
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
