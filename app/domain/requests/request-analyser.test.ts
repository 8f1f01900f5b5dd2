import { describe, expect, it } from "vitest";
import { analyseProductRequest, requestKeywords, stem, type CatalogueContext } from "./request-analyser";

const catalogue: CatalogueContext = {
  categoryNames: [
    "Catering Food & Ingredients",
    "Cleaning & Hygiene",
    "Disposables & Packaging",
    "Workwear & PPE",
    "Office & Stationery",
  ],
  productNames: [
    "UHT Semi-Skimmed Milk Portions (120)",
    "Arabica Coffee Beans 1kg",
    "Ripple Wall Coffee Cups (500)",
    "Sip-Through Cup Lids (1,000)",
    "Deli Containers 500ml with Lids (250)",
    "Thick Bleach 5L",
    "Floor Cleaner Concentrate 5L",
    "Nitrile Gloves Powder-Free (100)",
    "Hi-Vis Vest EN ISO 20471",
    "A4 Copier Paper 80gsm (Box of 5 Reams)",
  ],
};

const SPECIFIC =
  "Compostable 12oz soup containers with vented lids, cases of 500, for our takeaway counter. We get through about 3 cases a week.";
const VAGUE = "Something nice for the holidays, anything really";

function scores(text: string, context = catalogue) {
  const { feasibilityScore, clarityScore, relevanceScore } = analyseProductRequest(text, context);
  return { feasibilityScore, clarityScore, relevanceScore };
}

describe("analyseProductRequest", () => {
  it("rates a specific, on-catalogue request above a vague, off-topic one on every score", () => {
    const specific = scores(SPECIFIC);
    const vague = scores(VAGUE);
    expect(specific.clarityScore).toBeGreaterThan(vague.clarityScore);
    expect(specific.relevanceScore).toBeGreaterThan(vague.relevanceScore);
    expect(specific.feasibilityScore).toBeGreaterThan(vague.feasibilityScore);
    expect(specific.clarityScore).toBeGreaterThanOrEqual(8);
    expect(specific.relevanceScore).toBeGreaterThanOrEqual(7);
    expect(vague.clarityScore).toBeLessThanOrEqual(3);
    expect(vague.relevanceScore).toBeLessThanOrEqual(2);
  });

  it("gives one explained sentence per score, citing what it found", () => {
    const { reasoning, feasibilityScore, clarityScore, relevanceScore } = analyseProductRequest(SPECIFIC, catalogue);
    expect(reasoning).toMatch(new RegExp(`^Feasibility ${feasibilityScore}/10: .+\\. Clarity ${clarityScore}/10: .+\\. Relevance ${relevanceScore}/10: .+\\.$`));
    expect(reasoning).toContain("soup containers");
    expect(reasoning).toContain("cases of 500");
    expect(reasoning).toContain("12oz");
    expect(reasoning).toContain("compostable");
    expect(reasoning).toContain('"Deli Containers 500ml with Lids (250)"');
    expect(reasoning).toContain("a line we already supply (disposables and packaging)");
  });

  it("tells a vague request what to add", () => {
    const { reasoning } = analyseProductRequest(VAGUE, catalogue);
    expect(reasoning).toContain("vague wording (something, anything)");
    expect(reasoning).toContain("it would help to add what the product is");
    expect(reasoning).toContain("Nothing in it matches our categories or product names");
  });

  it("more detail raises clarity: product, then pack size, then size and brand", () => {
    const bare = scores("We would like some sort of cups please").clarityScore;
    const named = scores("Paper coffee cups for our cafe counter").clarityScore;
    const packed = scores("Paper coffee cups for our cafe counter, sleeves of 50, cases of 1,000").clarityScore;
    const full = scores("Huhtamaki 12oz double-wall paper coffee cups for our cafe counter, sleeves of 50, cases of 1,000").clarityScore;
    expect(named).toBeGreaterThan(bare);
    expect(packed).toBeGreaterThan(named);
    expect(full).toBeGreaterThan(packed);
  });

  it("relevance follows overlap with our own catalogue", () => {
    const onRange = scores("Nitrile gloves, powder-free, size L, boxes of 100").relevanceScore;
    const nearRange = scores("Garden hose reels with 30m hose for the yard").relevanceScore;
    expect(onRange).toBeGreaterThanOrEqual(7);
    expect(onRange).toBeGreaterThan(nearRange);
    const { reasoning } = analyseProductRequest("Nitrile gloves, powder-free, size L, boxes of 100", catalogue);
    expect(reasoning).toContain('close to our "Nitrile Gloves Powder-Free (100)"');
  });

  it("marks down services, consumer electronics and regulated goods, and says why", () => {
    const service = analyseProductRequest("A cleaning service for our offices every week", catalogue);
    expect(service.feasibilityScore).toBeLessThanOrEqual(2);
    expect(service.reasoning).toContain("asks for a service (cleaning service)");

    const phones = analyseProductRequest("Branded smartphones at trade prices for our staff.", catalogue);
    expect(phones.feasibilityScore).toBeLessThanOrEqual(3);
    expect(phones.relevanceScore).toBeLessThanOrEqual(2);
    expect(phones.reasoning).toContain("consumer electronics need specialist distributors");

    const lager = analyseProductRequest("Lager, 24 x 440ml cans, for our pub", catalogue);
    const water = analyseProductRequest("Still water, 24 x 500ml bottles, for our pub", catalogue);
    expect(lager.feasibilityScore).toBeLessThan(water.feasibilityScore);
    expect(lager.reasoning).toContain("AWRS registration");

    const weapon = analyseProductRequest("Pepper spray canisters for our door staff", catalogue);
    expect(weapon.feasibilityScore).toBe(1);
  });

  it("does not mistake a product phrase for an off-range word", () => {
    // "car" in "car seat" is not a vehicle, "tablets" with "dishwasher" are not computers
    const seats = analyseProductRequest("Child car seats for our nursery minibus, 4 needed", catalogue);
    expect(seats.reasoning).not.toContain("vehicles");
    const tablets = analyseProductRequest("Dishwasher tablets, 200 per tub, for our commercial kitchen", catalogue);
    expect(tablets.reasoning).not.toContain("electronics");
    expect(tablets.feasibilityScore).toBeGreaterThanOrEqual(7);
  });

  it("keeps every score an integer from 1 to 10, whatever the input", () => {
    const inputs = [
      "aaaaaaaaaaaa",
      "!!!!!!!!!!!!!!",
      "1234567890 0987654321",
      SPECIFIC,
      VAGUE,
      `${SPECIFIC} `.repeat(40),
      "Heinz Fairy Dettol Domestos Oatly Alpro Huhtamaki Vegware cups lids gloves bleach milk coffee, cases of 6, 5L, 12oz, EN 1276, per week for our cafe kitchen staff customers",
      "gun gun gun cocaine time machine vape wine laptop car service",
    ];
    for (const input of inputs) {
      for (const context of [catalogue, { categoryNames: [], productNames: [] }]) {
        const result = scores(input, context);
        for (const value of Object.values(result)) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(1);
          expect(value).toBeLessThanOrEqual(10);
        }
      }
    }
  });

  it("gives the same answer for the same input", () => {
    const first = analyseProductRequest(SPECIFIC, catalogue);
    const again = analyseProductRequest(SPECIFIC, {
      categoryNames: [...catalogue.categoryNames],
      productNames: [...catalogue.productNames],
    });
    expect(again).toEqual(first);
  });

  it("still judges a request on its own words when there is no catalogue to compare with", () => {
    const empty = { categoryNames: [], productNames: [] };
    expect(scores(SPECIFIC, empty).relevanceScore).toBeGreaterThan(scores(VAGUE, empty).relevanceScore);
    expect(analyseProductRequest(SPECIFIC, empty).reasoning).toContain("a usual line for a trade supplier");
  });
});

describe("words", () => {
  it("stems plurals and -ing forms so they meet the catalogue's words", () => {
    expect(stem("cups")).toBe("cup");
    expect(stem("boxes")).toBe("box");
    expect(stem("batteries")).toBe("battery");
    expect(stem("glasses")).toBe("glass");
    expect(stem("tomatoes")).toBe("tomato");
    expect(stem("cleaning")).toBe("clean");
    expect(stem("12oz")).toBe("12oz");
  });

  it("picks the meaningful words of a request to look up in the catalogue", () => {
    expect(requestKeywords("Could you please stock oat milk portions, 120 per case, for our coffee bar?")).toEqual([
      "oat",
      "milk",
      "coffee",
      "bar",
    ]);
  });
});
