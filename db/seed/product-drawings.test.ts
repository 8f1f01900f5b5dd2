import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "./catalog-data";
import { DRAWING_SIZE, drawingKind, labelWords, productDrawingSvg, productHues } from "./product-drawings";

const NAMES = CATALOGUE.flatMap((category) => category.products.map((product) => product.name));

describe("the demo products' drawings", () => {
  const hues = productHues(NAMES);
  const drawings = NAMES.map((name) => productDrawingSvg(name, hues.get(name)!));

  it("draws the pack the name describes", () => {
    expect(drawingKind("Plain Flour 16kg Sack")).toBe("sack");
    expect(drawingKind("Chopped Tomatoes 2.5kg Tin (Case of 6)")).toBe("tin");
    expect(drawingKind("Thick Bleach 5L")).toBe("jerrycan");
    expect(drawingKind("Cola 330ml Cans (24 pack)")).toBe("cans");
    expect(drawingKind("Toilet Tissue 2-Ply (36 rolls)")).toBe("rolls");
    expect(drawingKind("Hi-Vis Vest EN ISO 20471")).toBe("vest");
    expect(drawingKind("S3 Safety Boots")).toBe("boot");
    expect(drawingKind("Catering Foil 450mm x 75m")).toBe("box");
  });

  it("gives no two products the same drawing, nor two of one shape the same colour", () => {
    expect(new Set(drawings).size).toBe(NAMES.length);
    const looks = NAMES.map((name) => `${drawingKind(name)}:${hues.get(name)}`);
    expect(new Set(looks).size).toBe(NAMES.length);
    // pictures of products, not one tile repeated: many kinds of pack across the catalogue
    expect(new Set(NAMES.map(drawingKind)).size).toBeGreaterThanOrEqual(15);
  });

  it("is the same drawing every time (so the stored picture keeps its name)", () => {
    expect(productDrawingSvg(NAMES[0], hues.get(NAMES[0])!)).toBe(drawings[0]);
  });

  it("labels the pack with the product's words and size, safely escaped", () => {
    expect(labelWords("Rapeseed Oil 20L Drum")).toEqual({ lines: ["Rapeseed Oil", "Drum"], size: "20L" });
    expect(labelWords("Catering Tea Bags (1,100)")).toEqual({ lines: ["Catering Tea", "Bags"], size: "1,100" });
    expect(productDrawingSvg("Fish & Chips <Boxes> (Case of 6)", 10)).toContain("FISH &#38; CHIPS");
  });

  it("renders as a square picture", async () => {
    const sample = [0, 17, 40, NAMES.length - 1].map((index) => drawings[index]);
    for (const svg of sample) {
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.width, meta.height]).toEqual([DRAWING_SIZE, DRAWING_SIZE]);
      const stats = await sharp(Buffer.from(svg)).stats();
      // not a flat tile: the drawing has many colours in it
      expect(stats.channels.some((channel) => channel.stdev > 20)).toBe(true);
    }
  });
});
