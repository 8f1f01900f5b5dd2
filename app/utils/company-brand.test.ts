import { describe, expect, it } from "vitest";
import { adminPageTitle, homePageTitle, initialsOf, pageTitle, shortCompanyName, UNKNOWN_BRAND, type CompanyBrand } from "./company-brand";

describe("shortCompanyName", () => {
  it("drops the legal ending a header does not need", () => {
    expect(shortCompanyName("INFY Wholesale Ltd")).toBe("INFY Wholesale");
    expect(shortCompanyName("Acme Catering Supplies Limited")).toBe("Acme Catering Supplies");
    expect(shortCompanyName("Northern Foods PLC")).toBe("Northern Foods");
    expect(shortCompanyName("Smith & Sons, Ltd.")).toBe("Smith & Sons");
    expect(shortCompanyName("Hughes Partners LLP")).toBe("Hughes Partners");
  });

  it("keeps a name without one, or one that is nothing else", () => {
    expect(shortCompanyName("Ltdworks")).toBe("Ltdworks");
    expect(shortCompanyName("Limited")).toBe("Limited");
    expect(shortCompanyName("  Bakers Direct ")).toBe("Bakers Direct");
  });
});

describe("initialsOf", () => {
  it("takes up to two words' first letters", () => {
    expect(initialsOf("INFY Wholesale")).toBe("IW");
    expect(initialsOf("INFY Admin")).toBe("IA");
    expect(initialsOf("acme")).toBe("A");
    expect(initialsOf("Smith & Sons Catering")).toBe("SS");
  });
});

describe("page titles", () => {
  const brand: CompanyBrand = { name: "Acme Supplies Ltd", shortName: "Acme Supplies", adminTitle: "Acme Supplies Admin", logo: null };
  const matches = [
    { id: "root", data: { company: brand } },
    { id: "routes/cart", data: {} },
  ];

  it("read the business from the root route's data", () => {
    expect(pageTitle(matches, "Cart")).toBe("Cart · Acme Supplies");
    expect(adminPageTitle(matches, "Products")).toBe("Products · Acme Supplies Admin");
    expect(homePageTitle(matches)).toBe("Acme Supplies · Trade-only wholesale supplies");
  });

  it("name no business when the root's data is missing (an error page)", () => {
    expect(pageTitle([{ id: "root", data: undefined }], "Cart")).toBe(`Cart · ${UNKNOWN_BRAND.shortName}`);
    expect(pageTitle([], "Cart")).not.toMatch(/INFY/i);
  });
});
