import { describe, expect, it } from "vitest";
import { DEMO_COMPANY, getCompanySettings, invoiceIdentityProblem, NO_VAT_NUMBER_MESSAGE } from "./company.server";

describe("getCompanySettings", () => {
  it("a demo install falls back to the demo company, with its sample VAT number and bank details", () => {
    expect(getCompanySettings({}, { demo: true })).toEqual(DEMO_COMPANY);
    expect(invoiceIdentityProblem(getCompanySettings({}, { demo: true }))).toBeNull();
  });

  it("a real install gets no made-up VAT number or bank account, and cannot invoice until it is set", () => {
    const settings = getCompanySettings({}, { demo: false });
    expect(settings).toMatchObject({ name: DEMO_COMPANY.name, vatNumber: null, bank: null, phone: null });
    expect(invoiceIdentityProblem(settings)).toBe(NO_VAT_NUMBER_MESSAGE);
    expect(invoiceIdentityProblem(getCompanySettings({ COMPANY_VAT_NUMBER: "GB999999973" }, { demo: false }))).toBeNull();
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
    expect(getCompanySettings({ MAIL_FROM: "Orders <o@acme.test>" }, { demo: true }).mailFrom).toBe("Orders <o@acme.test>");
  });

  it("leaves incomplete bank details off", () => {
    expect(getCompanySettings({ COMPANY_BANK_NAME: "Bank plc", COMPANY_BANK_SORT_CODE: "00-00-00" }, { demo: false }).bank).toBeNull();
  });
});
