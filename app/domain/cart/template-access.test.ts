import { describe, expect, it } from "vitest";
import type { CompanyRole } from "~db/schema";
import { mayChangeTemplate, mayOrder, maySeeTemplate, type TemplateActor } from "./template-access";

const person = (id: string, companyRole: CompanyRole, companyId = 1): TemplateActor => ({ id, companyId, companyRole });
const maker = person("maker", "buyer");
const privateList = { userId: "maker", companyId: 1, shared: false };
const sharedList = { ...privateList, shared: true };

describe("who may see, load and change a template", () => {
  it("a private template is its maker's alone, even to a company admin", () => {
    expect(maySeeTemplate(maker, privateList)).toBe(true);
    expect(mayChangeTemplate(maker, privateList)).toBe(true);
    for (const role of ["company_admin", "approver", "buyer", "viewer"] as const) {
      expect(maySeeTemplate(person("other", role), privateList), role).toBe(false);
      expect(mayChangeTemplate(person("other", role), privateList), role).toBe(false);
    }
  });

  it("a shared list is seen by everyone of the company; the maker and company admins change it, others only load", () => {
    expect(mayChangeTemplate(maker, sharedList)).toBe(true);
    expect(mayChangeTemplate(person("ada", "company_admin"), sharedList)).toBe(true);
    for (const role of ["approver", "buyer"] as const) {
      const colleague = person("colleague", role);
      expect(maySeeTemplate(colleague, sharedList), role).toBe(true);
      expect(mayOrder(colleague), role).toBe(true);
      expect(mayChangeTemplate(colleague, sharedList), role).toBe(false);
    }
    const viewer = person("vi", "viewer");
    expect(maySeeTemplate(viewer, sharedList)).toBe(true);
    expect(mayOrder(viewer)).toBe(false);
    expect(mayChangeTemplate(viewer, sharedList)).toBe(false);
  });

  it("another company's lists do not exist for anyone, its company admin included", () => {
    for (const role of ["company_admin", "approver", "buyer", "viewer"] as const) {
      const outsider = person("out", role, 2);
      expect(maySeeTemplate(outsider, sharedList), role).toBe(false);
      expect(mayChangeTemplate(outsider, sharedList), role).toBe(false);
    }
    expect(maySeeTemplate({ id: "staff", companyId: null, companyRole: null }, sharedList)).toBe(false);
  });

  it("a maker who has become a viewer keeps seeing their lists but changes nothing", () => {
    const demoted = person("maker", "viewer");
    expect(maySeeTemplate(demoted, sharedList)).toBe(true);
    expect(mayChangeTemplate(demoted, sharedList)).toBe(false);
  });
});
