import { describe, expect, it } from "vitest";
import { HOME_PAGE_CARDS, productsPerHomeSection } from "./catalog-pages";

describe("productsPerHomeSection", () => {
  it("shows eight a category while they fit", () => {
    expect(productsPerHomeSection(1)).toBe(8);
    expect(productsPerHomeSection(8)).toBe(8);
    expect(productsPerHomeSection(10)).toBe(8);
  });

  it("shows fewer as categories are added, keeping the page within its cards", () => {
    expect(productsPerHomeSection(11)).toBe(7);
    expect(productsPerHomeSection(12)).toBe(6);
    expect(productsPerHomeSection(20)).toBe(4);
    for (let count = 1; count <= 40; count++) {
      expect(productsPerHomeSection(count) * count).toBeLessThanOrEqual(HOME_PAGE_CARDS);
    }
  });

  it("never shows fewer than two a category", () => {
    expect(productsPerHomeSection(41)).toBe(2);
    expect(productsPerHomeSection(500)).toBe(2);
  });
});
