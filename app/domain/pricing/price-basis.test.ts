import { describe, expect, it } from "vitest";
import { withVat } from "~/utils/money";
import {
  BASIS_LABELS,
  highestNetFor,
  lowestNetFor,
  netBoundFor,
  parsePriceBasis,
  priceOnBasis,
} from "./price-basis";
import { priceBasisFormSchema } from "./price-basis.schema";

describe("price basis", () => {
  it("reads inc or ex, and anything else as the default inc VAT", () => {
    expect(parsePriceBasis("ex")).toBe("ex");
    expect(parsePriceBasis("inc")).toBe("inc");
    expect(parsePriceBasis(null)).toBe("inc");
    expect(parsePriceBasis("EX")).toBe("inc");
    expect(parsePriceBasis({ basis: "ex" })).toBe("inc");
    expect(BASIS_LABELS).toEqual({ inc: "inc VAT", ex: "ex VAT" });
  });

  it("shows a unit price with its VAT rounded half-up per unit, or the net price as stored", () => {
    expect(priceOnBasis(899, 2000, "inc")).toBe(1079); // 179.8p VAT → 180p
    expect(priceOnBasis(899, 2000, "ex")).toBe(899);
    expect(priceOnBasis(10, 500, "inc")).toBe(11); // 0.5p VAT rounds up
    expect(priceOnBasis(9, 500, "inc")).toBe(9); // 0.45p VAT rounds down
    expect(priceOnBasis(749, 0, "inc")).toBe(749);
    expect(priceOnBasis(0, 2000, "inc")).toBe(0);
  });
});

describe("price filter bounds on the inc-VAT basis", () => {
  it("turns an inc-VAT bound into the exact ex-VAT bound for each rate", () => {
    // £12.00 inc at 20% is £10.00 ex
    expect(lowestNetFor(1200, 2000)).toBe(1000);
    expect(highestNetFor(1200, 2000)).toBe(1000);
    // £10.79 inc: 899 ex gives 1079 exactly
    expect(lowestNetFor(1079, 2000)).toBe(899);
    expect(highestNetFor(1078, 2000)).toBe(898); // 898 → 1078 (179.6p VAT rounds to 180p)
    // at 0% the bounds are the same numbers
    expect(lowestNetFor(749, 0)).toBe(749);
    expect(highestNetFor(749, 0)).toBe(749);
    expect(lowestNetFor(0, 2000)).toBe(0);
  });

  it("matches a brute-force search for every bound up to £30 at 0%, 5% and 20%", () => {
    for (const rate of [0, 500, 2000]) {
      const shown = Array.from({ length: 3001 }, (_, net) => withVat(net, rate));
      for (let bound = 0; bound <= 3000; bound += 1) {
        const lowest = shown.findIndex((price) => price >= bound);
        let highest = -1;
        for (let net = 0; net < shown.length; net += 1) if (shown[net] <= bound) highest = net;
        expect(lowestNetFor(bound, rate), `min ${bound} at ${rate}`).toBe(lowest);
        expect(highestNetFor(bound, rate), `max ${bound} at ${rate}`).toBe(highest);
      }
    }
  });

  it("leaves bounds alone on the ex-VAT basis", () => {
    expect(netBoundFor(1200, "min", 2000, "ex")).toBe(1200);
    expect(netBoundFor(1200, "max", 2000, "ex")).toBe(1200);
    expect(netBoundFor(1200, "min", 2000, "inc")).toBe(1000);
    expect(netBoundFor(1199, "max", 2000, "inc")).toBe(999); // 999 → 1199, 1000 → 1200
  });
});

describe("the switch's form", () => {
  it("takes inc or ex and a same-site path to go back to; anything else goes home", () => {
    expect(priceBasisFormSchema.parse({ basis: "ex", redirectTo: "/category/cleaning?sort=price-asc" })).toEqual({
      basis: "ex",
      redirectTo: "/category/cleaning?sort=price-asc",
    });
    expect(priceBasisFormSchema.parse({ basis: "inc", redirectTo: "//evil.example/x" }).redirectTo).toBe("/");
    expect(priceBasisFormSchema.parse({ basis: "inc", redirectTo: "https://evil.example" }).redirectTo).toBe("/");
    expect(priceBasisFormSchema.parse({ basis: "inc", redirectTo: null }).redirectTo).toBe("/");
    expect(priceBasisFormSchema.safeParse({ basis: "gross", redirectTo: "/" }).error?.issues[0]?.message).toBe(
      "Choose inc VAT or ex VAT",
    );
  });
});
