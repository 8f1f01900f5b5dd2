import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "~db/schema";
import { getDb } from "./db.server";
import { idempotencyKeyFrom, issueIdempotencyKey, runOnce } from "./idempotency.server";
import { fail, ok } from "./result";

const count = () => getDb().select({ n: sql<number>`count(*)` }).from(categories).get()!.n;

describe("runOnce", () => {
  it("does the work once per key and replays the stored result", () => {
    const db = getDb();
    const key = issueIdempotencyKey();
    let runs = 0;
    const work = () => {
      runs += 1;
      return db.insert(categories).values({ name: `Cat ${runs}`, slug: `cat-${runs}` }).returning().get();
    };
    const first = runOnce(db, { ownerId: "u1", scope: "test", key }, work);
    const second = runOnce(db, { ownerId: "u1", scope: "test", key }, work);
    expect(first.replayed).toBe(false);
    expect(second.replayed).toBe(true);
    expect(second.result.id).toBe(first.result.id);
    expect(runs).toBe(1);
    expect(count()).toBe(1);
    // another owner with the same key is a different request
    runOnce(db, { ownerId: "u2", scope: "test", key }, work);
    expect(count()).toBe(2);
  });

  it("does not store failures, so a corrected retry can succeed", () => {
    const db = getDb();
    const key = issueIdempotencyKey();
    const failed = runOnce(db, { ownerId: "u1", scope: "retry", key }, () => fail(409, "short"), (r) => r.ok);
    expect(failed.result.ok).toBe(false);
    const retried = runOnce(db, { ownerId: "u1", scope: "retry", key }, () => ok(1), (r) => r.ok);
    expect(retried).toEqual({ result: { ok: true, value: 1 }, replayed: false });
  });

  it("rolls back the work when it throws", () => {
    const db = getDb();
    const before = count();
    expect(() =>
      runOnce(db, { ownerId: "u1", scope: "boom", key: issueIdempotencyKey() }, (tx) => {
        tx.insert(categories).values({ name: "Doomed", slug: "doomed" }).run();
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(count()).toBe(before);
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
