import { describe, expect, it } from "vitest";
import { isServerWorker, serverProcessCount, shareOfLimit } from "./server-processes";

describe("server processes", () => {
  it("runs one per core unless WEB_CONCURRENCY names a whole number from 1 to 64", () => {
    expect(serverProcessCount({}, 2)).toBe(2);
    expect(serverProcessCount({ WEB_CONCURRENCY: "1" }, 8)).toBe(1);
    expect(serverProcessCount({ WEB_CONCURRENCY: "3" }, 2)).toBe(3);
    for (const wrong of ["", "0", "-1", "1.5", "lots", "65"]) expect(serverProcessCount({ WEB_CONCURRENCY: wrong }, 4)).toBe(4);
  });

  it("shares a box-wide limit among them, never below one each", () => {
    expect(shareOfLimit(2, { WEB_CONCURRENCY: "1" })).toBe(2);
    expect(shareOfLimit(2, { WEB_CONCURRENCY: "2" })).toBe(1);
    expect(shareOfLimit(2, { WEB_CONCURRENCY: "4" })).toBe(1);
    expect(shareOfLimit(100, { WEB_CONCURRENCY: "4" })).toBe(25);
  });

  it("knows the processes the first one started", () => {
    expect(isServerWorker({ SERVER_WORKER: "1" })).toBe(true);
    expect(isServerWorker({})).toBe(false);
  });
});
