import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SetupStep } from "~/domain/settings/getting-started.server";
import { markRealInstall } from "~/domain/users/install.server";
import * as dashboard from "~/routes/admin._index";
import * as hideRoute from "~/routes/admin.getting-started";
import * as apiCompany from "~/routes/api.admin.settings.company";
import { getDb } from "~/utils/db.server";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

/**
 * The dashboard's "Getting started" card on a real install: each step ticks itself from the settings and the
 * data, the card goes once all are done, an admin can hide it, and a demo install never shows it.
 */
const SETTINGS = [
  "COMPANY_NAME",
  "COMPANY_ADDRESS",
  "COMPANY_EMAIL",
  "COMPANY_VAT_NUMBER",
  "COMPANY_BANK_NAME",
  "COMPANY_BANK_SORT_CODE",
  "COMPANY_BANK_ACCOUNT_NUMBER",
  "SMTP_URL",
] as const;
let saved: Record<string, string | undefined>;
let adminCookie: string;

beforeAll(async () => {
  saved = Object.fromEntries(SETTINGS.map((key) => [key, process.env[key]]));
  for (const key of SETTINGS) delete process.env[key];
  await createUser({ email: "owner@acme.test", role: "admin" });
  adminCookie = await signIn("owner@acme.test", { via: "api" });
});

afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

async function card(cookie = adminCookie): Promise<SetupStep[] | null> {
  const response = await callRoute(dashboard.loader, buildRequest("/admin", { cookie }));
  expect(response.status).toBe(200);
  return (await readJson(response)).gettingStarted;
}

const ticks = (steps: SetupStep[] | null) => Object.fromEntries((steps ?? []).map((step) => [step.key, step.done]));

describe("Getting started", () => {
  it("is never shown on a demo install", async () => {
    expect(await card()).toBeNull();
  });

  it("lists every step of a new real install undone, each with a link to where it is done", async () => {
    markRealInstall(getDb(), "owner@acme.test");
    const steps = await card();
    expect(ticks(steps)).toEqual({ company: false, bank: false, mail: false, products: false, customers: false });
    expect(steps!.map((step) => [step.label, step.href])).toEqual([
      ["Company details and VAT number", "/admin/settings/company"],
      ["Bank details", "/admin/settings/company"],
      ["Mail server", "/admin/settings/company"],
      ["First products", "/admin/products?dialog=new"],
      ["First customer", "/admin/users?dialog=new"],
    ]);
    expect(steps!.find((step) => step.key === "products")!.alternative).toEqual({ href: "/admin/products?dialog=import", linkText: "Import a CSV" });
  });

  it("ticks each step as it is done, from the settings and the data", async () => {
    Object.assign(process.env, { COMPANY_NAME: "Acme Ltd", COMPANY_ADDRESS: "1 High St, York", COMPANY_EMAIL: "hello@acme.test" });
    // not done without the VAT number
    expect(ticks(await card()).company).toBe(false);
    process.env.COMPANY_VAT_NUMBER = "GB999999973";
    expect(ticks(await card()).company).toBe(true);

    Object.assign(process.env, { COMPANY_BANK_NAME: "Bank plc", COMPANY_BANK_SORT_CODE: "00-00-00", COMPANY_BANK_ACCOUNT_NUMBER: "00000000" });
    createProduct({ name: "Blue Roll", salesPrice: 1_250 });
    // a customer still awaiting approval is not a customer who can order
    await createUser({ email: "pending@bistro.test", approvedAt: null });
    expect(ticks(await card())).toEqual({ company: true, bank: true, mail: false, products: true, customers: false });

    await createUser({ email: "chef@bistro.test" });
    expect(ticks(await card()).customers).toBe(true);
  });

  it("goes away once every step is done, and comes back if one is undone", async () => {
    process.env.SMTP_URL = "smtp://mail.acme.test:587";
    try {
      expect(await card()).toBeNull();
    } finally {
      delete process.env.SMTP_URL;
    }
    expect(ticks(await card())).toMatchObject({ mail: false });
  });

  it("can be hidden by an admin in this browser (a post, no JavaScript needed), and only for them", async () => {
    const hidden = await callRoute(hideRoute.action, buildRequest("/admin/getting-started", { method: "POST", cookie: adminCookie, form: {} }));
    expect(redirectLocation(hidden)).toBe("/admin");
    const cookie = cookieFrom(hidden, adminCookie);
    expect(await card(cookie)).toBeNull();

    await createUser({ email: "second@acme.test", role: "admin" });
    const secondAdmin = await signIn("second@acme.test", { via: "api" });
    // the same browser, another admin: theirs still shows
    const hiddenPair = hidden.headers.getSetCookie().find((header) => header.startsWith("getting_started_hidden="))!.split(";")[0];
    expect(await card(`${secondAdmin}; ${hiddenPair}`)).not.toBeNull();
  });

  it("is refused to a customer through the hide door", async () => {
    const customer = await signIn("chef@bistro.test", { via: "api" });
    const response = await callRoute(hideRoute.action, buildRequest("/admin/getting-started", { method: "POST", cookie: customer, form: {} }));
    expect(response.status).toBe(302);
    expect(redirectLocation(response)).not.toBe("/admin");
  });

  it("shows the same steps through the API, and none of the mail server's URL", async () => {
    process.env.SMTP_URL = "smtp://user:secret-password@mail.acme.test:587";
    try {
      const response = await callRoute(apiCompany.loader, buildRequest("/api/admin/settings/company", { cookie: adminCookie }));
      expect(response.status).toBe(200);
      const body = await readJson(response);
      expect(ticks(body.steps)).toEqual({ company: true, bank: true, mail: true, products: true, customers: true });
      expect(JSON.stringify(body)).not.toContain("secret-password");
      expect(body.rows.find((row: { setting: string }) => row.setting === "COMPANY_VAT_NUMBER")).toMatchObject({ value: "GB999999973", source: "set" });
      expect(body.rows.find((row: { setting: string }) => row.setting === "COMPANY_PHONE")).toMatchObject({ value: null, source: "optional" });
    } finally {
      delete process.env.SMTP_URL;
    }
    const signedOut = await callRoute(apiCompany.loader, buildRequest("/api/admin/settings/company"));
    expect(signedOut.status).toBe(401);
    const customer = await signIn("chef@bistro.test", { via: "api" });
    expect((await callRoute(apiCompany.loader, buildRequest("/api/admin/settings/company", { cookie: customer }))).status).toBe(403);
  });
});
