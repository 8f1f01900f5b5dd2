import { describe, expect, it } from "vitest";
import { backupChecks, floorChecks, heavyWriteChecks, memoryChecks, scaleChecks, scaleDataset, sideBySide, table, type Load, type TargetResult } from "./budgets";

const load = (rps: number, p50 = 10, p95 = 20): Load => ({ rps, p50, p95, p99: p95 * 2, errors: 0, requests: rps * 3 });

describe("the speed budgets", () => {
  const page: TargetResult = {
    name: "product page",
    kind: "page",
    loads: { demo: { "1": load(50, 12, 20), "10": load(300) }, "scale ×1": { "1": load(40, 14, 29), "10": load(250) } },
    floors: { static: load(2000), framework: load(500) },
  };
  const api: TargetResult = {
    name: "pricing API",
    kind: "api",
    loads: { demo: { "1": load(100, 3, 5), "10": load(400) }, "scale ×1": { "1": load(90, 4, 9) } },
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

  it("compares the scale data set the run chose, by its factor", () => {
    const tenfold: TargetResult = { ...page, loads: { demo: page.loads.demo!, [scaleDataset(10)]: { "1": load(30, 20, 31) } } };
    expect(scaleDataset(10)).toBe("scale ×10");
    expect(scaleChecks([tenfold], "scale ×10")).toMatchObject([{ budget: "scale ×10 ratio (p95 scale ÷ p95 demo) ≤ 1.5", value: "1.55", pass: false }]);
    // a run on the ×10 data has no ×1 figures to compare
    expect(scaleChecks([tenfold])).toEqual([]);
    // a measurement that got no answer in its seconds is not a fast one
    const silent: TargetResult = { ...page, loads: { demo: page.loads.demo!, "scale ×10": { "1": { ...load(0, 0, 0), requests: 0 } } } };
    expect(scaleChecks([silent], "scale ×10")).toMatchObject([{ value: "no answers", pass: false }]);
  });

  it("puts a target's demo and scale figures on one line per connection count", () => {
    const lines = sideBySide([page, api], "scale ×1");
    expect(lines.map((l) => [l.name, l.connections, l.demo?.rps ?? null, l.scale?.rps ?? null, l.p95Ratio])).toEqual([
      ["product page", "1", 50, 40, 1.45],
      ["product page", "10", 300, 250, 1],
      ["pricing API", "1", 100, 90, 1.8],
      ["pricing API", "10", 400, null, null],
    ]);
  });

  it("holds every server process under 250 MB resident, per data set", () => {
    expect(
      memoryChecks([
        { dataset: "demo", peakProcessMb: 180 },
        { dataset: "scale ×10", peakProcessMb: 250 },
        { dataset: "scale ×1", peakProcessMb: null },
      ]),
    ).toMatchObject([
      { budget: "server process < 250 MB resident", target: "demo", value: "180 MB", pass: true },
      { target: "scale ×10", value: "250 MB", pass: false },
      { target: "scale ×1", value: "not measured", pass: false },
    ]);
  });

  it("passes a backup during the load only when it worked and no request failed", () => {
    const backup = { dataset: "scale ×10", ok: true, ms: 4000, bytes: 1e9, failedRequests: 0, requests: 1200 };
    expect(backupChecks(backup)).toMatchObject([{ budget: "backup during load: 0 failed requests", value: "0 failed", pass: true }]);
    expect(backupChecks({ ...backup, failedRequests: 2 })).toMatchObject([{ value: "2 failed", pass: false }]);
    expect(backupChecks({ ...backup, ok: false })).toMatchObject([{ pass: false }]);
    expect(backupChecks({ ...backup, requests: 0 })).toMatchObject([{ pass: false }]);
    expect(backupChecks(null)).toEqual([]);
  });

  it("holds heavy writes to ten product pages", () => {
    const heavy: TargetResult = { name: "50-line checkout", kind: "write", loads: { demo: { "1": load(5, 121, 200) } } };
    expect(heavyWriteChecks([page, heavy], "product page", ["50-line checkout"])).toMatchObject([{ value: "10.1 ×", pass: false }]);
  });

  it("lines up a table", () => {
    expect(table([["a", "bb"], ["ccc", "d"]])).toBe("a    bb\n───  ──\nccc   d");
  });
});
