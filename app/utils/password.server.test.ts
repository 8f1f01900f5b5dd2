import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_HASH_COST, decoyPasswordHash, hashNeedsRenewal, hashPassword, passwordHashCost, verifyPassword, hashesInFlight, MAX_CONCURRENT_HASHES, withHashSlot } from "./password.server";

// tests/setup/fresh-database.ts sets a low cost for the whole suite; each test here sets its own.
const suiteCost = process.env.PASSWORD_HASH_COST;
afterEach(() => {
  if (suiteCost === undefined) delete process.env.PASSWORD_HASH_COST;
  else process.env.PASSWORD_HASH_COST = suiteCost;
});

describe("password hashing cost", () => {
  it("hashes at OWASP's N=2^16, r=8, p=2 when PASSWORD_HASH_COST is not set, and that hash verifies", async () => {
    delete process.env.PASSWORD_HASH_COST;
    expect(passwordHashCost()).toBe(DEFAULT_PASSWORD_HASH_COST);
    const hash = await hashPassword("full-cost-secret");
    expect(hash).toMatch(/^scrypt\$65536\$8\$2\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("full-cost-secret", hash)).toBe(true);
    expect(await verifyPassword("wrong-secret", hash)).toBe(false);
  }, 30_000);

  it("a cheap hash verifies, and a hash keeps verifying after the setting changes: the cost comes from the stored hash", async () => {
    process.env.PASSWORD_HASH_COST = "10";
    const cheap = await hashPassword("cheap-secret");
    expect(cheap).toMatch(/^scrypt\$1024\$8\$2\$/);
    expect(await verifyPassword("cheap-secret", cheap)).toBe(true);
    expect(await verifyPassword("not-it", cheap)).toBe(false);

    process.env.PASSWORD_HASH_COST = "12";
    expect(await hashPassword("cheap-secret")).toMatch(/^scrypt\$4096\$8\$2\$/);
    expect(await verifyPassword("cheap-secret", cheap)).toBe(true);
    expect((await decoyPasswordHash()).startsWith("scrypt$4096$8$2$")).toBe(true);
  });

  it("a hash made with other parameters than today's needs renewing, and verifies meanwhile", async () => {
    process.env.PASSWORD_HASH_COST = "10";
    const current = await hashPassword("same-secret");
    expect(hashNeedsRenewal(current)).toBe(false);
    process.env.PASSWORD_HASH_COST = "11";
    expect(hashNeedsRenewal(current)).toBe(true);
    // the shape of hashes made before 0094 (p = 1), at today's N
    process.env.PASSWORD_HASH_COST = "10";
    const [scheme, , r, , salt, key] = current.split("$");
    expect(hashNeedsRenewal([scheme, 1024, r, 1, salt, key].join("$"))).toBe(true);
    expect(hashNeedsRenewal("not-a-hash")).toBe(false);
  });

  it("refuses a cost outside 10..20 with a message that names the setting", () => {
    for (const bad of ["9", "21", "abc", "12.5"]) {
      expect(() => passwordHashCost({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST must be a whole number from 10 to 20/);
    }
    expect(passwordHashCost({ PASSWORD_HASH_COST: "10" })).toBe(10);
    expect(passwordHashCost({ PASSWORD_HASH_COST: "20" })).toBe(20);
    expect(passwordHashCost({})).toBe(16);
  });
});

describe("hash concurrency", () => {
  it("runs at most two hashes at once and queues the rest, finishing every one", async () => {
    let peak = 0;
    const jobs = Array.from({ length: 7 }, (_, i) =>
      withHashSlot(async () => {
        peak = Math.max(peak, hashesInFlight());
        await new Promise((resolve) => setTimeout(resolve, 5));
        return i;
      }),
    );
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(MAX_CONCURRENT_HASHES);
    expect(hashesInFlight()).toBe(0);
  });

  it("frees the slot when a hash fails", async () => {
    await expect(withHashSlot(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(hashesInFlight()).toBe(0);
  });
});
