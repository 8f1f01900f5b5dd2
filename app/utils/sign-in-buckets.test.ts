import { describe, expect, it } from "vitest";
import {
  ACCOUNT_FAILURE_LIMIT,
  bucketOfHoldId,
  bucketsFor,
  clientBucket,
  clientFailureLimit,
  describeBucket,
  DEVICE_FAILURE_LIMIT,
  deviceBucket,
  heldUntil,
  holdId,
  limitOfBucket,
  SIGN_IN_WINDOW_MS,
  untrustedBucket,
  type RememberedDevice,
} from "./sign-in-buckets";
import { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICES_KEPT, devicesFromCookieValue, toCookieValue, withDevice } from "./remembered-devices";

const env = {};
const phone: RememberedDevice = { email: "buyer@example.com", nonce: "n0nce-of-the-phone-1", issuedAt: 1 };

describe("client buckets", () => {
  it("keeps IPv4 addresses apart and groups IPv6 by /56", () => {
    expect(clientBucket("203.0.113.7")).toBe("client:203.0.113.7");
    expect(clientBucket("::ffff:203.0.113.7")).toBe("client:203.0.113.7");
    expect(clientBucket("2001:db8:abcd:12ff::1")).toBe("client:2001:0db8:abcd:1200::/56");
    expect(clientBucket("2001:db8:abcd:1234:5678::9")).toBe(clientBucket("2001:db8:abcd:12aa::1"));
    expect(clientBucket("2001:db8:abcd:1334::1")).not.toBe(clientBucket("2001:db8:abcd:1234::1"));
    expect(clientBucket(null)).toBe("client:unknown");
  });
});

describe("which counts an attempt falls in", () => {
  it("a browser without a device cookie for the account: the account's unrecognised-browser count and its address's", () => {
    const plan = bucketsFor("Buyer@Example.com", { client: "203.0.113.7" }, env);
    expect(plan.device).toBeNull();
    expect(plan.counts).toEqual([
      { key: "untrusted:buyer@example.com", limit: ACCOUNT_FAILURE_LIMIT },
      { key: "client:203.0.113.7", limit: 50 },
    ]);
    // a correct password clears the account's count, never the address's
    expect(plan.clearedBySuccess).toBe("untrusted:buyer@example.com");
  });

  it("a remembered browser: only its own count, whatever its address", () => {
    const plan = bucketsFor("buyer@example.com", { client: "203.0.113.7", devices: [phone] }, env);
    expect(plan.device).toEqual(phone);
    expect(plan.counts).toEqual([{ key: "device:n0nce-of-the-phone-1:buyer@example.com", limit: DEVICE_FAILURE_LIMIT }]);
    expect(plan.clearedBySuccess).toBe(plan.counts[0]!.key);
  });

  it("a device cookie for another account counts as a stranger for this one", () => {
    const plan = bucketsFor("chef@example.com", { client: "203.0.113.7", devices: [phone] }, env);
    expect(plan.device).toBeNull();
    expect(plan.counts.map((bucket) => bucket.key)).toEqual(["untrusted:chef@example.com", "client:203.0.113.7"]);
  });

  it("the client limit is 50 unless SIGN_IN_RATE_LIMIT sets a positive whole number", () => {
    expect(clientFailureLimit({})).toBe(50);
    expect(clientFailureLimit({ SIGN_IN_RATE_LIMIT: "" })).toBe(50);
    expect(clientFailureLimit({ SIGN_IN_RATE_LIMIT: "0" })).toBe(50);
    expect(clientFailureLimit({ SIGN_IN_RATE_LIMIT: "7" })).toBe(7);
    expect(limitOfBucket("client:203.0.113.7", { SIGN_IN_RATE_LIMIT: "7" })).toBe(7);
    expect(limitOfBucket(untrustedBucket("a@b.co"), env)).toBe(ACCOUNT_FAILURE_LIMIT);
    expect(limitOfBucket(deviceBucket(phone), env)).toBe(DEVICE_FAILURE_LIMIT);
  });
});

describe("holds", () => {
  it("holds while the limit of failures is within the window, until the oldest of them leaves it", () => {
    const times = [100, 200, 300];
    expect(heldUntil(times, 4)).toBe(0);
    expect(heldUntil(times, 3)).toBe(100 + SIGN_IN_WINDOW_MS);
    expect(heldUntil(times, 2)).toBe(200 + SIGN_IN_WINDOW_MS);
  });

  it("says what is held in the back office's words", () => {
    expect(describeBucket("untrusted:buyer@example.com")).toEqual({
      kind: "untrusted",
      label: "Unrecognised browsers for buyer@example.com",
      email: "buyer@example.com",
    });
    expect(describeBucket(deviceBucket(phone))).toEqual({
      kind: "device",
      label: "A remembered browser of buyer@example.com (n0nce-…)",
      email: "buyer@example.com",
    });
    expect(describeBucket("client:2001:0db8:abcd:1200::/56")).toEqual({
      kind: "client",
      label: "Client address 2001:0db8:abcd:1200::/56",
      email: null,
    });
  });

  it("names a bucket in one URL segment and reads it back; anything else names none", () => {
    for (const key of ["client:2001:0db8:abcd:1200::/56", "untrusted:o'brien+trade@example.co.uk", deviceBucket(phone)]) {
      expect(holdId(key)).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(bucketOfHoldId(holdId(key))).toBe(key);
    }
    expect(bucketOfHoldId("no-such-hold")).toBeNull();
    expect(bucketOfHoldId("a/b")).toBeNull();
    expect(bucketOfHoldId("")).toBeNull();
  });
});

describe("the device cookie's list", () => {
  const now = 10 * 365 * 24 * 60 * 60 * 1000;
  const entry = (email: string, t = now) => ({ e: email, n: `nonce-for-${email.length}-abcdefgh`, t });

  it("puts the account that signed in first, replacing its old entry, and keeps at most ten", () => {
    let devices: RememberedDevice[] = [];
    for (let i = 0; i < DEVICES_KEPT + 2; i++) {
      devices = withDevice(devices, { email: `staff${i}@example.com`, nonce: `nonce-number-${i}-abcdef`, issuedAt: now });
    }
    expect(devices).toHaveLength(DEVICES_KEPT);
    expect(devices[0]!.email).toBe(`staff${DEVICES_KEPT + 1}@example.com`);
    // staff0 and staff1 signed in longest ago and are forgotten
    expect(devices.some((device) => device.email === "staff0@example.com")).toBe(false);
    const again = withDevice(devices, { email: "STAFF5@example.com", nonce: "a-fresh-nonce-abcdefg", issuedAt: now + 1 });
    expect(again).toHaveLength(DEVICES_KEPT);
    expect(again[0]).toEqual({ email: "staff5@example.com", nonce: "a-fresh-nonce-abcdefg", issuedAt: now + 1 });
    expect(again.filter((device) => device.email === "staff5@example.com")).toHaveLength(1);
  });

  it("reads back what it wrote, dropping malformed, expired and future entries", () => {
    const written = toCookieValue([phone].map((device) => ({ ...device, issuedAt: now })));
    expect(devicesFromCookieValue(written, now)).toEqual([{ ...phone, issuedAt: now }]);
    const aYearAgo = now - DEVICE_COOKIE_MAX_AGE_SECONDS * 1000 - 1;
    expect(
      devicesFromCookieValue(
        [entry("old@example.com", aYearAgo), entry("later@example.com", now + 3_600_000), { e: "x@example.com", n: "short", t: now }, "junk", entry("ok@example.com")],
        now,
      ).map((device) => device.email),
    ).toEqual(["ok@example.com"]);
    expect(devicesFromCookieValue({}, now)).toEqual([]);
    expect(devicesFromCookieValue(null, now)).toEqual([]);
  });
});
