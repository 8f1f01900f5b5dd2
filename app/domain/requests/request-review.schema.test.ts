import { describe, expect, it } from "vitest";
import { productRequestStatusSchema, scoreTone, STATUS_INVALID } from "./request-review.schema";

describe("request scores", () => {
  it("colours 8 or more green, 5 to 7 orange, below 5 red", () => {
    expect([10, 8].map(scoreTone)).toEqual(["green", "green"]);
    expect([7, 5].map(scoreTone)).toEqual(["orange", "orange"]);
    expect([4, 1, 0].map(scoreTone)).toEqual(["red", "red", "red"]);
    expect(scoreTone(null)).toBe("none");
  });
});

describe("review decision", () => {
  it("accepts approved and rejected only", () => {
    expect(productRequestStatusSchema.parse({ status: "approved" })).toEqual({ status: "approved" });
    const pending = productRequestStatusSchema.safeParse({ status: "pending" });
    expect(pending.success).toBe(false);
    expect(pending.error?.issues[0]?.message).toBe(STATUS_INVALID);
  });
});
