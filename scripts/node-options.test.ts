import { describe, expect, it } from "vitest";
import { SERVER_V8_FLAGS, serverEnvironment, serverNodeOptions } from "./node-options.js";

describe("the server's NODE_OPTIONS", () => {
  it("caps V8's heap at 128 MB and its young generation at 8 MB halves, after the operator's own options", () => {
    expect(serverNodeOptions(undefined)).toBe("--max-old-space-size=128 --max-semi-space-size=8 --expose-gc");
    expect(serverNodeOptions("--enable-source-maps")).toBe("--enable-source-maps --max-old-space-size=128 --max-semi-space-size=8 --expose-gc");
  });

  it("leaves the operator's own caps alone, however they are spelt", () => {
    expect(serverNodeOptions("--max-old-space-size=512")).toBe("--max-old-space-size=512 --max-semi-space-size=8 --expose-gc");
    expect(serverNodeOptions("--trace-gc --max_old_space_size=96")).toBe("--trace-gc --max_old_space_size=96 --max-semi-space-size=8 --expose-gc");
    expect(serverNodeOptions("--max-semi-space-size=16")).toBe("--max-semi-space-size=16 --max-old-space-size=128 --expose-gc");
  });

  it("runs the server in production with two malloc arenas, unless the operator chose otherwise", () => {
    expect(serverEnvironment({ PORT: "3000" })).toEqual({
      PORT: "3000",
      NODE_ENV: "production",
      NODE_OPTIONS: "--max-old-space-size=128 --max-semi-space-size=8 --expose-gc",
      MALLOC_ARENA_MAX: "2",
    });
    expect(serverEnvironment({ NODE_ENV: "development", MALLOC_ARENA_MAX: "4" })).toMatchObject({ NODE_ENV: "development", MALLOC_ARENA_MAX: "4" });
  });

  it("lets the old space grow to twice what survived a full collection, on the command line that NODE_OPTIONS would refuse", () => {
    expect(SERVER_V8_FLAGS).toEqual(["--heap-growing-percent=100"]);
  });
});
