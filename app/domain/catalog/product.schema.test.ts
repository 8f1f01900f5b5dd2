import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  adminProductsHref,
  categoryCreateSchema,
  formatMargin,
  generateDescriptionSchema,
  hasAdminProductFilters,
  marginTenths,
  normaliseDescription,
  parseAdminProductsQuery,
  parseMoneyInput,
  productCreateSchema,
  productFormSchema,
  productPatchSchema,
  resolveSlug,
  splitOptions,
  variantCreateSchema,
  vatChoiceFor,
} from "./product.schema";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("resolveSlug (spec §5 slug rule)", () => {
  it("derives from the name when blank: lower case, word characters, hyphens, collapsed", () => {
    expect(resolveSlug(null, "Plain Flour -- 16kg (Sack)!")).toBe("plain-flour-16kg-sack");
    expect(resolveSlug("", "Café  Crème")).toBe("caf-crme");
    expect(resolveSlug("my-own-slug", "Anything")).toBe("my-own-slug");
    expect(resolveSlug(null, "!!!")).toBeNull();
    expect(resolveSlug(null, "x".repeat(250))).toHaveLength(200);
  });
});

describe("productCreateSchema", () => {
  it("applies the defaults and turns pounds into pence", () => {
    expect(productCreateSchema.parse({ name: "  Mop   Bucket ", salesPrice: "£1,299.5" })).toEqual({
      name: "Mop Bucket",
      slug: null,
      sku: null,
      description: null,
      categoryId: null,
      costPrice: 0,
      salesPrice: 129950,
      vatRate: 2000,
      stockLevel: 0,
      lowStockThreshold: 10,
      imageUrl: null,
      supplierId: null,
      barcodes: [],
      minOrderQuantity: null,
      orderMultiple: null,
      packLabel: null,
      unitsPerPack: null,
    });
  });

  it("checks barcodes: a list from the API, text from the form; a wrong check digit names the digit", () => {
    expect(productCreateSchema.parse({ name: "A", salesPrice: "1", barcodes: ["5012345678900", " own-1 "] }).barcodes).toEqual([
      { code: "5012345678900", type: "ean13" },
      { code: "OWN-1", type: "own" },
    ]);
    expect(productCreateSchema.parse({ name: "A", salesPrice: "1", barcodes: "96385074\n036000291452" }).barcodes).toEqual([
      { code: "96385074", type: "ean8" },
      { code: "036000291452", type: "upca" },
    ]);
    const wrong = productCreateSchema.safeParse({ name: "A", salesPrice: "1", barcodes: ["5012345678901"] });
    expect(wrong.success ? null : wrong.error.issues[0]).toMatchObject({
      path: ["barcodes"],
      message: "EAN-13 5012345678901 has the wrong check digit: it ends in 1, the check digit should be 0",
    });
    expect(productCreateSchema.safeParse({ name: "A", salesPrice: "1", barcodes: [1] }).success).toBe(false);
  });

  it("trims and upper-cases a SKU; blank means none", () => {
    expect(productCreateSchema.parse({ name: "A", salesPrice: "1", sku: " hivis-vest_2.l " }).sku).toBe("HIVIS-VEST_2.L");
    expect(productCreateSchema.parse({ name: "A", salesPrice: "1", sku: "  " }).sku).toBeNull();
  });

  it("accepts JSON numbers and rates", () => {
    const parsed = productCreateSchema.parse({ name: "A", salesPrice: 12.5, costPrice: 0.1, vatRate: 5, stockLevel: 3, categoryId: 4 });
    expect(parsed).toMatchObject({ salesPrice: 1250, costPrice: 10, vatRate: 500, stockLevel: 3, categoryId: 4 });
  });

  it.each([
    [{ name: "A", salesPrice: "1.999" }, "salesPrice", "Sales price must be an amount in pounds, like 12.50"],
    [{ name: "A", salesPrice: "1", vatRate: "101" }, "vatRate", "VAT rate must be a percentage from 0 to 100, with at most two decimals"],
    [{ name: "A", salesPrice: "1", lowStockThreshold: "1.5" }, "lowStockThreshold", "Low stock threshold must be a whole number of 0 or more"],
    [{ name: "A", salesPrice: "1", slug: "Has Spaces" }, "slug", "Use lower-case letters, numbers, hyphens and underscores only"],
    [{ name: "A", salesPrice: "1", imageUrl: "//evil.example/x.png" }, "imageUrl", "Image URL must start with https:// (or / for an image on this site)"],
    [{ name: "A", salesPrice: "100000000" }, "salesPrice", "Sales price is too large"],
    [{ name: "A", salesPrice: "1", sku: "HIVIS VEST" }, "sku", "Use letters, numbers, hyphens, underscores and full stops only"],
    [{ name: "A", salesPrice: "1", sku: "X".repeat(65) }, "sku", "SKU must be at most 64 characters"],
  ])("%j → %s", (input, field, message) => {
    const result = productCreateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it("a PATCH leaves absent fields out and keeps an explicit blank slug as 'derive'", () => {
    expect(productPatchSchema.parse({ stockLevel: "4" })).toEqual({ stockLevel: 4 });
    expect(productPatchSchema.parse({ slug: "" })).toEqual({ slug: null });
  });
});

describe("productFormSchema (the add/edit form)", () => {
  const base = { name: "Mop", salesPrice: "2.00", vatRateChoice: "20" };

  it("reads the VAT choice, or the custom rate when Custom is chosen", () => {
    expect(parseWithZod(form({ ...base, vatRateChoice: "5" }), { schema: productFormSchema })).toMatchObject({ status: "success", value: { vatRate: 500 } });
    expect(parseWithZod(form({ ...base, vatRateChoice: "custom", vatRateCustom: "12.5" }), { schema: productFormSchema })).toMatchObject({ value: { vatRate: 1250 } });
    // a custom number typed while a preset is chosen does not count
    expect(parseWithZod(form({ ...base, vatRateChoice: "0", vatRateCustom: "12.5" }), { schema: productFormSchema })).toMatchObject({ value: { vatRate: 0 } });
  });

  it("puts a missing custom rate on the custom box", () => {
    const submission = parseWithZod(form({ ...base, vatRateChoice: "custom" }), { schema: productFormSchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : null).toEqual({ vatRateCustom: ["VAT rate is required"] });
  });

  it("vatChoiceFor shows a stored rate the same way", () => {
    expect(vatChoiceFor(2000)).toEqual({ choice: "20", custom: "" });
    expect(vatChoiceFor(0)).toEqual({ choice: "0", custom: "" });
    expect(vatChoiceFor(1750)).toEqual({ choice: "custom", custom: "17.5" });
  });
});

describe("categories, variants, generate description", () => {
  it("category names are trimmed and must not be blank", () => {
    expect(categoryCreateSchema.parse({ name: "  Office  Supplies " })).toMatchObject({ name: "Office Supplies" });
    expect(categoryCreateSchema.safeParse({ name: "   " }).error?.issues[0]).toMatchObject({ path: ["name"], message: "Category name is required" });
    expect(categoryCreateSchema.safeParse({ name: "x".repeat(101) }).success).toBe(false);
  });

  it("variant options come from a comma list or an array, trimmed, without blanks or repeats", () => {
    expect(variantCreateSchema.parse({ name: "Size", options: " S, M ,, m , L " })).toEqual({
      name: "Size",
      options: ["S", "M", "L"],
      minOrderQuantity: null,
      orderMultiple: null,
      packLabel: null,
      unitsPerPack: null,
    });
    expect(variantCreateSchema.parse({ name: "Size", options: ["XL", " XL ", "XXL"] }).options).toEqual(["XL", "XXL"]);
    expect(variantCreateSchema.safeParse({ name: "Size", options: " , " }).error?.issues[0]).toMatchObject({
      path: ["options"],
      message: "Enter at least one option (separate options with commas)",
    });
    expect(variantCreateSchema.safeParse({ name: "", options: "A" }).error?.issues[0].path).toEqual(["name"]);
    expect(variantCreateSchema.safeParse({ name: "Size", options: [1, 2] }).success).toBe(false);
  });

  it("generate description needs a product name", () => {
    expect(generateDescriptionSchema.safeParse({ productName: " " }).error?.issues[0]).toMatchObject({
      path: ["productName"],
      message: "Please enter a product name first.",
    });
  });
});

describe("helpers", () => {
  it("splitOptions keeps the first spelling", () => {
    expect(splitOptions("Red, red, Blue")).toEqual(["Red", "Blue"]);
  });

  it("parseMoneyInput takes at most two decimals", () => {
    expect(parseMoneyInput("12")).toBe(1200);
    expect(parseMoneyInput("0.5")).toBe(50);
    expect(parseMoneyInput(".99")).toBe(99);
    expect(parseMoneyInput("1.234")).toBeNull();
    expect(parseMoneyInput("1e3")).toBeNull();
    expect(parseMoneyInput(19.99)).toBe(1999);
  });

  it("margin is (sales − cost) / sales × 100 to one decimal", () => {
    expect(formatMargin(marginTenths(300, 200))).toBe("33.3%");
    expect(formatMargin(marginTenths(549, 349))).toBe("36.4%");
    expect(formatMargin(marginTenths(100, 150))).toBe("-50.0%");
    expect(formatMargin(marginTenths(0, 100))).toBe("—");
    expect(formatMargin(marginTenths(800, 0))).toBe("100.0%");
  });

  it("normaliseDescription keeps paragraphs and lines, drops stray white space", () => {
    expect(normaliseDescription("  One\t two \r\n\r\n\r\n  Three\u00a0four \n")).toBe("One two\n\nThree four");
    expect(normaliseDescription("a\u0000b")).toBe("ab");
  });
});

describe("the products list's URL", () => {
  const parse = (search: string) => parseAdminProductsQuery(new URLSearchParams(search));

  it("reads search, category, stock, sort, VAT rate, price range and page", () => {
    expect(parse("q=  paper   cups &category=12&stock=low-stock&sort=price-desc&page=3")).toEqual({
      q: "paper cups",
      category: 12,
      stock: "low-stock",
      sort: "price-desc",
      page: 3,
      vat: null,
      min: null,
      max: null,
    });
    expect(parse("vat=5&min=1.5&max=12")).toMatchObject({ vat: 500, min: 150, max: 1200 });
    // a range the wrong way round is the same range
    expect(parse("min=12&max=1.5")).toMatchObject({ min: 150, max: 1200 });
    expect(parse("category=none").category).toBe("none");
  });

  it("falls back to the defaults for anything it cannot read", () => {
    const defaults = { q: "", category: null, stock: "all", sort: "name-asc", page: 1, vat: null, min: null, max: null };
    expect(parse("")).toEqual(defaults);
    expect(parse("category=cleaning&stock=plenty&sort=cheapest&page=0")).toEqual(defaults);
    expect(parse("category=0&sort=NAME-DESC&stock=&page=2.5")).toEqual(defaults);
    expect(parse("category=-4&page=100001")).toEqual(defaults);
    expect(parse("category=1234567890123456")).toEqual(defaults);
    expect(parse("vat=lots&min=-3&max=cheap")).toEqual(defaults);
  });

  it("writes the defaults out of the URL and keeps every other choice with the page and dialogs", () => {
    expect(adminProductsHref(parse(""))).toBe("/admin/products");
    expect(adminProductsHref({ ...parse("sort=name-asc&stock=all"), page: 1 })).toBe("/admin/products");
    const query = parse("q=cups&category=4&stock=out-of-stock&sort=stock-asc&page=2");
    expect(adminProductsHref(query)).toBe("/admin/products?q=cups&category=4&stock=out-of-stock&sort=stock-asc&page=2");
    expect(adminProductsHref({ ...query, page: 1 }, { edit: 7 })).toBe(
      "/admin/products?q=cups&category=4&stock=out-of-stock&sort=stock-asc&edit=7",
    );
    expect(adminProductsHref(parse("category=none"))).toBe("/admin/products?category=none");
    expect(adminProductsHref(parse("vat=20.00&min=3.50&max=10"))).toBe("/admin/products?vat=20&min=3.5&max=10");
    // what it writes, it reads back the same
    expect(parse(adminProductsHref(query).split("?")[1])).toEqual(query);
  });

  it("counts search, category and stock as filters, not the order", () => {
    expect(hasAdminProductFilters(parse("sort=price-desc"))).toBe(false);
    expect(hasAdminProductFilters(parse("q=cups"))).toBe(true);
    expect(hasAdminProductFilters(parse("category=none"))).toBe(true);
    expect(hasAdminProductFilters(parse("stock=in-stock"))).toBe(true);
    expect(hasAdminProductFilters(parse("vat=0"))).toBe(true);
    expect(hasAdminProductFilters(parse("max=10"))).toBe(true);
  });
});
