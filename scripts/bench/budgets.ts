/**
 * The Speed budgets as pure rules over measured figures, so the benchmark's pass / fail is testable apart
 * from the measuring. Each check says what it compared and by how much it passed or failed.
 */

export type Load = { rps: number; p50: number; p95: number; p99: number; errors: number; requests: number };

/** The absolute budgets of issue #29 a target may be held to at the scale data (targets.ts says whose is whose). */
export type BudgetGroup = "search" | "list" | "report";

/** p95 at one connection on the scale data: catalogue search, a back-office list's page, a report for a year. */
export const ABSOLUTE_BUDGET_MS: Record<BudgetGroup, number> = { search: 25, list: 50, report: 100 };

const GROUP_LABELS: Record<BudgetGroup, string> = { search: "catalogue search", list: "back-office list", report: "report" };

export type TargetResult = {
  name: string;
  kind: "page" | "api" | "write";
  group?: BudgetGroup;
  /** per dataset ("demo", "scale ×1", "scale ×10"…), per connection count (1 | 10) */
  loads: Record<string, Record<string, Load>>;
  /** the page's floors on the demo data at 10 connections, when it has them */
  floors?: { static: Load; framework: Load };
};

export type Check = { budget: string; target: string; value: string; limit: string; pass: boolean };

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

/** every page ≥ 50 % of its framework floor's throughput; every JSON API ≥ 25 % of its static floor */
export function floorChecks(results: TargetResult[]): Check[] {
  const checks: Check[] = [];
  for (const result of results) {
    const load = result.loads.demo?.["10"];
    if (!load || !result.floors) continue;
    if (result.kind === "page") {
      const r = ratio(load.rps, result.floors.framework.rps);
      checks.push({ budget: "page ≥ 50 % of its framework floor", target: result.name, value: pct(r), limit: "50 %", pass: r >= 0.5 });
    }
    if (result.kind === "api") {
      const r = ratio(load.rps, result.floors.static.rps);
      checks.push({ budget: "JSON API ≥ 25 % of the static floor", target: result.name, value: pct(r), limit: "25 %", pass: r >= 0.25 });
    }
  }
  return checks;
}

/** The name the scale data set's figures go under: "scale ×1", "scale ×10". */
export function scaleDataset(factor: number) {
  return `scale ×${factor}`;
}

/** p95 at scale ÷ p95 on the demo data (one connection) ≤ 1.5 */
export function scaleChecks(results: TargetResult[], dataset = scaleDataset(1)): Check[] {
  const checks: Check[] = [];
  for (const result of results) {
    if (result.kind === "write") continue;
    const demo = result.loads.demo?.["1"];
    const scale = result.loads[dataset]?.["1"];
    if (!demo || !scale) continue;
    const budget = `${dataset} ratio (p95 scale ÷ p95 demo) ≤ 1.5`;
    // a measurement with no answer has no p95: never a pass
    if (demo.requests === 0 || scale.requests === 0) {
      checks.push({ budget, target: result.name, value: "no answers", limit: "1.5", pass: false });
      continue;
    }
    const r = ratio(scale.p95, Math.max(demo.p95, 1));
    checks.push({ budget, target: result.name, value: r.toFixed(2), limit: "1.5", pass: r <= 1.5 });
  }
  return checks;
}

/** each grouped target's p95 at one connection on the scale data within its group's absolute budget */
export function absoluteChecks(results: TargetResult[], dataset: string): Check[] {
  const checks: Check[] = [];
  for (const result of results) {
    if (!result.group) continue;
    const load = result.loads[dataset]?.["1"];
    if (!load) continue;
    const limitMs = ABSOLUTE_BUDGET_MS[result.group];
    const budget = `${GROUP_LABELS[result.group]} p95 ≤ ${limitMs} ms (${dataset}, 1 connection)`;
    const limit = `${limitMs} ms`;
    // no answer, or failed answers, is never a fast page
    if (load.requests === 0) checks.push({ budget, target: result.name, value: "no answers", limit, pass: false });
    else if (load.errors > 0) checks.push({ budget, target: result.name, value: `${load.p95} ms, ${load.errors} errors`, limit, pass: false });
    else checks.push({ budget, target: result.name, value: `${load.p95} ms`, limit, pass: load.p95 <= limitMs });
  }
  return checks;
}

/** a 50-line checkout and a 500-line quick order each ≤ 10 × a product page's p50 (one connection) */
export function heavyWriteChecks(results: TargetResult[], productPage: string, heavy: string[], dataset = "demo"): Check[] {
  const product = results.find((r) => r.name === productPage)?.loads[dataset]?.["1"];
  if (!product) return [];
  return heavy.flatMap((name) => {
    const load = results.find((r) => r.name === name)?.loads[dataset]?.["1"];
    if (!load) return [];
    const r = ratio(load.p50, Math.max(product.p50, 1));
    return [{ budget: "≤ 10 × a product page's p50", target: `${name} (${dataset})`, value: `${r.toFixed(1)} ×`, limit: "10 ×", pass: r <= 10 }];
  });
}

/** One product CSV import through the API, as scripts/bench-import.ts measured it. */
export type ImportRun = { layout: string; run: string; products: number; status: number; ms: number; peakMb: number | null };

/** Issue #29: a 100,000-product CSV imports in one request within 60 s, the server within 300 MB. */
export const IMPORT_BUDGET = { seconds: 60, peakMb: 300 };

/** each import answered 200 within the time, and the importing server's peak resident memory within its limit */
export function importChecks(imports: ImportRun[]): Check[] {
  return imports.flatMap((figures) => {
    const target = `${figures.layout} CSV, ${figures.products.toLocaleString("en-GB")} products (${figures.run})`;
    const answered = figures.status === 200;
    return [
      {
        budget: `import in one request ≤ ${IMPORT_BUDGET.seconds} s`,
        target,
        value: answered ? `${(figures.ms / 1000).toFixed(1)} s` : `HTTP ${figures.status} after ${(figures.ms / 1000).toFixed(1)} s`,
        limit: `${IMPORT_BUDGET.seconds} s`,
        pass: answered && figures.ms <= IMPORT_BUDGET.seconds * 1000,
      },
      {
        budget: `import peak memory ≤ ${IMPORT_BUDGET.peakMb} MB`,
        target,
        value: figures.peakMb === null ? "not measured" : `${figures.peakMb} MB`,
        limit: `${IMPORT_BUDGET.peakMb} MB`,
        pass: figures.peakMb !== null && figures.peakMb <= IMPORT_BUDGET.peakMb,
      },
    ];
  });
}

/** One target at one connection count with the demo and the scale figures beside each other. */
export type SideBySide = { name: string; kind: TargetResult["kind"]; connections: string; demo: Load | null; scale: Load | null; p95Ratio: number | null };

/** A line per target and connection count: the demo figures and the scale figures side by side. */
export function sideBySide(results: TargetResult[], dataset: string): SideBySide[] {
  return results.flatMap((result) => {
    const counts = [...new Set([...Object.keys(result.loads.demo ?? {}), ...Object.keys(result.loads[dataset] ?? {})])].sort((a, b) => Number(a) - Number(b));
    return counts.map((connections) => {
      const demo = result.loads.demo?.[connections] ?? null;
      const scale = result.loads[dataset]?.[connections] ?? null;
      const p95Ratio = demo && scale ? Math.round((scale.p95 / Math.max(demo.p95, 1)) * 100) / 100 : null;
      return { name: result.name, kind: result.kind, connections, demo, scale, p95Ratio };
    });
  });
}

/** the peak resident memory of the server's largest process, per data set */
export type MemoryPeak = { dataset: string; peakProcessMb: number | null };

export const SERVER_MEMORY_LIMIT_MB = 250;

/** every server process < 250 MB resident through each data set's whole run (sampled from outside) */
export function memoryChecks(peaks: MemoryPeak[], limitMb = SERVER_MEMORY_LIMIT_MB): Check[] {
  return peaks.map((peak) => ({
    budget: `server process < ${limitMb} MB resident`,
    target: peak.dataset,
    value: peak.peakProcessMb === null ? "not measured" : `${peak.peakProcessMb} MB`,
    limit: `${limitMb} MB`,
    pass: peak.peakProcessMb !== null && peak.peakProcessMb < limitMb,
  }));
}

/** The product's backup taken while a data set's load ran: whether it worked, and the load's failed requests meanwhile. */
export type BackupDuringLoad = { dataset: string; ok: boolean; ms: number; bytes: number | null; failedRequests: number; requests: number; error?: string };

/** a backup during the load fails no request (and the backup itself worked) */
export function backupChecks(backup: BackupDuringLoad | null): Check[] {
  if (!backup) return [];
  return [
    {
      budget: "backup during load: 0 failed requests",
      target: `${backup.dataset}, ${backup.requests.toLocaleString("en-GB")} requests${backup.ok ? "" : " (the backup failed)"}`,
      value: `${backup.failedRequests} failed`,
      limit: "0",
      pass: backup.ok && backup.failedRequests === 0 && backup.requests > 0,
    },
  ];
}

/** Fixed-width text table: the first row is the header. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(rows[0]!), widths.map((w) => "─".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

export function checksTable(checks: Check[]): string {
  return table([["budget", "target", "value", "limit", ""], ...checks.map((c) => [c.budget, c.target, c.value, c.limit, c.pass ? "pass" : "FAIL"])]);
}
