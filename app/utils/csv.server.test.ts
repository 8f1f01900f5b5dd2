import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutraliseCell, restoreCell } from "./csv-cells";
import { csvByteStream, CsvLimitError, CsvRowGuard, csvReadProblem, readCsvText, writeCsv, type CsvRows } from "./csv.server";

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
    expect(appFilesContaining('from "csv-stringify')).toEqual([path.join("utils", "csv.server.ts")]);
  });
});

/** Every file under app/ (tests aside) whose text includes `needle`, relative to app/. */
function appFilesContaining(needle: string) {
  const appDir = path.resolve(__dirname, "..");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") && fs.readFileSync(full, "utf8").includes(needle)) {
        found.push(path.relative(appDir, full));
      }
    }
  };
  walk(appDir);
  return found;
}

const WIDE = "Row 2 has more than 500 columns: a CSV file may have at most 500. Delete the columns that are not needed (empty ones too) and save it again";

describe("reading CSV within the limits", () => {
  it("is the only reader of CSV in the app: every import shares its limits", () => {
    expect(appFilesContaining('from "csv-parse')).toEqual([path.join("utils", "csv.server.ts")]);
  });

  it("reads a 500-column file", () => {
    const header = Array.from({ length: 500 }, (_, i) => `c${i + 1}`).join(",");
    const row = Array.from({ length: 500 }, (_, i) => String(i + 1)).join(",");
    const records = readCsvText(`${header}\n${row}\n`);
    expect(records.map((record) => record.length)).toEqual([500, 500]);
  });

  it("refuses a row of 501 cells, naming the row and the limit", () => {
    const text = `sku,quantity\n${",".repeat(500)}\n`;
    expect(() => readCsvText(text)).toThrow(WIDE);
    expect(() => readCsvText(`${"c,".repeat(500)}c\n`)).toThrow(/^Row 1 has more than 500 columns/);
  });

  it("refuses one row of 24 million empty cells as soon as it passes the limit", () => {
    let thrown: unknown;
    try {
      readCsvText(`sku,quantity\n${",".repeat(24_000_000)}`);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CsvLimitError);
    expect(csvReadProblem(thrown)).toEqual({ message: WIDE, row: 2 });
  });

  it("refuses a row of more than a million characters (a quote left open runs to the end of the file)", () => {
    const open = `sku,quantity\nA1,3\n"${"never closed, ".repeat(80_000)}\n`;
    expect(() => readCsvText(open)).toThrow(
      "Row 3 is longer than 1,000,000 characters, the most a CSV row may have. Check that every quoted cell is closed, then save it again",
    );
    // the same characters spread over rows are fine
    expect(readCsvText(`sku,quantity\n${`${"A".repeat(1000)},3\n`.repeat(1100)}`)).toHaveLength(1101);
  });

  it("counts what csv-parse reads: commas inside quotes, quotes inside cells, \\r\\n, \\r and a byte order mark", () => {
    const inQuotes = `name,notes\n"${",".repeat(600)}",x\n`;
    expect(readCsvText(inQuotes)[1]).toHaveLength(2);
    const escaped = `a,"He said ""${",".repeat(600)}"" twice"\r\n`;
    expect(readCsvText(escaped)[0]).toHaveLength(2);
    const guard = () => new CsvRowGuard({ maxCells: 3 });
    expect(() => guard().feed(Buffer.from("\uFEFFa,b,c\rd,e,f,g\r"))).toThrow(/^Row 2 has/);
    // a byte order mark split over two pieces is still not part of the first cell
    const split = guard();
    const bytes = Buffer.from('\uFEFF"x\r",b,c,d\n');
    split.feed(bytes.subarray(0, 1));
    split.feed(bytes.subarray(1, 2));
    expect(() => split.feed(bytes.subarray(2))).toThrow(/^Row 1 has/);
    expect(() => guard().feed(Buffer.from('a,b"c,d\n'))).not.toThrow(); // a quote inside a cell is text
    expect(() => guard().feed(Buffer.from('a,b"c,d,e\n'))).toThrow(/^Row 1 has/);
  });

  it("says why a file that is not CSV could not be read", () => {
    let thrown: unknown;
    try {
      readCsvText('sku,quantity\n"A1,3\n');
    } catch (error) {
      thrown = error;
    }
    expect(csvReadProblem(thrown).message).toMatch(/^The file could not be read as CSV: /);
  });

  // CsvRowGuard follows the file without csv-parse: for any text csv-parse reads, the guard's count of the
  // widest row's cells must be csv-parse's, whichever pieces the text arrives in
  const csvText = fc.array(fc.constantFrom(",", ";", '"', "\n", "\r", " ", "\t", "a", "é", "\uFEFF"), { maxLength: 60 }).map((parts) => parts.join(""));

  it.each([
    { delimiter: ",", trim: false },
    { delimiter: ";", trim: false },
    { delimiter: ",", trim: true },
  ] as const)("counts each row's cells as csv-parse does (%o)", ({ delimiter, trim }) => {
    fc.assert(
      fc.property(csvText, fc.array(fc.nat(60), { maxLength: 4 }), (text, cuts) => {
        let records: string[][];
        try {
          records = parse(text, { bom: true, delimiter, trim, relax_column_count: true, relax_quotes: true });
        } catch {
          return; // not CSV at all: csv-parse says so itself
        }
        const widest = Math.max(1, ...records.map((record) => record.length));
        const bytes = Buffer.from(text);
        const pieces = [...new Set([0, ...cuts.map((cut) => Math.min(cut, bytes.length)), bytes.length])].sort((a, b) => a - b);
        const follow = (maxCells: number) => {
          const guard = new CsvRowGuard({ delimiter, trim, maxCells });
          for (let i = 1; i < pieces.length; i += 1) guard.feed(bytes.subarray(pieces[i - 1], pieces[i]));
        };
        follow(widest); // within the limit
        if (widest > 1) {
          const row = records.findIndex((record) => record.length === widest) + 1;
          expect(() => follow(widest - 1)).toThrow(new RegExp(`^Row ${row} has more than`));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("csvByteStream", () => {
  /** Batches of two rows, counting how many were read and whether the reading was ended. */
  function counted(batches: number) {
    const seen = { read: 0, ended: false };
    function* rows(): Generator<CsvRows> {
      try {
        for (let i = 0; i < batches; i += 1) {
          seen.read += 1;
          yield i === 1 ? [] : [[`=row ${i}`, i, null], [`two\nlines, "quoted"`, -i, true]];
        }
      } finally {
        seen.ended = true;
      }
    }
    return { seen, rows: rows() };
  }

  it("writes the bytes writeCsv writes for the whole file, an empty batch writing nothing", async () => {
    const { rows } = counted(4);
    const whole = writeCsv([["name", "n", "note"], ...[...counted(4).rows].flat()]);
    expect(await new Response(csvByteStream(["name", "n", "note"], rows)).text()).toBe(whole);
    expect(whole.startsWith("name,n,note\n'=row 0,0,\n")).toBe(true);
  });

  it("reads a batch only when the reader wants more, and no more once the reader cancels", async () => {
    const { seen, rows } = counted(1_000);
    const reader = csvByteStream(["name", "n", "note"], rows).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("name,n,note\n");
    await reader.read();
    await reader.read();
    expect(seen.read).toBeLessThanOrEqual(4);
    await reader.cancel();
    const read = seen.read;
    expect(seen.ended).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.read).toBe(read);
  });
});
