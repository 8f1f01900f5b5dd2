import { afterEach, describe, expect, it, vi } from "vitest";
import { idempotencyKeys } from "~db/schema";
import { getDb } from "./db.server";
import { HOUSEKEEPING_INTERVAL_MS, startHousekeeping } from "./housekeeping.server";

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
});
