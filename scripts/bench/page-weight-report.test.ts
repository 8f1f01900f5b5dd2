import { describe, expect, it } from "vitest";
import {
  CATALOGUE_BUDGETS,
  checkBudgets,
  commonestWord,
  emptyBytes,
  formatKB,
  formatSeconds,
  formatTable,
  KB,
  median,
  medianFigures,
  pageResult,
  resourceKind,
  SLOW_LINK,
  type LoadFigures,
  type PageWeightReport,
} from "./page-weight-report";

function load(overrides: Partial<LoadFigures> & { html?: number; js?: number } = {}): LoadFigures {
  const { html = 10 * KB, js = 100 * KB, ...rest } = overrides;
  return {
    bytes: { ...emptyBytes(), html, js, css: 9 * KB, image: 20 * KB },
    wireBytes: html + js + 29 * KB + 8 * KB,
    requests: 30,
    fcpMs: 1500,
    addToCartMs: 4000,
    hydratedMs: 4000,
    ...rest,
  };
}

const home = { name: "home", path: "/", catalogue: true, signedIn: true };
const cart = { name: "cart", path: "/cart", catalogue: false, signedIn: true };

describe("resourceKind", () => {
  it("sorts responses by the browser's type, and by media type where the type says little", () => {
    expect(resourceKind("Document", "text/html")).toBe("html");
    expect(resourceKind("Stylesheet", "text/css")).toBe("css");
    expect(resourceKind("Script", "application/javascript")).toBe("js");
    // a module preload is reported as "Other" by some browsers
    expect(resourceKind("Other", "application/javascript")).toBe("js");
    expect(resourceKind("Other", "text/javascript")).toBe("js");
    expect(resourceKind("Image", "image/webp")).toBe("image");
    expect(resourceKind("Other", "image/svg+xml")).toBe("image");
    expect(resourceKind("Font", "font/woff2")).toBe("font");
    expect(resourceKind("Fetch", "application/json")).toBe("other");
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4000, 9000, 4200])).toBe(4200);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });

  it("ignores missing values and is null when there are none", () => {
    expect(median([null, 5, null])).toBe(5);
    expect(median([null, null])).toBeNull();
    expect(median([])).toBeNull();
  });

  it("takes each figure's own median over the loads", () => {
    const figures = medianFigures([
      load({ fcpMs: 1000, js: 100 * KB, addToCartMs: null }),
      load({ fcpMs: 3000, js: 102 * KB, addToCartMs: 4800 }),
      load({ fcpMs: 2000, js: 101 * KB, addToCartMs: 5200 }),
    ]);
    expect(figures.fcpMs).toBe(2000);
    expect(figures.bytes.js).toBe(101 * KB);
    expect(figures.addToCartMs).toBe(5000);
    expect(() => medianFigures([])).toThrow();
  });
});

describe("checkBudgets", () => {
  it("holds catalogue pages to HTML, JS, first paint and Add to Cart", () => {
    const checks = checkBudgets(load(), true);
    expect(checks.map((check) => check.budget)).toEqual(["htmlBytes", "jsBytes", "fcpMs", "addToCartMs"]);
    expect(checks.every((check) => check.pass)).toBe(true);
  });

  it("passes a figure exactly at its limit and fails one just over it", () => {
    const at = checkBudgets(load({ html: 30 * KB, js: 120 * KB, fcpMs: 3000, addToCartMs: 5000 }), true);
    expect(at.every((check) => check.pass)).toBe(true);
    const over = checkBudgets(load({ html: 30 * KB + 1, js: 120 * KB + 1, fcpMs: 3001, addToCartMs: 5001 }), true);
    expect(over.filter((check) => check.pass)).toEqual([]);
    expect(over[0]).toEqual({ budget: "htmlBytes", limit: CATALOGUE_BUDGETS.htmlBytes, actual: 30 * KB + 1, pass: false });
  });

  it("fails a time that was never reached", () => {
    const checks = checkBudgets(load({ addToCartMs: null, fcpMs: null }), true);
    expect(checks.find((check) => check.budget === "addToCartMs")?.pass).toBe(false);
    expect(checks.find((check) => check.budget === "fcpMs")?.pass).toBe(false);
  });

  it("holds other pages to nothing", () => {
    expect(checkBudgets(load({ js: 500 * KB }), false)).toEqual([]);
  });
});

describe("pageResult", () => {
  it("passes when every budget holds over the median", () => {
    const result = pageResult(home, "js", [load(), load({ addToCartMs: 9000 }), load()]);
    expect(result).toMatchObject({ page: "home", mode: "js", runs: 3, pass: true });
    expect(result.median.addToCartMs).toBe(4000);
  });

  it("fails when a budget fails, or a load failed", () => {
    expect(pageResult(home, "no-js", [load({ html: 40 * KB })]).pass).toBe(false);
    expect(pageResult(home, "js", [load()], ["run 2: timeout"]).pass).toBe(false);
  });

  it("reports a page none of whose loads worked as not measured", () => {
    const result = pageResult(home, "js", [], ["run 1: net::ERR_CONNECTION_REFUSED"]);
    expect(result).toMatchObject({ runs: 0, pass: false, errors: ["run 1: net::ERR_CONNECTION_REFUSED"] });
  });
});

describe("commonestWord", () => {
  it("picks the word most names share, ignoring short words, digits and case", () => {
    expect(commonestWord(["Blue Roll 2-ply", "Thick Bleach 5L", "Bleach Tablets", "Toilet Roll", "Roll Holder"])).toBe(
      "roll",
    );
    expect(commonestWord(["Tea Bags", "Tea Cups"])).toBe("tea");
  });

  it("breaks ties alphabetically so a run always searches the same word", () => {
    expect(commonestWord(["Mop Bucket", "Bucket Lid", "Mop Head"])).toBe("bucket");
  });
});

describe("formatTable", () => {
  const report: PageWeightReport = {
    baseURL: "http://localhost:3000",
    measuredAt: "2026-01-01T00:00:00.000Z",
    link: SLOW_LINK,
    budgets: CATALOGUE_BUDGETS,
    results: [
      pageResult(home, "js", [load({ js: 130 * KB })]),
      pageResult(home, "no-js", [load({ js: 0, hydratedMs: null })]),
      pageResult(cart, "js", [load({ addToCartMs: null })]),
    ],
    pass: false,
  };
  const table = formatTable(report);
  const lines = table.split("\n");

  it("prints one row per page and mode under a header, columns aligned", () => {
    expect(lines[0]).toMatch(/^Page\s+Mode\s+HTML KB\s+CSS KB\s+JS KB/);
    const rows = lines.slice(2, 5);
    expect(rows.map((row) => row.split(/\s+/).slice(0, 2).join(" "))).toEqual(["home js", "home no-js", "cart js"]);
    // right-aligned numbers: the JS column ends at the same place on every row
    const jsEnd = lines[0].indexOf("JS KB") + "JS KB".length;
    for (const row of rows) expect(row[jsEnd - 1]).toMatch(/[0-9✗]/);
  });

  it("marks a failed budget and names it", () => {
    expect(lines[2]).toContain("130.0 ✗");
    expect(lines[2]).toContain("FAIL: JS");
    expect(lines[3]).toMatch(/pass$/);
  });

  it("shows figures in KB and seconds, and a dash for a page without budgets or a time", () => {
    expect(lines[4]).toMatch(/\s–\s+4\.00\s+–$/);
    expect(table).toContain("Medians of 1 cold loads over 400 kbit/s down, 400 kbit/s up, 400 ms round trip");
    expect(table).toContain("Some budgets fail (✗).");
  });

  it("formats bytes as KB and milliseconds as seconds", () => {
    expect(formatKB(12_345)).toBe("12.1");
    expect(formatSeconds(1234.5)).toBe("1.23");
    expect(formatSeconds(null)).toBe("–");
  });
});
