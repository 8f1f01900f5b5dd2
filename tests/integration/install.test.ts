import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~db/schema";
import { DEMO_ACCOUNT_EMAILS, seedIfEmpty } from "~db/seed";
import {
  accountsWithDemoPasswords,
  ALREADY_SET_UP_MESSAGE,
  isRealInstall,
  NOT_EMPTY_MESSAGE,
  setUpRealInstall,
} from "~/domain/users/install.server";
import * as adminLayout from "~/routes/admin";
import { getDb, migrateDatabase, openDatabase } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { buildRequest, callRoute, readJson } from "./http";
import { signIn } from "./sign-in";

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
    expect(accountsWithDemoPasswords(db)).toEqual([]);
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
  });
});

describe("the demo's published passwords", () => {
  let adminCookie: string;
  beforeAll(async () => {
    await seedIfEmpty(getDb());
    adminCookie = await signIn("admin@example.com", { via: "api", password: "admin-demo" });
  });

  it("lists every demo account while it keeps its seeded password, and drops those changed or deactivated", async () => {
    const db = getDb();
    expect(accountsWithDemoPasswords(db)).toEqual([...DEMO_ACCOUNT_EMAILS].sort());
    db.update(users).set({ passwordHash: await hashPassword("buyer-demo") }).where(eq(users.email, "buyer@example.com")).run();
    db.update(users).set({ isActive: false }).where(eq(users.email, "pending@example.com")).run();
    const left = accountsWithDemoPasswords(db);
    expect(left).not.toContain("buyer@example.com"); // same password, new salt: it was changed on purpose
    expect(left).not.toContain("pending@example.com");
    expect(left).toContain("admin@example.com");
  });

  it("puts the warning on every back-office page through the admin layout", async () => {
    const response = await callRoute(adminLayout.loader, buildRequest("/admin/orders", { cookie: adminCookie }));
    const data = await readJson(response);
    expect(data.demoPasswordAccounts).toContain("admin@example.com");
  });
});
