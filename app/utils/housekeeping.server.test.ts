import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { idempotencyKeys, sessions, users } from "~db/schema";
import { getDb } from "./db.server";
import { HOUSEKEEPING_INTERVAL_MS, startHousekeeping, sweepOnce } from "./housekeeping.server";
import { SESSION_MAX_AGE_SECONDS } from "./session.server";
import { uploadsDir } from "./uploads.server";

const DAY_MS = 24 * 60 * 60 * 1000;

function storeKey(key: string, createdAt: Date) {
  getDb().insert(idempotencyKeys).values({ ownerId: "u1", scope: "cart.item.add", key, result: "{}", createdAt }).run();
}
const keys = () => getDb().select({ key: idempotencyKeys.key }).from(idempotencyKeys).all().map((row) => row.key).sort();

describe("housekeeping", () => {
  afterEach(() => {
    vi.useRealTimers();
    getDb().delete(idempotencyKeys).run();
  });

  it("deletes repeat-safety keys older than a week at start, and keeps newer ones", () => {
    storeKey("old-key-0001", new Date(Date.now() - 8 * DAY_MS));
    storeKey("new-key-0001", new Date(Date.now() - 6 * DAY_MS));
    const stop = startHousekeeping(getDb());
    stop();
    expect(keys()).toEqual(["new-key-0001"]);
  });

  it("deletes expired sessions and guest sessions unused for 30 days, and keeps the rest", () => {
    const db = getDb();
    const now = Date.now();
    db.insert(users).values({ id: "u-signed-in", email: "kept@example.com", passwordHash: "x", firstName: "K", lastName: "S" }).run();
    const lastWritten = (daysAgo: number) => now - daysAgo * DAY_MS + SESSION_MAX_AGE_SECONDS * 1000;
    db.insert(sessions)
      .values([
        { sid: "guest-fresh", sess: "{}", expire: lastWritten(2), userId: null },
        { sid: "guest-29-days", sess: "{}", expire: lastWritten(29), userId: null },
        { sid: "guest-31-days", sess: "{}", expire: lastWritten(31), userId: null },
        { sid: "user-fresh", sess: "{}", expire: lastWritten(3), userId: "u-signed-in" },
        { sid: "user-expired", sess: "{}", expire: now - 1000, userId: "u-signed-in" },
        { sid: "guest-expired", sess: "{}", expire: now - 1000, userId: null },
      ])
      .run();
    sweepOnce(db, now);
    const left = db.select({ sid: sessions.sid }).from(sessions).all().map((row) => row.sid).sort();
    expect(left).toEqual(["guest-29-days", "guest-fresh", "user-fresh"]);
  });

  it("sweeps again on its timer", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const stop = startHousekeeping(getDb());
    storeKey("key-made-after-start", new Date());
    vi.advanceTimersByTime(HOUSEKEEPING_INTERVAL_MS);
    expect(keys()).toEqual(["key-made-after-start"]);
    vi.setSystemTime(Date.now() + 8 * DAY_MS);
    vi.advanceTimersByTime(HOUSEKEEPING_INTERVAL_MS);
    expect(keys()).toEqual([]);
    stop();
  });

  it("deletes uploads a stopped process left on disk for over a day, and keeps a running import's", () => {
    fs.mkdirSync(uploadsDir(), { recursive: true });
    const left = path.join(uploadsDir(), "left-behind.upload");
    const running = path.join(uploadsDir(), "running.upload");
    fs.writeFileSync(left, "slug,name\n");
    fs.writeFileSync(running, "slug,name\n");
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    fs.utimesSync(left, twoDaysAgo, twoDaysAgo);
    sweepOnce(getDb());
    expect(fs.readdirSync(uploadsDir())).toEqual(["running.upload"]);
    fs.rmSync(running);
  });
});
