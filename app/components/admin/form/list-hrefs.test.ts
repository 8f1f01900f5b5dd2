import { describe, expect, it } from "vitest";
import { idParam, listHref, safeReturnHref } from "./list-hrefs";

describe("pricing screen addresses", () => {
  it("keeps the list's filters and adds the page state", () => {
    expect(listHref("/admin/volume-discounts", {})).toBe("/admin/volume-discounts");
    expect(listHref("/admin/volume-discounts", { q: "tea bags", page: 2 }, { edit: "4" })).toBe(
      "/admin/volume-discounts?q=tea+bags&page=2&edit=4",
    );
    expect(listHref("/admin/volume-discounts", { page: 1 }, { dialog: undefined })).toBe("/admin/volume-discounts");
  });

  it("only returns to its own list", () => {
    const parse = (params: URLSearchParams) => ({ q: params.get("q") ?? undefined });
    expect(safeReturnHref("/admin/price-tiers", "/admin/price-tiers?q=gold&evil=1", parse)).toBe("/admin/price-tiers?q=gold");
    expect(safeReturnHref("/admin/price-tiers", "https://evil.example/admin/price-tiers", parse)).toBe("/admin/price-tiers");
    expect(safeReturnHref("/admin/price-tiers", "/admin/price-tiers-evil", parse)).toBe("/admin/price-tiers");
    expect(safeReturnHref("/admin/price-tiers", null, parse)).toBe("/admin/price-tiers");
  });

  it("reads positive ids only", () => {
    expect(idParam("12")).toBe(12);
    expect(idParam("0")).toBeNull();
    expect(idParam("-3")).toBeNull();
    expect(idParam("1e3")).toBeNull();
    expect(idParam(null)).toBeNull();
  });
});
