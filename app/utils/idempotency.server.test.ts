import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, idempotencyKeys } from "~db/schema";
import { getDb } from "./db.server";
import {
  canonicalJson,
  commandFingerprint,
  earlierResult,
  idempotencyKeyFrom,
  issueIdempotencyKey,
  KEY_REUSED_MESSAGE,
  runOnce,
} from "./idempotency.server";
import { fail, ok } from "./result";

const count = () => getDb().select({ n: sql<number>`count(*)` }).from(categories).get()!.n;

describe("runOnce", () => {
  it("does the work once per key and replays the stored result", () => {
    const db = getDb();
    const key = issueIdempotencyKey();
    let runs = 0;
    const work = () => {
      runs += 1;
      return ok(db.insert(categories).values({ name: `Cat ${runs}`, slug: `cat-${runs}` }).returning().get());
    };
    const command = { name: "Cat", tags: ["a", "b"] };
    const first = runOnce(db, { ownerId: "u1", scope: "test", key, command }, work);
    // the same command with its fields in another order is the same request
    const second = runOnce(db, { ownerId: "u1", scope: "test", key, command: { tags: ["a", "b"], name: "Cat" } }, work);
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.result.ok && second.result.value.id).toBe(first.result.ok && first.result.value.id);
    expect(runs).toBe(1);
    expect(count()).toBe(1);
    // another owner with the same key is a different request
    runOnce(db, { ownerId: "u2", scope: "test", key, command }, work);
    expect(count()).toBe(2);
  });

  it("refuses the same key with another command (422) and writes nothing", () => {
    const db = getDb();
    const key = issueIdempotencyKey();
    const work = (name: string) => () => ok(db.insert(categories).values({ name, slug: name.toLowerCase() }).returning().get());
    runOnce(db, { ownerId: "u1", scope: "mismatch", key, command: { name: "First" } }, work("First"));
    const before = count();
    const reused = runOnce(db, { ownerId: "u1", scope: "mismatch", key, command: { name: "Second" } }, work("Second"));
    expect(reused.result).toEqual({ ok: false, status: 422, message: KEY_REUSED_MESSAGE });
    expect(count()).toBe(before);
    expect(earlierResult(db, { ownerId: "u1", scope: "mismatch", key, command: { name: "Second" } })?.result).toMatchObject({ status: 422 });
    // the first command still replays
    const again = runOnce(db, { ownerId: "u1", scope: "mismatch", key, command: { name: "First" } }, work("First"));
    expect(again.replayed).toBe(true);
    expect(again.result.ok && again.result.value.name).toBe("First");
  });

  it("lets a key stored before digests were kept match any command", () => {
    const db = getDb();
    const key = issueIdempotencyKey();
    runOnce(db, { ownerId: "u1", scope: "legacy", key, command: { a: 1 } }, () => ok("first"));
    db.update(idempotencyKeys)
      .set({ requestHash: null })
      .where(and(eq(idempotencyKeys.ownerId, "u1"), eq(idempotencyKeys.scope, "legacy")))
      .run();
    const replay = runOnce(db, { ownerId: "u1", scope: "legacy", key, command: { a: 2 } }, () => ok("second"));
    expect(replay).toEqual({ result: { ok: true, value: "first" }, replayed: true });
  });

  it("does not store failures, so a corrected retry can succeed", () => {
    const db = getDb();
    const key = issueIdempotencyKey();
    const failed = runOnce(db, { ownerId: "u1", scope: "retry", key, command: { quantity: 9 } }, () => fail(409, "short"), (r) => r.ok);
    expect(failed.result.ok).toBe(false);
    // the corrected command with the same key is not a reuse: nothing was kept for the failure
    const retried = runOnce(db, { ownerId: "u1", scope: "retry", key, command: { quantity: 2 } }, () => ok(1), (r) => r.ok);
    expect(retried).toEqual({ result: { ok: true, value: 1 }, replayed: false });
  });

  it("rolls back the work when it throws", () => {
    const db = getDb();
    const before = count();
    expect(() =>
      runOnce(db, { ownerId: "u1", scope: "boom", key: issueIdempotencyKey(), command: null }, (tx) => {
        tx.insert(categories).values({ name: "Doomed", slug: "doomed" }).run();
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(count()).toBe(before);
  });
});

describe("commandFingerprint", () => {
  it("reads a command as canonical JSON: sorted keys at every depth, undefined left out", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(commandFingerprint({ b: 1, a: 2 })).toBe(commandFingerprint({ a: 2, b: 1 }));
    expect(commandFingerprint({ a: 2 })).not.toBe(commandFingerprint({ a: "2" }));
    expect(commandFingerprint(null)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("idempotencyKeyFrom", () => {
  it("reads the form field or the header and rejects junk", () => {
    const form = new FormData();
    form.set("idempotencyKey", "abc12345-key");
    expect(idempotencyKeyFrom(form)).toBe("abc12345-key");
    const request = new Request("http://localhost/api/orders", { headers: { "Idempotency-Key": "k" } });
    expect(idempotencyKeyFrom(request)).toBeNull();
    const good = new Request("http://localhost/api/orders", { headers: { "Idempotency-Key": "order-2026-0001" } });
    expect(idempotencyKeyFrom(good)).toBe("order-2026-0001");
  });
});
