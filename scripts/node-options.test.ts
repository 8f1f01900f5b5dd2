import { describe, expect, it } from "vitest";
import { serverNodeOptions } from "./node-options.js";

describe("the server's NODE_OPTIONS", () => {
  it("caps V8's heap at 128 MB, after the operator's own options", () => {
    expect(serverNodeOptions(undefined)).toBe("--max-old-space-size=128 --expose-gc");
    expect(serverNodeOptions("--enable-source-maps")).toBe("--enable-source-maps --max-old-space-size=128 --expose-gc");
  });

  it("leaves the operator's own cap alone, however it is spelt", () => {
    expect(serverNodeOptions("--max-old-space-size=512")).toBe("--max-old-space-size=512 --expose-gc");
    expect(serverNodeOptions("--trace-gc --max_old_space_size=96")).toBe("--trace-gc --max_old_space_size=96 --expose-gc");
  });
});
