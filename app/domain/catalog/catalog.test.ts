import { describe, expect, it } from "vitest";
import { productJson, shortDescription, toCardData, toProductRow, type ProductWithVariants } from "./catalog.server";

const row: ProductWithVariants = {
  id: 7,
  name: "Thick Bleach 5L",
  slug: "thick-bleach-5l",
  sku: "BLEACH-THICK-5L",
  description: "Thick original bleach.",
  imageUrl: null,
  categoryId: 3,
  category: { id: 3, name: "Cleaning & Hygiene", slug: "cleaning-hygiene" },
  salesPrice: 299,
  costPrice: 199,
  vatRate: 2000,
  stockLevel: 150,
  lowStockThreshold: 10,
  minOrderQuantity: null,
  orderMultiple: null,
  packLabel: null,
  unitsPerPack: null,
  variants: [{ id: 11, name: "Colour", options: ["Blue", "Red"] }],
};

describe("productJson", () => {
  it("answers the spec's Product with money and rates as 2-decimal strings", () => {
    expect(productJson(row, { includeCost: false })).toEqual({
      id: 7,
      name: "Thick Bleach 5L",
      slug: "thick-bleach-5l",
      sku: "BLEACH-THICK-5L",
      description: "Thick original bleach.",
      imageUrl: null,
      categoryId: 3,
      category: { id: 3, name: "Cleaning & Hygiene", slug: "cleaning-hygiene" },
      salesPrice: "2.99",
      vatRate: "20.00",
      stockLevel: 150,
      lowStockThreshold: 10,
      variants: [{ id: 11, name: "Colour", options: ["Blue", "Red"] }],
      // the pack rule in force: none here
      minOrderQuantity: 1,
      orderMultiple: 1,
      packLabel: null,
      unitsPerPack: null,
    });
  });

  it("leaves the cost price out entirely unless asked (customers must not see it)", () => {
    expect(productJson(row, { includeCost: false })).not.toHaveProperty("costPrice");
    expect(productJson(row, { includeCost: true }).costPrice).toBe("1.99");
  });

  it("keeps a product without a category or variants well-formed", () => {
    const json = productJson({ ...row, categoryId: null, category: null, variants: [], vatRate: 0 }, { includeCost: false });
    expect(json.category).toBeNull();
    expect(json.categoryId).toBeNull();
    expect(json.variants).toEqual([]);
    expect(json.vatRate).toBe("0.00");
  });
});

describe("toProductRow", () => {
  it("nests the joined category, or null when there is none", () => {
    const flat = { ...row, categoryName: "Cleaning & Hygiene", categorySlug: "cleaning-hygiene" };
    const { category: _category, variants: _variants, ...rest } = flat;
    expect(toProductRow(rest).category).toEqual(row.category);
    expect(toProductRow({ ...rest, categoryId: null, categoryName: null, categorySlug: null }).category).toBeNull();
  });
});

describe("card data", () => {
  it("shortens long descriptions at a word boundary", () => {
    const long = "Strong 160-gauge refuse sacks for kitchens and yards. ".repeat(10);
    const short = shortDescription(long)!;
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith("…")).toBe(true);
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
    expect(shortDescription("Short text.")).toBe("Short text.");
    expect(shortDescription(null)).toBeNull();
  });

  it("carries what a card shows and nothing it does not (no cost price)", () => {
    const card = toCardData(row);
    expect(card).toEqual({
      id: 7,
      slug: "thick-bleach-5l",
      name: "Thick Bleach 5L",
      sku: "BLEACH-THICK-5L",
      description: "Thick original bleach.",
      imageUrl: null,
      salesPrice: 299,
      vatRate: 2000,
      stockLevel: 150,
      lowStockThreshold: 10,
      packRule: { minimum: 1, multiple: 1, packLabel: null, unitsPerPack: null },
    });
  });
});
