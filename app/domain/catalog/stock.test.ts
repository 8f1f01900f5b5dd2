import { describe, expect, it } from "vitest";
import { stockState } from "./stock";

describe("stockState", () => {
  it("is out of stock at zero", () => {
    expect(stockState(0, 10)).toBe("out-of-stock");
  });
  it("is low from 1 up to and including the threshold", () => {
    expect(stockState(1, 10)).toBe("low-stock");
    expect(stockState(10, 10)).toBe("low-stock");
    expect(stockState(11, 10)).toBe("in-stock");
  });
  it("uses 10 when the threshold is missing", () => {
    expect(stockState(10, null)).toBe("low-stock");
    expect(stockState(11, undefined)).toBe("in-stock");
  });
});
