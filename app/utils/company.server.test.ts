import { describe, expect, it } from "vitest";
import { DEMO_COMPANY, getCompanySettings, invoiceIdentityProblem, NO_VAT_NUMBER_MESSAGE, UNNAMED_COMPANY } from "./company.server";

const demo = { demo: true };
const real = { demo: false, adminEmail: "owner@acme.test" };

describe("getCompanySettings", () => {
  it("a demo install falls back to the demo company, with its sample VAT number and bank details", () => {
    expect(getCompanySettings({}, demo)).toEqual({
      ...DEMO_COMPANY,
      shortName: "INFY Wholesale",
      adminTitle: "INFY Admin",
      logo: null,
    });
    expect(invoiceIdentityProblem(getCompanySettings({}, demo))).toBeNull();
  });

  it("a real install never shows the demo company, gets no made-up VAT number or bank account, and cannot invoice until it is set", () => {
    const settings = getCompanySettings({}, real);
    expect(settings).toMatchObject({
      name: UNNAMED_COMPANY,
      shortName: UNNAMED_COMPANY,
      adminTitle: `${UNNAMED_COMPANY} Admin`,
      address: "",
      email: "owner@acme.test",
      mailFrom: `"${UNNAMED_COMPANY}" <owner@acme.test>`,
      vatNumber: null,
      bank: null,
      phone: null,
    });
    expect(JSON.stringify(settings)).not.toMatch(/infy/i);
    expect(invoiceIdentityProblem(settings)).toBe(NO_VAT_NUMBER_MESSAGE);
    expect(invoiceIdentityProblem(getCompanySettings({ COMPANY_VAT_NUMBER: "GB999999973" }, real))).toBeNull();
  });

  it("reads every setting from the environment", () => {
    const settings = getCompanySettings(
      {
        COMPANY_NAME: " Acme Supplies Ltd ",
        COMPANY_ADDRESS: "1 High St, York, YO1 1AA",
        COMPANY_VAT_NUMBER: "GB999999973",
        COMPANY_EMAIL: "accounts@acme.test",
        COMPANY_PHONE: "01904 000000",
        COMPANY_BANK_NAME: "Bank plc",
        COMPANY_BANK_SORT_CODE: "00-00-00",
        COMPANY_BANK_ACCOUNT_NUMBER: "00000000",
      },
      real,
    );
    expect(settings).toEqual({
      name: "Acme Supplies Ltd",
      address: "1 High St, York, YO1 1AA",
      vatNumber: "GB999999973",
      email: "accounts@acme.test",
      phone: "01904 000000",
      bank: { bankName: "Bank plc", accountName: "Acme Supplies Ltd", sortCode: "00-00-00", accountNumber: "00000000" },
      mailFrom: '"Acme Supplies Ltd" <accounts@acme.test>',
      shortName: "Acme Supplies",
      adminTitle: "Acme Supplies Admin",
      logo: null,
    });
    expect(getCompanySettings({ MAIL_FROM: "Orders <o@acme.test>" }, demo).mailFrom).toBe("Orders <o@acme.test>");
  });

  it("a demo install with its own name uses it everywhere, the back office's title too", () => {
    const settings = getCompanySettings({ COMPANY_NAME: "Bakers Direct Ltd" }, demo);
    expect(settings).toMatchObject({ name: "Bakers Direct Ltd", shortName: "Bakers Direct", adminTitle: "Bakers Direct Admin" });
    expect(settings.mailFrom).toBe(`"Bakers Direct Ltd" <${DEMO_COMPANY.email}>`);
  });

  it("leaves incomplete bank details off", () => {
    expect(getCompanySettings({ COMPANY_BANK_NAME: "Bank plc", COMPANY_BANK_SORT_CODE: "00-00-00" }, real).bank).toBeNull();
  });
});
