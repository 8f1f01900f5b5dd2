import { describe, expect, it } from "vitest";
import { joinAddressLines, joinTownAndCounty, splitStoredAddress } from "./uk-address";

describe("joining the UK form's parts", () => {
  it("joins the present parts with a comma and a space, tidying stray commas", () => {
    expect(joinAddressLines({ businessName: "Patel Catering Ltd", line1: "Unit 2, Canal Wharf", line2: "Hunslet" })).toBe(
      "Patel Catering Ltd, Unit 2, Canal Wharf, Hunslet",
    );
    expect(joinAddressLines({ businessName: "", line1: " 14 Boar Lane, ", line2: null })).toBe("14 Boar Lane");
    expect(joinTownAndCounty("Leeds", "West Yorkshire")).toBe("Leeds, West Yorkshire");
    expect(joinTownAndCounty("Leeds", "")).toBe("Leeds");
  });
});

describe("splitStoredAddress", () => {
  it("gives the town and county back, and the customer's business name from the front of the address", () => {
    expect(
      splitStoredAddress({ address: "Patel Catering Ltd, Unit 2, Canal Wharf", city: "Leeds, West Yorkshire" }, ["Patel Catering Ltd"]),
    ).toEqual({ businessName: "Patel Catering Ltd", line1: "Unit 2, Canal Wharf", line2: "", town: "Leeds", county: "West Yorkshire" });
  });

  it("keeps everything else on line 1, so joining the parts again gives the stored text exactly", () => {
    const stored = { address: "Goods In, Smith Builders, Site 3", city: "Bristol, City of Bristol" };
    const parts = splitStoredAddress(stored, ["Patel Catering Ltd", null]);
    expect(parts).toEqual({ businessName: "", line1: "Goods In, Smith Builders, Site 3", line2: "", town: "Bristol", county: "City of Bristol" });
    expect(joinAddressLines(parts)).toBe(stored.address);
    expect(joinTownAndCounty(parts.town, parts.county)).toBe(stored.city);
  });

  it("does not take a business name that is only the start of the first part", () => {
    expect(splitStoredAddress({ address: "Patel Catering Ltd Yard, Unit 2", city: "Leeds" }, ["Patel Catering Ltd"]).businessName).toBe("");
  });
});
