import { describe, expect, it } from "vitest";
import { HOME_PAGE_CARDS, productsPerHomeSection } from "./catalog-pages";

describe("productsPerHomeSection", () => {
  it("shows a row of four a category while they fit", () => {
    expect(productsPerHomeSection(1)).toBe(4);
    expect(productsPerHomeSection(8)).toBe(4);
    expect(productsPerHomeSection(10)).toBe(4);
  });

  it("shows fewer as categories are added, keeping the page within its cards", () => {
    expect(productsPerHomeSection(11)).toBe(3);
    expect(productsPerHomeSection(14)).toBe(2);
    expect(productsPerHomeSection(21)).toBe(1);
    for (let count = 1; count <= HOME_PAGE_CARDS; count++) {
      expect(productsPerHomeSection(count) * count).toBeLessThanOrEqual(HOME_PAGE_CARDS);
    }
  });

  it("never shows fewer than one a category", () => {
    expect(productsPerHomeSection(41)).toBe(1);
    expect(productsPerHomeSection(500)).toBe(1);
  });
});
