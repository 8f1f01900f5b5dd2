import { describe, expect, it } from "vitest";
import { countOf, describeShortLines, linesAndItems, productsAndUnits, unitsThatFit, wasOrWere } from "./cart-words";

describe("counting words", () => {
  it("says one in the singular and every other count in the plural", () => {
    expect(countOf(1, "product")).toBe("1 product");
    expect(countOf(0, "product")).toBe("0 products");
    expect(countOf(1200, "unit")).toBe("1,200 units");
    expect(linesAndItems(1, 3)).toBe("1 line (3 items)");
    expect(linesAndItems(2, 1)).toBe("2 lines (1 item)");
    expect(productsAndUnits(3, 14)).toBe("3 products (14 units)");
    expect(productsAndUnits(1, 1)).toBe("1 product (1 unit)");
    expect(`${linesAndItems(1, 3)} ${wasOrWere(1)} restored`).toBe("1 line (3 items) was restored");
    expect(`${linesAndItems(4, 9)} ${wasOrWere(4)} restored`).toBe("4 lines (9 items) were restored");
  });
});

describe("the short-line rule", () => {
  it("puts in everything that fits, else what there is, else nothing", () => {
    expect(unitsThatFit(10, 40)).toBe(10);
    expect(unitsThatFit(10, 10)).toBe(10);
    expect(unitsThatFit(10, 4)).toBe(4);
    expect(unitsThatFit(10, 0)).toBe(0);
    expect(unitsThatFit(10, -3)).toBe(0);
  });

  it("names each short line with what was asked and what went in", () => {
    expect(
      describeShortLines([
        { name: "Nitrile Gloves (Size: L)", asked: 10, added: 4 },
        { name: "Blue Roll", asked: 5, added: 0 },
        { name: "Paper Towels", asked: 2, added: 0, inCart: 5 },
      ]),
    ).toBe(
      "Nitrile Gloves (Size: L) (asked 10, added 4); Blue Roll: out of stock; " +
        "Paper Towels (asked 2, none left beyond the 5 in your cart)",
    );
  });
});
