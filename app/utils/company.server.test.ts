import { describe, expect, it } from "vitest";
import { getCompanySettings } from "./company.server";

describe("getCompanySettings", () => {
  it("falls back to the sample company, without a VAT number or bank details", () => {
    expect(getCompanySettings({})).toEqual({
      name: "Trade Counter Ltd",
      address: "Unit 4, Riverside Trading Estate, Leeds, LS11 5SG",
      vatNumber: null,
      email: "accounts@example.co.uk",
      phone: null,
      bank: null,
      mailFrom: "Trade Counter <orders@example.co.uk>",
    });
  });

  it("reads every setting from the environment", () => {
    const settings = getCompanySettings({
      COMPANY_NAME: " Acme Supplies Ltd ",
      COMPANY_ADDRESS: "1 High St, York, YO1 1AA",
      COMPANY_VAT_NUMBER: "GB999999973",
      COMPANY_EMAIL: "accounts@acme.test",
      COMPANY_PHONE: "01904 000000",
      COMPANY_BANK_NAME: "Bank plc",
      COMPANY_BANK_SORT_CODE: "00-00-00",
      COMPANY_BANK_ACCOUNT_NUMBER: "00000000",
    });
    expect(settings).toEqual({
      name: "Acme Supplies Ltd",
      address: "1 High St, York, YO1 1AA",
      vatNumber: "GB999999973",
      email: "accounts@acme.test",
      phone: "01904 000000",
      bank: { bankName: "Bank plc", accountName: "Acme Supplies Ltd", sortCode: "00-00-00", accountNumber: "00000000" },
      mailFrom: '"Acme Supplies Ltd" <accounts@acme.test>',
    });
    expect(getCompanySettings({ MAIL_FROM: "Orders <o@acme.test>" }).mailFrom).toBe("Orders <o@acme.test>");
  });

  it("leaves incomplete bank details off", () => {
    expect(getCompanySettings({ COMPANY_BANK_NAME: "Bank plc", COMPANY_BANK_SORT_CODE: "00-00-00" }).bank).toBeNull();
  });
});
