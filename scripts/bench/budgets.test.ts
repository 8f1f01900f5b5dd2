import { describe, expect, it } from "vitest";
import { absoluteChecks, backupChecks, importChecks, floorChecks, heavyWriteChecks, memoryChecks, scaleChecks, scaleDataset, sideBySide, table, type Load, type TargetResult } from "./budgets";

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

  it("holds search, the back-office lists and the reports to their own p95 at the scale data, one connection", () => {
    const at = (name: string, group: TargetResult["group"], p95: number, extra: Partial<Load> = {}): TargetResult => ({
      name,
      kind: "page",
      group,
      loads: { demo: { "1": load(100, 2, 3) }, "scale ×10": { "1": { ...load(40, p95 / 2, p95), ...extra }, "10": load(200, 100, 900) } },
    });
    const results = [
      at("search", "search", 25),
      at("admin invoices list", "list", 50.1),
      at("admin quotes list", "list", 12),
      at("aged debtors", "report", 100),
      at("trial balance", "report", 9, { errors: 3 }),
      at("balance sheet", "report", 0, { requests: 0 }),
      // a target with no absolute budget is not checked
      { ...at("home", undefined, 400) },
    ];
    expect(absoluteChecks(results, "scale ×10")).toEqual([
      { budget: "catalogue search p95 ≤ 25 ms (scale ×10, 1 connection)", target: "search", value: "25 ms", limit: "25 ms", pass: true },
      { budget: "back-office list p95 ≤ 50 ms (scale ×10, 1 connection)", target: "admin invoices list", value: "50.1 ms", limit: "50 ms", pass: false },
      { budget: "back-office list p95 ≤ 50 ms (scale ×10, 1 connection)", target: "admin quotes list", value: "12 ms", limit: "50 ms", pass: true },
      { budget: "report p95 ≤ 100 ms (scale ×10, 1 connection)", target: "aged debtors", value: "100 ms", limit: "100 ms", pass: true },
      // fast failures and silence never pass
      { budget: "report p95 ≤ 100 ms (scale ×10, 1 connection)", target: "trial balance", value: "9 ms, 3 errors", limit: "100 ms", pass: false },
      { budget: "report p95 ≤ 100 ms (scale ×10, 1 connection)", target: "balance sheet", value: "no answers", limit: "100 ms", pass: false },
    ]);
    // a run without those scale figures has nothing to check
    expect(absoluteChecks(results, "scale ×1")).toEqual([]);
  });

  it("holds each 100,000-product import within 60 s and its server within 300 MB", () => {
    const run = { layout: "shopify", run: "fresh", products: 100_000, status: 200, ms: 59_900, peakMb: 300 };
    expect(importChecks([run])).toEqual([
      { budget: "import in one request ≤ 60 s", target: "shopify CSV, 100,000 products (fresh)", value: "59.9 s", limit: "60 s", pass: true },
      { budget: "import peak memory ≤ 300 MB", target: "shopify CSV, 100,000 products (fresh)", value: "300 MB", limit: "300 MB", pass: true },
    ]);
    expect(importChecks([{ ...run, ms: 60_001, peakMb: 301 }]).map((c) => c.pass)).toEqual([false, false]);
    // a refused file is not a quick import, and memory nobody read is not within the limit
    expect(importChecks([{ ...run, status: 413, ms: 40, peakMb: null }])).toMatchObject([
      { value: "HTTP 413 after 0.0 s", pass: false },
      { value: "not measured", pass: false },
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
