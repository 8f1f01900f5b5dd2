import { describe, expect, it } from "vitest";
import { updateCompanySchema } from "./admin-companies.schema";
import { inviteColleagueSchema, updateCompanyPersonSchema } from "./company-people.schema";
import { companyNameFor, holdMessage, ON_HOLD_MESSAGE } from "./companies.server";

describe("a company of one's name", () => {
  it("is the business name, else the person's name, else the email", () => {
    expect(companyNameFor({ businessName: "  Hartley's Café Ltd ", firstName: "Sarah", email: "s@example.com" })).toBe("Hartley's Café Ltd");
    expect(companyNameFor({ businessName: " ", firstName: "Sarah", lastName: "Hartley", email: "s@example.com" })).toBe("Sarah Hartley");
    expect(companyNameFor({ businessName: null, firstName: null, lastName: null, email: "s@example.com" })).toBe("s@example.com");
  });
});

describe("company commands", () => {
  it("an invitation needs an email, both names and one of the four roles", () => {
    expect(inviteColleagueSchema.parse({ email: "Chef@Cafe.co.uk", firstName: "Ben", lastName: "Chef", role: "approver" })).toEqual({
      email: "chef@cafe.co.uk",
      firstName: "Ben",
      lastName: "Chef",
      role: "approver",
    });
    const bad = inviteColleagueSchema.safeParse({ email: "chef@cafe.co.uk", firstName: "Ben", lastName: "", role: "owner" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => issue.path[0]).sort()).toEqual(["lastName", "role"]);
  });

  it("a change to a person names a role or active (a form's 'true'/'false' too), at least one", () => {
    expect(updateCompanyPersonSchema.parse({ active: "false" })).toEqual({ active: false });
    expect(updateCompanyPersonSchema.parse({ role: "viewer", active: true })).toEqual({ role: "viewer", active: true });
    expect(updateCompanyPersonSchema.safeParse({}).success).toBe(false);
    expect(updateCompanyPersonSchema.safeParse({ active: "maybe" }).success).toBe(false);
  });

  it("a hold needs a reason; releasing does not", () => {
    const noReason = updateCompanySchema.safeParse({ onHold: true });
    expect(noReason.success).toBe(false);
    expect(noReason.error!.issues[0]!.path).toEqual(["holdReason"]);
    expect(updateCompanySchema.parse({ onHold: true, holdReason: " Overdue " })).toMatchObject({ onHold: true, holdReason: "Overdue" });
    expect(updateCompanySchema.parse({ onHold: false })).toEqual({ onHold: false });
  });

  it("a buyer of a company on hold is told the reason when there is one", () => {
    expect(holdMessage(null)).toBe(ON_HOLD_MESSAGE);
    expect(holdMessage("Card declined")).toBe(`${ON_HOLD_MESSAGE} Reason: Card declined`);
  });
});
