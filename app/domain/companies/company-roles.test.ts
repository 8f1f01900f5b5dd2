import { describe, expect, it } from "vitest";
import { COMPANY_ROLES } from "~db/schema";
import { ADDRESSES_ADMIN_ONLY, COMPANY_AREAS, companyMay, companyRoleRefusal, companyWide, VIEWER_MESSAGE, type CompanyArea } from "./company-roles";

describe("company roles", () => {
  it("gives a viewer the account page only, besides the catalogue", () => {
    const areas = Object.keys(COMPANY_AREAS) as CompanyArea[];
    expect(areas.filter((area) => companyMay("viewer", area))).toEqual(["account"]);
  });

  it("lets buyers and approvers order and see their history, and keeps people and the address book the company admin's", () => {
    for (const role of ["buyer", "approver", "company_admin"] as const) {
      for (const area of ["ordering", "history", "templates", "loyalty", "addresses", "productRequests"] as const) {
        expect(companyMay(role, area), `${role} ${area}`).toBe(true);
      }
    }
    expect(COMPANY_ROLES.filter((role) => companyMay(role, "people"))).toEqual(["company_admin"]);
    expect(COMPANY_ROLES.filter((role) => companyMay(role, "addressBook"))).toEqual(["company_admin"]);
  });

  it("does not limit a user of no company (the wholesaler's staff)", () => {
    expect(companyMay(null, "people")).toBe(true);
    expect(companyMay(undefined, "ordering")).toBe(true);
  });

  it("says why, with the viewer's reason on every area", () => {
    expect(companyRoleRefusal("viewer", "ordering")).toBe(VIEWER_MESSAGE);
    expect(companyRoleRefusal("viewer", "people")).toBe(VIEWER_MESSAGE);
    expect(companyRoleRefusal("buyer", "addressBook")).toBe(ADDRESSES_ADMIN_ONLY);
    expect(companyRoleRefusal("approver", "people")).toMatch(/Only a company admin/);
  });

  it("names the roles that see the company's documents", () => {
    expect(COMPANY_ROLES.filter(companyWide)).toEqual(["company_admin", "approver"]);
  });
});
