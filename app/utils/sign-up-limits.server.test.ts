import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { signUpAttempts } from "~db/schema";
import { getDb } from "./db.server";
import { sweepOnce } from "./housekeeping.server";
import {
  pruneSignUpAttempts,
  SIGN_UP_WINDOW_MS,
  takeSignUpPlace,
  TOO_MANY_SIGN_UPS,
  TOO_MANY_SIGN_UPS_FROM_CLIENT,
} from "./sign-up-limits.server";

const MINUTE = 60 * 1000;
const saved = { client: process.env.SIGN_UP_CLIENT_LIMIT, total: process.env.SIGN_UP_TOTAL_LIMIT };

beforeEach(() => {
  getDb().delete(signUpAttempts).run();
  delete process.env.SIGN_UP_CLIENT_LIMIT;
  delete process.env.SIGN_UP_TOTAL_LIMIT;
});
afterAll(() => {
  process.env.SIGN_UP_CLIENT_LIMIT = saved.client;
  process.env.SIGN_UP_TOTAL_LIMIT = saved.total;
  if (saved.client === undefined) delete process.env.SIGN_UP_CLIENT_LIMIT;
  if (saved.total === undefined) delete process.env.SIGN_UP_TOTAL_LIMIT;
});

describe("sign-up limits", () => {
  it("lets a client make five sign-ups an hour, then says when the oldest leaves the hour", () => {
    const start = 10_000_000;
    for (let i = 0; i < 5; i++) expect(takeSignUpPlace(getDb(), "203.0.113.7", start + i * MINUTE)).toBeNull();
    const hold = takeSignUpPlace(getDb(), "203.0.113.7", start + 10 * MINUTE);
    expect(hold).toEqual({ message: TOO_MANY_SIGN_UPS_FROM_CLIENT, retryAfterSeconds: 50 * 60 });
    // a refused sign-up takes no place: the first frees up an hour after it was made, then one more may come
    expect(takeSignUpPlace(getDb(), "203.0.113.7", start + SIGN_UP_WINDOW_MS - 1)).not.toBeNull();
    expect(takeSignUpPlace(getDb(), "203.0.113.7", start + SIGN_UP_WINDOW_MS)).toBeNull();
    expect(takeSignUpPlace(getDb(), "203.0.113.7", start + SIGN_UP_WINDOW_MS + 1)).not.toBeNull();
    // another address is another client
    expect(takeSignUpPlace(getDb(), "203.0.113.8", start + 10 * MINUTE)).toBeNull();
  });

  it("counts IPv6 addresses of one /56 as one client", () => {
    const now = 20_000_000;
    for (let i = 0; i < 5; i++) expect(takeSignUpPlace(getDb(), `2001:db8:1:12${i}0::${i}`, now)).toBeNull();
    expect(takeSignUpPlace(getDb(), "2001:db8:1:12ff::9", now)?.message).toBe(TOO_MANY_SIGN_UPS_FROM_CLIENT);
    expect(takeSignUpPlace(getDb(), "2001:db8:1:1300::1", now)).toBeNull();
  });

  it("holds everyone once fifty sign-ups came in the hour, from however many clients", () => {
    const now = 30_000_000;
    for (let i = 0; i < 50; i++) expect(takeSignUpPlace(getDb(), `198.51.100.${i}`, now + i)).toBeNull();
    expect(takeSignUpPlace(getDb(), "192.0.2.1", now + 100)).toEqual({ message: TOO_MANY_SIGN_UPS, retryAfterSeconds: 3600 });
  });

  it("reads its limits from SIGN_UP_CLIENT_LIMIT and SIGN_UP_TOTAL_LIMIT, ignoring nonsense", () => {
    process.env.SIGN_UP_CLIENT_LIMIT = "2";
    process.env.SIGN_UP_TOTAL_LIMIT = "3";
    const now = 40_000_000;
    expect(takeSignUpPlace(getDb(), "192.0.2.1", now)).toBeNull();
    expect(takeSignUpPlace(getDb(), "192.0.2.1", now)).toBeNull();
    expect(takeSignUpPlace(getDb(), "192.0.2.1", now)?.message).toBe(TOO_MANY_SIGN_UPS_FROM_CLIENT);
    expect(takeSignUpPlace(getDb(), "192.0.2.2", now)).toBeNull();
    expect(takeSignUpPlace(getDb(), "192.0.2.3", now)?.message).toBe(TOO_MANY_SIGN_UPS);
    process.env.SIGN_UP_CLIENT_LIMIT = "-4";
    process.env.SIGN_UP_TOTAL_LIMIT = "lots";
    getDb().delete(signUpAttempts).run();
    for (let i = 0; i < 5; i++) expect(takeSignUpPlace(getDb(), "192.0.2.9", now)).toBeNull();
    expect(takeSignUpPlace(getDb(), "192.0.2.9", now)).not.toBeNull();
  });

  it("housekeeping keeps every sign-up of the last hour (the sign-in failures' 15 minutes do not apply)", () => {
    const now = Date.now();
    for (let i = 0; i < 5; i++) expect(takeSignUpPlace(getDb(), "203.0.113.50", now - 40 * MINUTE)).toBeNull();
    takeSignUpPlace(getDb(), "203.0.113.51", now - 2 * SIGN_UP_WINDOW_MS);
    sweepOnce(getDb(), now);
    expect(takeSignUpPlace(getDb(), "203.0.113.50", now)?.retryAfterSeconds).toBe(20 * 60);
    expect(getDb().select().from(signUpAttempts).all().some((row) => row.at < now - SIGN_UP_WINDOW_MS)).toBe(false);
    expect(pruneSignUpAttempts(getDb(), now + SIGN_UP_WINDOW_MS)).toBe(10);
  });
});
