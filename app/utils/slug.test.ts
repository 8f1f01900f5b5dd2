import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("lower-cases and turns spaces into hyphens", () => {
    expect(slugify("Thick Bleach 5L")).toBe("thick-bleach-5l");
  });

  it("drops characters other than word characters, spaces and hyphens", () => {
    expect(slugify("Cleaning & Hygiene")).toBe("cleaning-hygiene");
    expect(slugify("Tea Bags (1,100 pack)")).toBe("tea-bags-1100-pack");
    expect(slugify("Chef's 100% Cotton Apron!")).toBe("chefs-100-cotton-apron");
  });

  it("keeps underscores and digits, which are word characters", () => {
    expect(slugify("Model_X 2000")).toBe("model_x-2000");
  });

  it("collapses runs of whitespace and hyphens", () => {
    expect(slugify("Hi-Vis  --  Vest")).toBe("hi-vis-vest");
    expect(slugify("Kiln-Dried\tHardwood\nLogs")).toBe("kiln-dried-hardwood-logs");
  });

  it("leaves no hyphen at either end", () => {
    expect(slugify("  -- Sale items -- ")).toBe("sale-items");
    expect(slugify("£5 off")).toBe("5-off");
  });

  it("drops accented letters, which are not word characters", () => {
    expect(slugify("Café Crème Brûlée")).toBe("caf-crme-brle");
    expect(slugify("QA Café Crème_Special 1/2 kg")).toBe("qa-caf-crme_special-12-kg");
  });

  it("gives an empty slug for a name with no usable characters", () => {
    expect(slugify("£ & !")).toBe("");
  });
});
