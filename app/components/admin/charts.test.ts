import { describe, expect, it } from "vitest";
import { compactMoney, niceCeiling } from "./charts";

describe("chart axes", () => {
  it("rounds the top of an axis up to a tidy number", () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(180)).toBe(200);
    expect(niceCeiling(230)).toBe(250);
    expect(niceCeiling(4100)).toBe(5000);
    expect(niceCeiling(5000)).toBe(5000);
  });

  it("labels money compactly", () => {
    expect(compactMoney(95_000)).toBe("£950");
    expect(compactMoney(150_000)).toBe("£1.5k");
    expect(compactMoney(1_234_567)).toBe("£12.3k");
    expect(compactMoney(200_000_000)).toBe("£2m");
    expect(compactMoney(0)).toBe("£0");
  });
});
