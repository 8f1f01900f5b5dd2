import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { addSelectedNotice, NOTHING_ADDED, NOTHING_SELECTED, selectedField, type AddSelectedOutcome } from "./add-selected";
import { addSelectedSchema, SELECTED_QUANTITY_MESSAGE } from "./add-selected.schema";

function form(rows: [productId: string, quantity: string | null][]) {
  const data = new FormData();
  data.set("redirectTo", "/category/food");
  rows.forEach(([productId, quantity], index) => {
    data.set(selectedField(index, "productId"), productId);
    if (quantity !== null) data.set(selectedField(index, "quantity"), quantity);
  });
  return parseWithZod(data, { schema: addSelectedSchema, disableAutoCoercion: true });
}

/** The messages by field of a refused submission (none for one that passed). */
function errorsOf(submission: ReturnType<typeof form>) {
  return submission.status === "error" ? (submission.error ?? {}) : {};
}

describe("the list view's form, read by the add-selected schema", () => {
  it("keeps the rows with a quantity and drops blank and 0 rows", () => {
    const submission = form([
      ["11", "5"],
      ["12", ""],
      ["13", " 3 "],
      ["14", "0"],
      ["15", null],
    ]);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.items).toEqual([
      { productId: 11, quantity: 5, selectedVariants: {} },
      { productId: 13, quantity: 3, selectedVariants: {} },
    ]);
  });

  it("reads rows with gaps in their numbering (a product with options sends no row)", () => {
    const data = new FormData();
    data.set(selectedField(0, "productId"), "21");
    data.set(selectedField(0, "quantity"), "2");
    data.set(selectedField(4, "productId"), "25");
    data.set(selectedField(4, "quantity"), "7");
    const submission = parseWithZod(data, { schema: addSelectedSchema, disableAutoCoercion: true });
    expect(submission.status === "success" && submission.value.items.map((line) => [line.productId, line.quantity])).toEqual([
      [21, 2],
      [25, 7],
    ]);
  });

  it("refuses a form with no quantity at all", () => {
    const submission = form([
      ["11", ""],
      ["12", "0"],
    ]);
    expect(submission.status).toBe("error");
    expect(Object.values(errorsOf(submission)).flat()).toContain(NOTHING_SELECTED);
  });

  it.each(["2.5", "-1", "abc", "1e3", "100001"])("refuses the quantity %s on its row", (quantity) => {
    const submission = form([
      ["11", "4"],
      ["12", quantity],
    ]);
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)["items[1].quantity"]).toEqual([SELECTED_QUANTITY_MESSAGE]);
  });
});

describe("the JSON body, read by the same schema", () => {
  it("takes lines with options and drops quantity 0", () => {
    const parsed = addSelectedSchema.safeParse({
      items: [
        { productId: 3, quantity: 2, selectedVariants: { Size: "L" } },
        { productId: 4, quantity: 0 },
      ],
    });
    expect(parsed.success && parsed.data.items).toEqual([{ productId: 3, quantity: 2, selectedVariants: { Size: "L" } }]);
  });

  it("names the field at fault", () => {
    const parsed = addSelectedSchema.safeParse({ items: [{ productId: 3, quantity: 1.5 }] });
    expect(parsed.success).toBe(false);
    expect(!parsed.success && parsed.error.issues[0]).toMatchObject({ path: ["items", 0, "quantity"], message: SELECTED_QUANTITY_MESSAGE });
    const missing = addSelectedSchema.safeParse({});
    expect(!missing.success && missing.error.issues[0].message).toBe(NOTHING_SELECTED);
  });
});

describe("what the notice says", () => {
  const penne = { productId: 1, productName: "Penne Pasta 3kg", selectedVariants: {}, quantity: 5 };
  const bleach = { productId: 2, productName: "Thick Bleach 5L", selectedVariants: {}, quantity: 3 };
  const eggs = { productId: 3, productName: "Free-Range Medium Eggs", selectedVariants: {}, quantity: 10, reason: "only 6 left in stock", status: 409 };

  it("lists what went in", () => {
    expect(addSelectedNotice({ added: [penne, bleach], refused: [] })).toEqual({
      title: "Added 2 products (8 units) to your cart",
      description: "5 × Penne Pasta 3kg; 3 × Thick Bleach 5L.",
    });
  });

  it("names what did not go in, and why", () => {
    expect(addSelectedNotice({ added: [penne], refused: [eggs] })).toEqual({
      title: "Added 1 product (5 units) to your cart",
      description: "5 × Penne Pasta 3kg. Not added: 10 × Free-Range Medium Eggs (only 6 left in stock).",
    });
  });

  it("is a refusal when nothing went in, and shortens a long list", () => {
    const refused: AddSelectedOutcome["refused"] = Array.from({ length: 7 }, (_, index) => ({ ...eggs, productId: index }));
    const notice = addSelectedNotice({ added: [], refused }, 5);
    expect(notice.title).toBe(NOTHING_ADDED);
    expect(notice.variant).toBe("destructive");
    expect(notice.description).toMatch(/and 2 more lines\.$/);
  });
});
