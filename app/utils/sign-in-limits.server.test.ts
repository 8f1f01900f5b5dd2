import { beforeEach, describe, expect, it } from "vitest";
import {
  ACCOUNT_FAILURE_LIMIT,
  countHeldBuckets,
  DEVICE_FAILURE_LIMIT,
  heldBuckets,
  pruneSignInFailures,
  reserveSignInAttempt,
  resetSignInLimits,
  SIGN_IN_WINDOW_MS,
  signInSucceeded,
  type SignInAttempt,
  type SignInSource,
} from "./sign-in-limits.server";
import type { RememberedDevice } from "./sign-in-buckets";
import { getDb } from "./db.server";

beforeEach(() => resetSignInLimits(getDb()));

/** An attempt whose password turns out wrong: its reservation simply stays. */
function fail(email: string, source: SignInSource, now: number): SignInAttempt {
  return reserveSignInAttempt(getDb(), email, source, now);
}

function failTimes(times: number, email: string, source: SignInSource | ((i: number) => SignInSource), now: number) {
  for (let i = 0; i < times; i++) expect(fail(email, typeof source === "function" ? source(i) : source, now).ok).toBe(true);
}

const phone: RememberedDevice = { email: "buyer@example.com", nonce: "the-phones-own-nonce", issuedAt: 0 };

describe("reserving an attempt before its password is checked", () => {
  it("holds an account after ten attempts from any mix of addresses, the right password too, with a Retry-After", () => {
    const now = 1_000_000;
    failTimes(ACCOUNT_FAILURE_LIMIT, "Buyer@Example.com", (i) => ({ client: `198.51.100.${i}` }), now);
    const held = reserveSignInAttempt(getDb(), "buyer@example.com", { client: "192.0.2.1" }, now + 1000);
    expect(held).toEqual({ ok: false, hold: expect.objectContaining({ retryAfterSeconds: SIGN_IN_WINDOW_MS / 1000 - 1 }) });
    expect(reserveSignInAttempt(getDb(), "other@example.com", { client: "192.0.2.1" }, now).ok).toBe(true);
    expect(reserveSignInAttempt(getDb(), "buyer@example.com", { client: "192.0.2.1" }, now + SIGN_IN_WINDOW_MS).ok).toBe(true);
  });

  it("counts an attempt while its hash runs: ten reservations in flight hold the eleventh", () => {
    const now = 2_000_000;
    const inFlight = Array.from({ length: ACCOUNT_FAILURE_LIMIT }, () => fail("chef@example.com", { client: "203.0.113.1" }, now));
    expect(inFlight.every((attempt) => attempt.ok)).toBe(true);
    expect(fail("chef@example.com", { client: "203.0.113.1" }, now).ok).toBe(false);
    // one of them was the right password: its reservation and the account's count go, the next is checked
    const right = inFlight[3]!;
    if (!right.ok) throw new Error("reserved above");
    signInSucceeded(getDb(), right.reservation);
    expect(fail("chef@example.com", { client: "203.0.113.1" }, now).ok).toBe(true);
  });

  it("holds a client after its limit of failures across accounts, rotating within its /56", () => {
    const now = 5_000_000;
    for (let i = 0; i < 50; i++) expect(fail(`user${i}@example.com`, { client: `2001:db8:1:2${(i % 10).toString(16)}::${i}` }, now).ok).toBe(true);
    expect(fail("fresh@example.com", { client: "2001:db8:1:22::99" }, now).ok).toBe(false);
    expect(fail("fresh@example.com", { client: "2001:db8:1:300::1" }, now).ok).toBe(true);
  });

  it("a success clears the account's count but never the client's", () => {
    const now = 9_000_000;
    failTimes(ACCOUNT_FAILURE_LIMIT - 1, "buyer@example.com", { client: "203.0.113.7" }, now);
    const right = reserveSignInAttempt(getDb(), "buyer@example.com", { client: "203.0.113.7" }, now);
    if (!right.ok) throw new Error("not held yet");
    signInSucceeded(getDb(), right.reservation);
    failTimes(ACCOUNT_FAILURE_LIMIT - 1, "buyer@example.com", { client: "203.0.113.8" }, now);
    expect(fail("buyer@example.com", { client: "203.0.113.8" }, now).ok).toBe(true);
    // the client's nine failures stayed (the success took only its own reservation)
    const client = getDb().$client.prepare("select count(*) as n from sign_in_failures where bucket = ?").get("client:203.0.113.7") as { n: number };
    expect(client.n).toBe(ACCOUNT_FAILURE_LIMIT - 1);
  });
});

describe("remembered browsers", () => {
  it("strangers holding the account and their address do not hold a browser that signed in before", () => {
    const now = 30_000_000;
    failTimes(ACCOUNT_FAILURE_LIMIT, "buyer@example.com", { client: "203.0.113.50" }, now);
    // and fill their address's count with guesses at other accounts
    for (let i = 0; i < 40; i++) expect(fail(`nobody${i}@example.com`, { client: "203.0.113.50" }, now).ok).toBe(true);
    expect(fail("buyer@example.com", { client: "198.51.100.1" }, now).ok).toBe(false);
    expect(fail("someone@example.com", { client: "203.0.113.50" }, now).ok).toBe(false);
    // the owner's phone, from that same address
    expect(fail("buyer@example.com", { client: "203.0.113.50", devices: [phone] }, now).ok).toBe(true);
  });

  it("a remembered browser's failures hold only that browser", () => {
    const now = 40_000_000;
    failTimes(DEVICE_FAILURE_LIMIT, "buyer@example.com", { client: "203.0.113.60", devices: [phone] }, now);
    expect(fail("buyer@example.com", { client: "203.0.113.60", devices: [phone] }, now).ok).toBe(false);
    const laptop = { ...phone, nonce: "the-laptops-own-nonce" };
    expect(fail("buyer@example.com", { client: "203.0.113.60", devices: [laptop] }, now).ok).toBe(true);
    expect(fail("buyer@example.com", { client: "203.0.113.60" }, now).ok).toBe(true);
  });
});

describe("what the back office lists", () => {
  it("lists held buckets only, newest failure first, each with until when", () => {
    const now = 50_000_000;
    failTimes(ACCOUNT_FAILURE_LIMIT, "held@example.com", { client: "203.0.113.70" }, now);
    failTimes(ACCOUNT_FAILURE_LIMIT - 1, "nearly@example.com", { client: "203.0.113.71" }, now + 10);
    failTimes(DEVICE_FAILURE_LIMIT, "buyer@example.com", { devices: [phone] }, now + 20);
    expect(countHeldBuckets(getDb(), now + 30)).toBe(2);
    expect(heldBuckets(getDb(), { limit: 10, offset: 0 }, now + 30)).toEqual([
      {
        bucket: "device:the-phones-own-nonce:buyer@example.com",
        failures: DEVICE_FAILURE_LIMIT,
        limit: DEVICE_FAILURE_LIMIT,
        lastFailureAt: now + 20,
        heldUntil: now + 20 + SIGN_IN_WINDOW_MS,
      },
      { bucket: "untrusted:held@example.com", failures: 10, limit: 10, lastFailureAt: now, heldUntil: now + SIGN_IN_WINDOW_MS },
    ]);
    expect(heldBuckets(getDb(), { limit: 1, offset: 1 }, now + 30).map((held) => held.bucket)).toEqual(["untrusted:held@example.com"]);
    expect(countHeldBuckets(getDb(), now + SIGN_IN_WINDOW_MS + 30)).toBe(0);
  });

  it("is shared by every process through the database, and failures past the window are pruned", () => {
    const now = 20_000_000;
    failTimes(ACCOUNT_FAILURE_LIMIT, "chef@example.com", { client: "192.0.2.9" }, now);
    // another process reads the same table
    const rows = getDb().$client.prepare("select count(*) as n from sign_in_failures where bucket = ?").get("untrusted:chef@example.com") as { n: number };
    expect(rows.n).toBe(ACCOUNT_FAILURE_LIMIT);
    expect(pruneSignInFailures(getDb(), now + SIGN_IN_WINDOW_MS - 1)).toBe(0);
    expect(pruneSignInFailures(getDb(), now + SIGN_IN_WINDOW_MS + 1)).toBe(ACCOUNT_FAILURE_LIMIT * 2);
    expect(fail("chef@example.com", { client: "192.0.2.9" }, now + SIGN_IN_WINDOW_MS + 1).ok).toBe(true);
  });
});
