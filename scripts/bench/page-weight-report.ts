/**
 * The pure half of the page-weight benchmark: what a resource counts as, the median of several loads, the
 * budgets and whether a page keeps them, and the table printed at the end. The browser half is
 * page-weight.ts.
 */

export type Mode = "js" | "no-js";
export const MODES: readonly Mode[] = ["js", "no-js"];

export type ResourceKind = "html" | "css" | "js" | "image" | "font" | "other";
export const RESOURCE_KINDS: readonly ResourceKind[] = ["html", "css", "js", "image", "font", "other"];

/** Body bytes as transferred (gzipped where the server compresses), per kind of resource. */
export type Bytes = Record<ResourceKind, number>;

/** What one cold load of one page measured. Times are milliseconds from the start of the navigation. */
export type LoadFigures = {
  bytes: Bytes;
  /** every byte received, response headers included */
  wireBytes: number;
  requests: number;
  /** first contentful paint */
  fcpMs: number | null;
  /**
   * Add to Cart usable: without JavaScript when its button (a plain form) is painted, with JavaScript when
   * the page has hydrated (the app then handles the click). Null on a page without Add to Cart, or when it
   * never became usable.
   */
  addToCartMs: number | null;
  /** with JavaScript: when the page finished hydrating; null without JavaScript or if it never did */
  hydratedMs: number | null;
};

/** The slow link every page is loaded over. */
export type LinkConditions = { downKbps: number; upKbps: number; roundTripMs: number };
export const SLOW_LINK: LinkConditions = { downKbps: 400, upKbps: 400, roundTripMs: 400 };

/** 1 KB = 1,024 bytes, as browsers' developer tools count. */
export const KB = 1024;

export type Budgets = { htmlBytes: number; jsBytes: number; fcpMs: number; addToCartMs: number };
/** For catalogue pages (home, category, search, product), with and without JavaScript. */
export const CATALOGUE_BUDGETS: Budgets = { htmlBytes: 30 * KB, jsBytes: 120 * KB, fcpMs: 3_000, addToCartMs: 5_000 };

export type BudgetName = keyof Budgets;
const BUDGET_LABELS: Record<BudgetName, string> = {
  htmlBytes: "HTML",
  jsBytes: "JS",
  fcpMs: "FCP",
  addToCartMs: "Add to Cart",
};

export type BudgetCheck = { budget: BudgetName; limit: number; actual: number | null; pass: boolean };

export type PageResult = {
  page: string;
  path: string;
  mode: Mode;
  catalogue: boolean;
  signedIn: boolean;
  /** how many loads the median is of */
  runs: number;
  median: LoadFigures;
  /** empty for pages without budgets */
  budgets: BudgetCheck[];
  pass: boolean;
  /** why a load failed, when one did (the figures are then of the loads that worked) */
  errors: string[];
};

export type PageWeightReport = {
  baseURL: string;
  measuredAt: string;
  link: LinkConditions;
  budgets: Budgets;
  results: PageResult[];
  pass: boolean;
};

/**
 * The kind a response counts as, from the browser's resource type and the response's media type (a module
 * preload is reported as "Other" by some browsers, so the media type decides for scripts).
 */
export function resourceKind(resourceType: string, mimeType: string): ResourceKind {
  const mime = mimeType.toLowerCase();
  if (resourceType === "Document") return "html";
  if (resourceType === "Stylesheet" || mime === "text/css") return "css";
  if (resourceType === "Script" || /(java|ecma)script/.test(mime)) return "js";
  if (resourceType === "Image" || mime.startsWith("image/")) return "image";
  if (resourceType === "Font" || mime.startsWith("font/")) return "font";
  if (mime === "text/html") return "html";
  return "other";
}

export function emptyBytes(): Bytes {
  return { html: 0, css: 0, js: 0, image: 0, font: 0, other: 0 };
}

/** The middle value (the mean of the middle two for an even count), ignoring nulls; null when all are. */
export function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Each figure's own median over several loads (a time's median load need not be a byte count's). */
export function medianFigures(loads: readonly LoadFigures[]): LoadFigures {
  if (loads.length === 0) throw new Error("no loads to take the median of");
  const of = (pick: (load: LoadFigures) => number | null) => median(loads.map(pick));
  const bytes = emptyBytes();
  for (const kind of RESOURCE_KINDS) bytes[kind] = of((load) => load.bytes[kind]) ?? 0;
  return {
    bytes,
    wireBytes: of((load) => load.wireBytes) ?? 0,
    requests: of((load) => load.requests) ?? 0,
    fcpMs: of((load) => load.fcpMs),
    addToCartMs: of((load) => load.addToCartMs),
    hydratedMs: of((load) => load.hydratedMs),
  };
}

/** The budgets a page is held to: catalogue pages have all four, other pages none (they are measured only). */
export function checkBudgets(figures: LoadFigures, catalogue: boolean, budgets: Budgets = CATALOGUE_BUDGETS): BudgetCheck[] {
  if (!catalogue) return [];
  const within = (budget: BudgetName, actual: number | null): BudgetCheck => ({
    budget,
    limit: budgets[budget],
    actual,
    // a time never reached (no paint, no usable Add to Cart) fails its budget
    pass: actual !== null && actual <= budgets[budget],
  });
  return [
    within("htmlBytes", figures.bytes.html),
    within("jsBytes", figures.bytes.js),
    within("fcpMs", figures.fcpMs),
    within("addToCartMs", figures.addToCartMs),
  ];
}

/** A page's result from its loads: the medians, the budgets and whether every budget holds. */
export function pageResult(
  page: { name: string; path: string; catalogue: boolean; signedIn: boolean },
  mode: Mode,
  loads: readonly LoadFigures[],
  errors: readonly string[] = [],
  budgets: Budgets = CATALOGUE_BUDGETS,
): PageResult {
  if (loads.length === 0) {
    const nothing: LoadFigures = {
      bytes: emptyBytes(),
      wireBytes: 0,
      requests: 0,
      fcpMs: null,
      addToCartMs: null,
      hydratedMs: null,
    };
    const checks = checkBudgets(nothing, page.catalogue, budgets);
    return { page: page.name, path: page.path, mode, catalogue: page.catalogue, signedIn: page.signedIn, runs: 0, median: nothing, budgets: checks, pass: false, errors: [...errors] };
  }
  const median = medianFigures(loads);
  const checks = checkBudgets(median, page.catalogue, budgets);
  return {
    page: page.name,
    path: page.path,
    mode,
    catalogue: page.catalogue,
    signedIn: page.signedIn,
    runs: loads.length,
    median,
    budgets: checks,
    pass: checks.every((check) => check.pass) && errors.length === 0,
    errors: [...errors],
  };
}

/** For the search page: the word of three letters or more that most names contain ("5L" and "x" do not count). */
export function commonestWord(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) {
    const words = new Set(name.toLowerCase().match(/[a-z]{3,}/g) ?? []);
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "a";
}

// ─── The table ──────────────────────────────────────────────────────────────

/** 12_345 bytes → "12.1" (KB, one decimal). */
export function formatKB(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

/** 1_234.5 ms → "1.23" (seconds); null → "–". */
export function formatSeconds(ms: number | null): string {
  return ms === null ? "–" : (ms / 1000).toFixed(2);
}

const COLUMNS = [
  "Page",
  "Mode",
  "HTML KB",
  "CSS KB",
  "JS KB",
  "Img KB",
  "Font KB",
  "Total KB",
  "Wire KB",
  "Reqs",
  "FCP s",
  "Cart s",
  "Hydr s",
  "Budgets",
] as const;
const NUMERIC = new Set<string>(COLUMNS.slice(2, 13));

/** A figure with a mark when its budget fails: "31.2 ✗". */
function withMark(text: string, check: BudgetCheck | undefined) {
  return check && !check.pass ? `${text} ✗` : text;
}

function row(result: PageResult): string[] {
  const { bytes } = result.median;
  const check = (name: BudgetName) => result.budgets.find((budget) => budget.budget === name);
  const total = Object.values(bytes).reduce((sum, value) => sum + value, 0);
  const failed = result.budgets.filter((budget) => !budget.pass).map((budget) => BUDGET_LABELS[budget.budget]);
  const verdict =
    result.runs === 0
      ? "not measured"
      : result.budgets.length === 0
        ? "–"
        : failed.length === 0
          ? "pass"
          : `FAIL: ${failed.join(", ")}`;
  return [
    result.page,
    result.mode,
    withMark(formatKB(bytes.html), check("htmlBytes")),
    formatKB(bytes.css),
    withMark(formatKB(bytes.js), check("jsBytes")),
    formatKB(bytes.image),
    formatKB(bytes.font),
    formatKB(total),
    formatKB(result.median.wireBytes),
    String(result.median.requests),
    withMark(formatSeconds(result.median.fcpMs), check("fcpMs")),
    withMark(formatSeconds(result.median.addToCartMs), check("addToCartMs")),
    formatSeconds(result.median.hydratedMs),
    verdict,
  ];
}

/** A plain-text table of every page and mode, numbers right-aligned, with the budgets and the link under it. */
export function formatTable(report: PageWeightReport): string {
  const rows = [COLUMNS as readonly string[], ...report.results.map(row)];
  const widths = COLUMNS.map((_, column) => Math.max(...rows.map((cells) => cells[column].length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        NUMERIC.has(COLUMNS[column]) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  const { budgets, link } = report;
  const runs = Math.max(0, ...report.results.map((result) => result.runs));
  const errors = report.results.flatMap((result) =>
    result.errors.map((error) => `  ${result.page} (${result.mode}): ${error}`),
  );
  return [
    line(rows[0]),
    rule,
    ...rows.slice(1).map(line),
    "",
    `Medians of ${runs} cold loads over ${link.downKbps} kbit/s down, ${link.upKbps} kbit/s up, ${link.roundTripMs} ms round trip; bytes are response bodies as transferred (compressed as the browser asked: brotli or gzip); Wire adds every response's headers.`,
    "FCP: first contentful paint. Cart: Add to Cart usable (without JavaScript its button painted, with JavaScript the page hydrated). Hydr: hydrated.",
    `Catalogue budgets: HTML ≤ ${formatKB(budgets.htmlBytes)} KB, JS ≤ ${formatKB(budgets.jsBytes)} KB, FCP ≤ ${formatSeconds(budgets.fcpMs)} s, Add to Cart usable ≤ ${formatSeconds(budgets.addToCartMs)} s.`,
    report.pass ? "Every budget holds." : "Some budgets fail (✗).",
    ...(errors.length > 0 ? ["Failed loads:", ...errors] : []),
  ].join("\n");
}
