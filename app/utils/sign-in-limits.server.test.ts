import { beforeEach, describe, expect, it } from "vitest";
import {
  ACCOUNT_FAILURE_LIMIT,
  clientBucket,
  recordSignInFailure,
  pruneSignInFailures,
  recordSignInSuccess,
  resetSignInLimits,
  SIGN_IN_WINDOW_MS,
  signInHold,
} from "./sign-in-limits.server";
import { getDb } from "./db.server";

beforeEach(() => resetSignInLimits(getDb()));

describe("client buckets", () => {
  it("keeps IPv4 addresses apart and groups IPv6 by /56", () => {
    expect(clientBucket("203.0.113.7")).toBe("client:203.0.113.7");
    expect(clientBucket("::ffff:203.0.113.7")).toBe("client:203.0.113.7");
    expect(clientBucket("2001:db8:abcd:12ff::1")).toBe("client:2001:0db8:abcd:1200::/56");
    expect(clientBucket("2001:db8:abcd:1234:5678::9")).toBe(clientBucket("2001:db8:abcd:12aa::1"));
    expect(clientBucket("2001:db8:abcd:1334::1")).not.toBe(clientBucket("2001:db8:abcd:1234::1"));
  });
});

describe("sign-in holds", () => {
  it("holds an account after ten failures from any mix of addresses, with a Retry-After", () => {
    const now = 1_000_000;
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) recordSignInFailure(getDb(), "Buyer@Example.com", `198.51.100.${i}`, now);
    const hold = signInHold(getDb(), "buyer@example.com", "192.0.2.1", now + 1000);
    expect(hold?.retryAfterSeconds).toBe(SIGN_IN_WINDOW_MS / 1000 - 1);
    expect(signInHold(getDb(), "other@example.com", "192.0.2.1", now)).toBeNull();
    expect(signInHold(getDb(), "buyer@example.com", "192.0.2.1", now + SIGN_IN_WINDOW_MS)).toBeNull();
  });

  it("holds a client after its limit of failures across accounts, rotating within its /56", () => {
    const now = 5_000_000;
    for (let i = 0; i < 50; i++) recordSignInFailure(getDb(), `user${i}@example.com`, `2001:db8:1:2${(i % 10).toString(16)}::${i}`, now);
    expect(signInHold(getDb(), "fresh@example.com", "2001:db8:1:22::99", now)).not.toBeNull();
    expect(signInHold(getDb(), "fresh@example.com", "2001:db8:1:300::1", now)).toBeNull();
  });

  it("never counts successes, and a success clears the account's count", () => {
    const now = 9_000_000;
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) recordSignInFailure(getDb(), "buyer@example.com", "203.0.113.7", now);
    recordSignInSuccess(getDb(), "buyer@example.com");
    recordSignInFailure(getDb(), "buyer@example.com", "203.0.113.7", now);
    expect(signInHold(getDb(), "buyer@example.com", "203.0.113.8", now)).toBeNull();
  });

  it("is shared by every process through the database, and failures past the window are pruned", () => {
    const now = 20_000_000;
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) recordSignInFailure(getDb(), "chef@example.com", "192.0.2.9", now);
    // another process reads the same table
    const rows = getDb().$client.prepare("select count(*) as n from sign_in_failures where bucket = ?").get("account:chef@example.com") as { n: number };
    expect(rows.n).toBe(ACCOUNT_FAILURE_LIMIT);
    expect(pruneSignInFailures(getDb(), now + SIGN_IN_WINDOW_MS - 1)).toBe(0);
    expect(pruneSignInFailures(getDb(), now + SIGN_IN_WINDOW_MS + 1)).toBe(ACCOUNT_FAILURE_LIMIT * 2);
    expect(signInHold(getDb(), "chef@example.com", "192.0.2.9", now + SIGN_IN_WINDOW_MS + 1)).toBeNull();
  });
});
