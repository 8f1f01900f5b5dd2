import { describe, expect, it } from "vitest";
import {
  checkPackQuantity,
  effectivePackRule,
  innerUnitName,
  packRuleJson,
  packUnitName,
  NO_PACK_RULE,
  nearestValidQuantity,
  packSummary,
  perUnitPrice,
  validQuantityAbove,
  validQuantityBelow,
  type PackRuleFields,
} from "./pack-rules";

const none: PackRuleFields = { minOrderQuantity: null, orderMultiple: null, packLabel: null, unitsPerPack: null };
const water: PackRuleFields = { minOrderQuantity: 12, orderMultiple: 6, packLabel: "case of 6", unitsPerPack: null };

describe("effectivePackRule", () => {
  it("is no rule when nothing is set", () => {
    expect(effectivePackRule(none)).toEqual({ minimum: 1, multiple: 1, packLabel: null, unitsPerPack: null });
  });

  it("takes the product's fields", () => {
    expect(effectivePackRule(water)).toEqual({ minimum: 12, multiple: 6, packLabel: "case of 6", unitsPerPack: null });
  });

  it("lets a variant's value override the product's and a null inherit it", () => {
    const rule = effectivePackRule(water, [{ ...none, orderMultiple: 24, packLabel: "tray of 24" }]);
    expect(rule).toEqual({ minimum: 24, multiple: 24, packLabel: "tray of 24", unitsPerPack: null });
    expect(effectivePackRule(water, [none])).toEqual(effectivePackRule(water));
  });

  it("takes the first variant that sets a field", () => {
    const rule = effectivePackRule(none, [
      { ...none, minOrderQuantity: 4 },
      { ...none, minOrderQuantity: 10, orderMultiple: 2 },
    ]);
    expect(rule.minimum).toBe(4);
    expect(rule.multiple).toBe(2);
  });

  it("rounds a minimum the multiple does not divide up to the next multiple", () => {
    expect(effectivePackRule({ ...none, minOrderQuantity: 10, orderMultiple: 6 }).minimum).toBe(12);
    expect(effectivePackRule({ ...none, minOrderQuantity: 3, orderMultiple: 6 }).minimum).toBe(6);
  });

  it("treats a minimum alone as multiples of 1", () => {
    expect(effectivePackRule({ ...none, minOrderQuantity: 5 })).toMatchObject({ minimum: 5, multiple: 1 });
  });

  it("ignores a blank label and zero numbers", () => {
    expect(effectivePackRule({ ...none, packLabel: "  ", orderMultiple: 0, unitsPerPack: 0 })).toEqual(
      effectivePackRule(none),
    );
  });
});

describe("valid quantities", () => {
  const rule = effectivePackRule(water);

  it("finds the valid quantities either side, never below the minimum", () => {
    expect(validQuantityBelow(rule, 15)).toBe(12);
    expect(validQuantityAbove(rule, 15)).toBe(18);
    expect(validQuantityBelow(rule, 7)).toBeNull();
    expect(validQuantityAbove(rule, 7)).toBe(12);
    expect(validQuantityAbove(rule, 1)).toBe(12);
  });

  it("rounds to the nearest, halfway up, never below the minimum", () => {
    expect(nearestValidQuantity(rule, 13)).toBe(12);
    expect(nearestValidQuantity(rule, 14)).toBe(12);
    expect(nearestValidQuantity(rule, 15)).toBe(18);
    expect(nearestValidQuantity(rule, 17)).toBe(18);
    expect(nearestValidQuantity(rule, 6)).toBe(12);
    expect(nearestValidQuantity(rule, 18)).toBe(18);
  });

  it("with a minimum the multiple does not divide, offers multiples only", () => {
    const odd = effectivePackRule({ ...none, minOrderQuantity: 10, orderMultiple: 6 });
    expect(nearestValidQuantity(odd, 10)).toBe(12);
    expect(validQuantityBelow(odd, 17)).toBe(12);
    expect(checkPackQuantity(odd, 10).ok).toBe(false);
    expect(checkPackQuantity(odd, 12).ok).toBe(true);
  });
});

describe("checkPackQuantity", () => {
  const rule = effectivePackRule(water);

  it("accepts multiples at or above the minimum", () => {
    expect(checkPackQuantity(rule, 12)).toEqual({ ok: true });
    expect(checkPackQuantity(rule, 60)).toEqual({ ok: true });
  });

  it("passes 0 (a removal)", () => {
    expect(checkPackQuantity(rule, 0)).toEqual({ ok: true });
  });

  it("names the rule and the quantities either side", () => {
    expect(checkPackQuantity(rule, 15, "Mineral water")).toEqual({
      ok: false,
      message: "Mineral water is sold in multiples of 6 (case of 6), at least 12: 12 or 18?",
      below: 12,
      above: 18,
      nearest: 18,
    });
  });

  it("offers only the minimum when below it", () => {
    const check = checkPackQuantity(rule, 6, "Mineral water");
    expect(check).toMatchObject({ ok: false, below: null, above: 12, nearest: 12 });
    expect(!check.ok && check.message).toBe("Mineral water is sold in multiples of 6 (case of 6), at least 12: 12?");
  });

  it("words a minimum alone", () => {
    const check = checkPackQuantity(effectivePackRule({ ...none, minOrderQuantity: 5 }), 3, "Gloves");
    expect(!check.ok && check.message).toBe("Gloves has a minimum order of 5: 5?");
  });

  it("words a multiple without a minimum", () => {
    const check = checkPackQuantity(effectivePackRule({ ...none, orderMultiple: 6, packLabel: "case of 6" }), 8, "Cola");
    expect(!check.ok && check.message).toBe("Cola is sold in multiples of 6 (case of 6): 6 or 12?");
  });
});

describe("per-unit price and summary", () => {
  it("names the inner unit from the label", () => {
    expect(innerUnitName("case of 24 tins")).toBe("tin");
    expect(innerUnitName("carton of 12 boxes")).toBe("box");
    expect(innerUnitName("pack of 10 batteries")).toBe("battery");
    expect(innerUnitName("case of 6")).toBeNull();
    expect(innerUnitName(null)).toBeNull();
  });

  it("names a unit of sale from its label for \"£16.79 per case\", or nothing when the label does not start with a word", () => {
    expect(packUnitName("case of 24 cans")).toBe("case");
    expect(packUnitName(" Pallet of 40 ")).toBe("pallet");
    expect(packUnitName("pair")).toBe("pair");
    expect(packUnitName("6-pack")).toBeNull();
    expect(packUnitName("24 x 330ml")).toBeNull();
    expect(packUnitName("case, shrink-wrapped")).toBeNull();
    expect(packUnitName(null)).toBeNull();
  });

  it("gives the public JSON the rule in force: the rounded-up minimum, the step, the label and inner units", () => {
    expect(packRuleJson(effectivePackRule({ minOrderQuantity: 10, orderMultiple: 6, packLabel: "case of 6", unitsPerPack: null }))).toEqual({
      minOrderQuantity: 12,
      orderMultiple: 6,
      packLabel: "case of 6",
      unitsPerPack: null,
    });
    expect(packRuleJson(NO_PACK_RULE)).toEqual({ minOrderQuantity: 1, orderMultiple: 1, packLabel: null, unitsPerPack: null });
  });

  it("divides the pack price, rounded half-up to the penny", () => {
    const tins = effectivePackRule({ ...none, packLabel: "case of 24 tins", unitsPerPack: 24 });
    expect(perUnitPrice(tins, 9504)).toBe("£3.96 per tin");
    const bottles = effectivePackRule({ ...none, packLabel: "case of 6", unitsPerPack: 6 });
    expect(perUnitPrice(bottles, 395)).toBe("£0.66 each");
    expect(perUnitPrice(effectivePackRule(water), 395)).toBeNull();
  });

  it("summarises the rule for the storefront", () => {
    expect(packSummary(effectivePackRule({ ...water, unitsPerPack: 6 }), 396)).toBe("Case of 6 · min 12 · £0.66 each");
    expect(packSummary(effectivePackRule({ ...none, orderMultiple: 4 }))).toBe("In multiples of 4");
    expect(packSummary(effectivePackRule(none), 100)).toBe("");
    const energy = effectivePackRule({ minOrderQuantity: 2, orderMultiple: 2, packLabel: "case of 24 cans", unitsPerPack: 24 });
    expect(packSummary(energy, 2388)).toBe("Case of 24 cans · multiples of 2 · £1.00 per can");
  });
});
