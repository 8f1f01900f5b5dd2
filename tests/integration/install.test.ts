import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "~db/schema";
import { DEMO_ACCOUNT_EMAILS, seedIfEmpty } from "~db/seed";
import {
  accountsWithDemoPasswords,
  ALREADY_SET_UP_MESSAGE,
  checkDemoPasswordsAtStart,
  PUBLISHED_DEMO_PASSWORDS,
  isRealInstall,
  NOT_EMPTY_MESSAGE,
  setUpRealInstall,
} from "~/domain/users/install.server";
import * as dashboard from "~/routes/account.dashboard";
import * as adminLayout from "~/routes/admin";
import * as apiChangePassword from "~/routes/api.auth.change-password";
import { getDb, migrateDatabase, openDatabase } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { postLogin, signIn } from "./sign-in";

function emptyDatabase() {
  const db = openDatabase(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "install-")), "app.db"));
  migrateDatabase(db);
  return db;
}

describe("a real install (npm run setup)", () => {
  it("creates the first admin with the chosen password and never seeds the demo afterwards", async () => {
    const db = emptyDatabase();
    const result = await setUpRealInstall(db, { email: "Owner@Northern-Supplies.co.uk", password: "a long passphrase 42" });
    expect(result).toEqual({ ok: true, value: { email: "owner@northern-supplies.co.uk" } });
    expect(isRealInstall(db)).toBe(true);
    const accounts = db.select({ email: users.email, role: users.role }).from(users).all();
    expect(accounts).toEqual([{ email: "owner@northern-supplies.co.uk", role: "admin" }]);

    // even with every account gone, a start does not bring the demo back
    db.delete(users).run();
    expect(await seedIfEmpty(db)).toBe(false);
    expect(db.select().from(users).all()).toEqual([]);
    expect(await accountsWithDemoPasswords(db)).toEqual([]);
  });

  it("refuses a short password, a second setup, and a database that already holds accounts", async () => {
    const db = emptyDatabase();
    expect(await setUpRealInstall(db, { email: "owner@example.co.uk", password: "short" })).toMatchObject({
      ok: false,
      status: 400,
      message: "Choose a password of at least 12 characters",
    });
    expect(isRealInstall(db)).toBe(false);
    await setUpRealInstall(db, { email: "owner@example.co.uk", password: "a long passphrase 42" });
    expect(await setUpRealInstall(db, { email: "second@example.co.uk", password: "another long one 42" })).toMatchObject({
      status: 409,
      message: ALREADY_SET_UP_MESSAGE,
    });

    const demo = emptyDatabase();
    await seedIfEmpty(demo);
    expect(await setUpRealInstall(demo, { email: "owner@example.co.uk", password: "a long passphrase 42" })).toMatchObject({
      status: 409,
      message: NOT_EMPTY_MESSAGE,
    });
    expect(isRealInstall(demo)).toBe(false);
  }, 60_000); // it seeds the demo, pictures and all: a while on a busy box
});

describe("the demo's published passwords", () => {
  let adminCookie: string;
  beforeAll(async () => {
    await seedIfEmpty(getDb());
    adminCookie = await signIn("admin@example.com", { via: "api", password: "admin-demo" });
  });

  /** The accounts the warning on every back-office page names, read through the admin layout. */
  async function warning(): Promise<string[]> {
    const response = await callRoute(adminLayout.loader, buildRequest("/admin/orders", { cookie: adminCookie }));
    expect(response.status).toBe(200);
    return (await readJson(response)).demoPasswordAccounts;
  }

  const hashOf = (email: string) => getDb().select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)).get()!.hash;

  function changeViaApi(cookie: string, currentPassword: string, newPassword: string) {
    return callRoute(apiChangePassword.action, buildRequest("/api/auth/change-password", { json: { currentPassword, newPassword }, cookie }));
  }

  function changeViaForm(cookie: string, currentPassword: string, newPassword: string) {
    return callRoute(
      dashboard.action,
      buildRequest("/account/dashboard?dialog=change-password", {
        form: { intent: "change-password", currentPassword, newPassword, confirmPassword: newPassword },
        cookie,
      }),
    );
  }

  it("lists every demo account that signs in with its published password, on every back-office page", async () => {
    expect(await accountsWithDemoPasswords(getDb())).toEqual([...DEMO_ACCOUNT_EMAILS].sort());
    expect(await warning()).toEqual([...DEMO_ACCOUNT_EMAILS].sort());
    // what the list says is what the README's table lets anyone do
    for (const email of DEMO_ACCOUNT_EMAILS) {
      expect((await postLogin(email, { via: "api", password: PUBLISHED_DEMO_PASSWORDS.get(email) })).status, email).toBe(200);
    }
  });

  it("the API door: a new password drops the buyer from the warning; the published one set again puts it back", async () => {
    let cookie = await signIn("buyer@example.com", { via: "api", password: "buyer-demo" });
    const seededHash = hashOf("buyer@example.com");

    expect((await changeViaApi(cookie, "buyer-demo", "hartley-own-pass")).status).toBe(200);
    expect(await warning()).not.toContain("buyer@example.com");
    expect(await warning()).toContain("admin@example.com");

    cookie = await signIn("buyer@example.com", { via: "api", password: "hartley-own-pass" });
    expect((await changeViaApi(cookie, "hartley-own-pass", "buyer-demo")).status).toBe(200);
    // a new salt, so a new hash: still the published password, still named
    expect(hashOf("buyer@example.com")).not.toBe(seededHash);
    expect(await warning()).toContain("buyer@example.com");
    expect(await accountsWithDemoPasswords(getDb())).toContain("buyer@example.com");

    expect((await changeViaApi(cookie, "buyer-demo", "hartley-newer-pass")).status).toBe(200);
    expect(await warning()).not.toContain("buyer@example.com");
  });

  it("the form door: the same for buyer2 through the account dashboard's Change Password", async () => {
    let cookie = await signIn("buyer2@example.com", { via: "api", password: "buyer-demo" });
    expect(redirectLocation(await changeViaForm(cookie, "buyer-demo", "okafor-own-pass"))).toBe("/account/dashboard");
    expect(await warning()).not.toContain("buyer2@example.com");

    cookie = await signIn("buyer2@example.com", { via: "api", password: "okafor-own-pass" });
    expect(redirectLocation(await changeViaForm(cookie, "okafor-own-pass", "buyer-demo"))).toBe("/account/dashboard");
    expect(await warning()).toContain("buyer2@example.com");

    expect(redirectLocation(await changeViaForm(cookie, "buyer-demo", "okafor-newer-pass"))).toBe("/account/dashboard");
    expect(await warning()).not.toContain("buyer2@example.com");
  });

  it("checks again whenever a stored hash differs from the one last checked, whoever wrote it; a deactivated account is left out", async () => {
    const db = getDb();
    db.update(users).set({ passwordHash: await hashPassword("buyer-demo") }).where(eq(users.email, "approval@example.com")).run();
    expect(await accountsWithDemoPasswords(db)).toContain("approval@example.com");
    db.update(users).set({ passwordHash: await hashPassword("a-password-of-their-own") }).where(eq(users.email, "approval@example.com")).run();
    expect(await accountsWithDemoPasswords(db)).not.toContain("approval@example.com");
    db.update(users).set({ isActive: false }).where(eq(users.email, "pending@example.com")).run();
    expect(await accountsWithDemoPasswords(db)).not.toContain("pending@example.com");
    expect(await warning()).toEqual(["accounts@example.com", "admin@example.com", "buyer.approver@example.com", "buyer.colleague@example.com", "buyer.viewer@example.com", "sales@example.com", "supplier@example.com", "warehouse@example.com"]);
  });

  it("the start-up check says in the log which accounts still accept a published password", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await checkDemoPasswordsAtStart(getDb());
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain(
        "accounts@example.com, admin@example.com, buyer.approver@example.com, buyer.colleague@example.com, buyer.viewer@example.com, sales@example.com, supplier@example.com, warehouse@example.com still accept the password the README publishes",
      );
    } finally {
      warn.mockRestore();
    }
  });
});
