import { describe, expect, it } from "vitest";
import { signInChecks, type SignInFigures } from "./sign-in-time";

const figures = (knownMs: number, unknownMs: number, firstUnknownMs: number): SignInFigures => ({
  cost: 17,
  samples: 7,
  knownMs,
  unknownMs,
  firstUnknownMs,
});

describe("the sign-in time budget", () => {
  it("passes when an unknown email takes within 20 % of a known one, median and first alike", () => {
    expect(signInChecks(figures(800, 850, 940)).map((check) => [check.value, check.pass])).toEqual([
      ["1.06", true],
      ["1.18", true],
    ]);
  });

  it("fails a first unknown email that took twice as long (a decoy hashed on first use), or a faster unknown email", () => {
    expect(signInChecks(figures(850, 860, 2000)).map((check) => check.pass)).toEqual([true, false]);
    expect(signInChecks(figures(850, 600, 860)).map((check) => check.pass)).toEqual([false, true]);
  });
});
