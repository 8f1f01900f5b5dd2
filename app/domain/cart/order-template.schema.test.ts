import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import {
  createTemplateSchema,
  isTemplateIntent,
  NOTHING_TO_CHANGE,
  saveTemplateSchema,
  SHARED_MUST_BE_BOOLEAN,
  TEMPLATE_COPY_FAILED,
  TEMPLATE_EDIT_FAILED,
  TEMPLATE_ITEMS_REQUIRED,
  TEMPLATE_LOAD_FAILED,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_QUANTITY_MESSAGE,
  TEMPLATE_SHARE_FAILED,
  templateFailedTitle,
  templateIdSchema,
  updateTemplateSchema,
} from "./order-template.schema";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("saveTemplateSchema", () => {
  it("trims the name and turns an empty description into null", () => {
    expect(saveTemplateSchema.parse({ name: "  Weekly restock  ", description: "" })).toEqual({
      name: "Weekly restock",
      description: null,
    });
    expect(saveTemplateSchema.parse({ name: "Weekly", description: "   " }).description).toBeNull();
    expect(saveTemplateSchema.parse({ name: "Weekly", description: null }).description).toBeNull();
    expect(saveTemplateSchema.parse({ name: "Weekly" }).description).toBeNull();
    expect(saveTemplateSchema.parse({ name: "Weekly", description: " Mondays " }).description).toBe("Mondays");
  });

  it.each([[undefined], [""], ["   "], ["\t\n"], [42], [null]])("rejects the name %j with 'Name required'", (name) => {
    const result = saveTemplateSchema.safeParse({ name, description: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["name"], message: TEMPLATE_NAME_REQUIRED });
  });

  it("limits the name and the description", () => {
    expect(saveTemplateSchema.safeParse({ name: "x".repeat(200) }).success).toBe(true);
    expect(saveTemplateSchema.safeParse({ name: "x".repeat(201) }).success).toBe(false);
    const long = saveTemplateSchema.safeParse({ name: "ok", description: "y".repeat(1001) });
    expect(long.error?.issues[0].path).toEqual(["description"]);
  });

  it("gives the form the same answers through Conform", () => {
    const blank = parseWithZod(form({ name: "   ", description: "" }), { schema: saveTemplateSchema });
    expect(blank.status).toBe("error");
    expect(blank.status === "error" && blank.error?.name).toEqual([TEMPLATE_NAME_REQUIRED]);
    const missing = parseWithZod(form({ description: "notes" }), { schema: saveTemplateSchema });
    expect(missing.status === "error" && missing.error?.name).toEqual([TEMPLATE_NAME_REQUIRED]);
    const good = parseWithZod(form({ name: "Bar", description: "" }), { schema: saveTemplateSchema });
    expect(good.status).toBe("success");
    expect(good.status === "success" && good.value).toEqual({ name: "Bar", description: null });
  });
});

describe("createTemplateSchema", () => {
  const item = { productId: 3, productName: "Penne", quantity: 2, selectedVariants: { Size: "L" } };

  it("accepts the spec's payload", () => {
    expect(createTemplateSchema.parse({ name: "Bar", description: null, items: [item] })).toEqual({
      name: "Bar",
      description: null,
      items: [item],
    });
  });

  it("defaults missing variants to none", () => {
    const parsed = createTemplateSchema.parse({ name: "Bar", items: [{ productId: 3, quantity: 1 }] });
    expect(parsed.items[0].selectedVariants).toEqual({});
  });

  it("needs at least one item", () => {
    for (const items of [[], undefined, "lots"]) {
      const result = createTemplateSchema.safeParse({ name: "Bar", items });
      expect(result.error?.issues[0]).toMatchObject({ path: ["items"], message: TEMPLATE_ITEMS_REQUIRED });
    }
  });

  it.each([[0], [-1], [1.5], ["2"], [null]])("rejects the quantity %j on its field", (quantity) => {
    const result = createTemplateSchema.safeParse({ name: "Bar", items: [item, { ...item, quantity }] });
    expect(result.error?.issues[0]).toMatchObject({ path: ["items", 1, "quantity"], message: TEMPLATE_QUANTITY_MESSAGE });
  });

  it("rejects an item without a valid product id", () => {
    const result = createTemplateSchema.safeParse({ name: "Bar", items: [{ ...item, productId: "abc" }] });
    expect(result.error?.issues[0].path).toEqual(["items", 0, "productId"]);
  });

  it("checks the name first, with the same rule as the form", () => {
    const result = createTemplateSchema.safeParse({ name: " ", items: [item] });
    expect(result.error?.issues[0]).toMatchObject({ path: ["name"], message: TEMPLATE_NAME_REQUIRED });
  });
});

describe("templateIdSchema", () => {
  it("reads a posted id and refuses anything else", () => {
    expect(templateIdSchema.parse("12")).toBe(12);
    for (const bad of ["", "0", "-3", "1.5", "abc", null]) expect(templateIdSchema.safeParse(bad).success).toBe(false);
  });
});

describe("updateTemplateSchema (PATCH /api/order-templates/{id})", () => {
  it("leaves absent fields absent, clears a blank description, and takes shared as a boolean only", () => {
    expect(updateTemplateSchema.parse({ shared: true })).toEqual({ shared: true });
    expect(updateTemplateSchema.parse({ description: "  " })).toEqual({ description: null });
    expect(updateTemplateSchema.parse({ name: " Bar ", shared: false })).toEqual({ name: "Bar", shared: false });
    const notBoolean = updateTemplateSchema.safeParse({ shared: "true" });
    expect(notBoolean.success).toBe(false);
    expect(notBoolean.error?.issues[0]).toMatchObject({ path: ["shared"], message: SHARED_MUST_BE_BOOLEAN });
  });

  it("refuses an empty change and a blank name", () => {
    expect(updateTemplateSchema.safeParse({}).error?.issues[0].message).toBe(NOTHING_TO_CHANGE);
    expect(updateTemplateSchema.safeParse({ name: "   " }).error?.issues[0]).toMatchObject({ path: ["name"], message: TEMPLATE_NAME_REQUIRED });
    expect(updateTemplateSchema.safeParse({ items: [] }).error?.issues[0]).toMatchObject({ path: ["items"] });
  });
});

describe("templateFailedTitle", () => {
  it("names each templates-page form's failure, and falls back to the load failure for anything else", () => {
    expect(templateFailedTitle("share")).toBe(TEMPLATE_SHARE_FAILED);
    expect(templateFailedTitle("unshare")).toBe(TEMPLATE_SHARE_FAILED);
    expect(templateFailedTitle("copy")).toBe(TEMPLATE_COPY_FAILED);
    expect(templateFailedTitle("edit")).toBe(TEMPLATE_EDIT_FAILED);
    expect(templateFailedTitle("toString")).toBe(TEMPLATE_LOAD_FAILED);
    expect(isTemplateIntent("toString")).toBe(false);
  });
});
