import { describe, expect, it } from "vitest";
import { floorChecks, heavyWriteChecks, scaleChecks, table, type Load, type TargetResult } from "./budgets";

const load = (rps: number, p50 = 10, p95 = 20): Load => ({ rps, p50, p95, p99: p95 * 2, errors: 0, requests: rps * 3 });

describe("the speed budgets", () => {
  const page: TargetResult = {
    name: "product page",
    kind: "page",
    loads: { demo: { "1": load(50, 12, 20), "10": load(300) }, scale: { "1": load(40, 14, 29), "10": load(250) } },
    floors: { static: load(2000), framework: load(500) },
  };
  const api: TargetResult = {
    name: "pricing API",
    kind: "api",
    loads: { demo: { "1": load(100, 3, 5), "10": load(400) }, scale: { "1": load(90, 4, 9) } },
    floors: { static: load(2000), framework: load(2000) },
  };

  it("compares a page with its framework floor and an API with the static floor", () => {
    const checks = floorChecks([page, api]);
    expect(checks).toMatchObject([
      { target: "product page", value: "60 %", pass: true },
      { target: "pricing API", value: "20 %", pass: false },
    ]);
  });

  it("takes the scale ratio from p95 at one connection", () => {
    expect(scaleChecks([page, api])).toMatchObject([
      { target: "product page", value: "1.45", pass: true },
      { target: "pricing API", value: "1.80", pass: false },
    ]);
  });

  it("holds heavy writes to ten product pages", () => {
    const heavy: TargetResult = { name: "50-line checkout", kind: "write", loads: { demo: { "1": load(5, 121, 200) } } };
    expect(heavyWriteChecks([page, heavy], "product page", ["50-line checkout"])).toMatchObject([{ value: "10.1 ×", pass: false }]);
  });

  it("lines up a table", () => {
    expect(table([["a", "bb"], ["ccc", "d"]])).toBe("a    bb\n───  ──\nccc   d");
  });
});
