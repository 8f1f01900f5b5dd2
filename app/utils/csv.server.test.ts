import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { neutraliseCell, restoreCell } from "./csv-cells";
import { writeCsv } from "./csv.server";

describe("neutraliseCell", () => {
  it("writes a cell a spreadsheet would run as a formula as text", () => {
    expect(neutraliseCell('=HYPERLINK("http://evil.example","x")')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(neutraliseCell("+44 20 7946 0000")).toBe("'+44 20 7946 0000");
    expect(neutraliseCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(neutraliseCell("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(neutraliseCell("\t=1+1")).toBe("'\t=1+1");
    expect(neutraliseCell("\r=1+1")).toBe("'\r=1+1");
  });

  it("keeps plain numbers (negative ones too) and ordinary text as they are", () => {
    for (const value of ["-12.50", "12.50", "-3", "0", "", "Paper Towels", "a=b", "ORD-000123"]) {
      expect(neutraliseCell(value)).toBe(value);
    }
    expect(neutraliseCell("-12.50 credit")).toBe("'-12.50 credit");
  });

  it("reads back exactly what was written, even text that already began with quotes", () => {
    for (const value of ["=1+1", "'=1+1", "''@x", "-12.50", "'-12.50", "'quoted'", "plain", "-", "+"]) {
      expect(restoreCell(neutraliseCell(value))).toBe(value);
    }
  });
});

describe("writeCsv", () => {
  it("neutralises every text cell and leaves numbers and the header alone", () => {
    const csv = writeCsv(
      [
        ["=cmd", -12.5, "-12.50", null],
        ["@x", 3, "ok", "+1"],
      ],
      { header: true, columns: ["name", "amount", "money", "note"] },
    );
    expect(parse(csv)).toEqual([
      ["name", "amount", "money", "note"],
      ["'=cmd", "-12.5", "-12.50", ""],
      ["'@x", "3", "ok", "'+1"],
    ]);
  });

  it("is the only writer of CSV in the app", () => {
    const appDir = path.resolve(__dirname, "..");
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") && fs.readFileSync(full, "utf8").includes('from "csv-stringify')) {
          writers.push(path.relative(appDir, full));
        }
      }
    };
    walk(appDir);
    expect(writers).toEqual([path.join("utils", "csv.server.ts")]);
  });
});
