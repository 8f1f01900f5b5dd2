import { describe, expect, it } from "vitest";
import { listingViewHref, parseListingView } from "./listing-view";

describe("the listing view", () => {
  it("is the grid unless the list was chosen", () => {
    expect(parseListingView("list")).toBe("list");
    expect(parseListingView("grid")).toBe("grid");
    expect(parseListingView("table")).toBe("grid");
    expect(parseListingView(null)).toBe("grid");
  });

  it("links through the toggle's route back to the same listing, filters kept and an old result left off", () => {
    expect(listingViewHref("list", "/category/food?q=tea&sort=price-asc&added=abc", "added")).toBe(
      `/listing-view?view=list&back=${encodeURIComponent("/category/food?q=tea&sort=price-asc")}`,
    );
    expect(listingViewHref("grid", "/", "added")).toBe("/listing-view?view=grid&back=%2F");
  });

  it("never links back to another site", () => {
    expect(listingViewHref("list", "//evil.example/x")).toBe("/listing-view?view=list&back=%2F");
  });
});
