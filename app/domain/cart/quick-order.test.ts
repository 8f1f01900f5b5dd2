import { describe, expect, it } from "vitest";
import {
  CSV_HEADER_MISSING,
  CSV_TOO_MANY_ROWS,
  keepLines,
  parsePositiveQuantity,
  parseQuickEntry,
  parseQuickOrderCsv,
} from "./quick-order";
import { chooseOptions, parseOptionText } from "./quick-order-options";
import {
  CSV_FILE_EMPTY,
  CSV_FILE_REQUIRED,
  CSV_FILE_TOO_LARGE,
  CSV_FILE_WRONG_TYPE,
  addedMessage,
  summariseErrors,
  MAX_CSV_BYTES,
  QUICK_ENTRY_REQUIRED,
  QUICK_ENTRY_TOO_LONG,
  csvUploadSchema,
  parseQuickOrderTab,
  quickEntrySchema,
  quickOrderHref,
} from "./quick-order.schema";

describe("option values on a Quick Entry line", () => {
  const vest = (options: { name: string; value: string }[], quantity = 5) => ({
    lines: [{ lineNumber: 1, sku: "HIVIS-VEST", quantity, options }],
    errors: [],
  });

  it.each([
    ["commas", "HIVIS-VEST, Size=L, 5"],
    ["spaces", "HIVIS-VEST Size=L 5"],
    ["tabs", "HIVIS-VEST\tSize=L\t5"],
    ["spaces around the equals sign", "HIVIS-VEST, Size = L, 5"],
    ["a semicolon", "HIVIS-VEST; Size=L; 5"],
  ])("reads Name=Value between the SKU and the quantity, separated by %s", (_, line) => {
    expect(parseQuickEntry(line)).toEqual(vest([{ name: "Size", value: "L" }]));
  });

  it("reads several options, with spaces or commas, keeping the case typed", () => {
    const both = [
      { name: "Size", value: "L" },
      { name: "Colour", value: "Yellow" },
    ];
    expect(parseQuickEntry("HIVIS-VEST Size=L Colour=Yellow 5")).toEqual(vest(both));
    expect(parseQuickEntry("HIVIS-VEST, Size=L, Colour=Yellow, 5")).toEqual(vest(both));
    expect(parseQuickEntry("hivis-vest size=l colour=yellow 2").lines[0]).toMatchObject({
      sku: "hivis-vest",
      options: [
        { name: "size", value: "l" },
        { name: "colour", value: "yellow" },
      ],
    });
  });

  it("lets a value (or, after a comma, a name) hold spaces", () => {
    expect(parseQuickEntry("POLO-WORK Size=L Colour=Bottle Green 3").lines[0].options).toEqual([
      { name: "Size", value: "L" },
      { name: "Colour", value: "Bottle Green" },
    ]);
    expect(parseQuickEntry("Work Polo Shirt, Pack Size=Twin Pack, 3").lines[0]).toMatchObject({
      sku: "Work Polo Shirt",
      options: [{ name: "Pack Size", value: "Twin Pack" }],
    });
  });

  it.each([
    ["a blank value", "HIVIS-VEST, Size=, 5"],
    ["a blank name", "HIVIS-VEST, =L, 5"],
    ["the same option twice", "HIVIS-VEST Size=L size=M 5"],
    ["options but no SKU", "Size=L, 5"],
    ["options but no quantity", "HIVIS-VEST, Size=L"],
    ["a word after a comma that is not an option", "HIVIS-VEST, Size=L, large, 5"],
  ])("answers %s as an invalid format", (_, line) => {
    expect(parseQuickEntry(line)).toEqual({ lines: [], errors: [{ lineNumber: 1, message: `Line 1: Invalid format "${line}"` }] });
  });

  it("parseOptionText reads an Options cell", () => {
    expect(parseOptionText("Size=L; Colour=Yellow")).toEqual([
      { name: "Size", value: "L" },
      { name: "Colour", value: "Yellow" },
    ]);
    expect(parseOptionText("L")).toBeNull();
  });
});

describe("chooseOptions", () => {
  const groups = [
    { name: "Size", options: ["S", "M", "L", "XL"] },
    { name: "Colour", options: ["Yellow", "Orange"] },
  ];

  it("picks the product's own spelling, without regard to case", () => {
    expect(chooseOptions("hivis-vest", groups, [{ name: "size", value: "l" }, { name: "COLOUR", value: "orange" }])).toEqual({
      ok: true,
      selectedVariants: { Size: "L", Colour: "Orange" },
    });
  });

  it("names every option that is missing, with its choices", () => {
    expect(chooseOptions("HIVIS-VEST", groups, [{ name: "Colour", value: "Yellow" }])).toEqual({
      ok: false,
      problem: '"HIVIS-VEST" needs Size (S, M, L, XL)',
    });
    expect(chooseOptions("HIVIS-VEST", groups)).toEqual({
      ok: false,
      problem: '"HIVIS-VEST" needs Size (S, M, L, XL) and Colour (Yellow, Orange)',
    });
  });

  it("refuses a value the product does not offer and an option it does not have", () => {
    expect(chooseOptions("HIVIS-VEST", groups, [{ name: "Size", value: "XXL" }, { name: "Colour", value: "Yellow" }])).toEqual({
      ok: false,
      problem: 'Size "XXL" is not an option of HIVIS-VEST (S, M, L, XL)',
    });
    expect(chooseOptions("HIVIS-VEST", groups, [{ name: "Width", value: "Wide" }])).toEqual({
      ok: false,
      problem: '"HIVIS-VEST" has no option "Width": choose Size and Colour',
    });
    expect(chooseOptions("FLOUR", [], [{ name: "Size", value: "L" }])).toEqual({ ok: false, problem: '"FLOUR" has no option "Size"' });
  });

  it("uses a CSV's other columns only where the product has that option", () => {
    const columns = [
      { name: "Size", value: "m" },
      { name: "Colour", value: "Yellow" },
      { name: "Site", value: "Leeds depot" },
    ];
    expect(chooseOptions("HIVIS-VEST", groups, [], columns)).toEqual({ ok: true, selectedVariants: { Size: "M", Colour: "Yellow" } });
    expect(chooseOptions("FLOUR", [], [], columns)).toEqual({ ok: true, selectedVariants: {} });
  });
});

describe("parseQuickEntry", () => {
  it.each([
    ["comma", "plain-flour,5"],
    ["comma and space", "plain-flour, 5"],
    ["spaces around the comma", "plain-flour  ,  5"],
    ["tab", "plain-flour\t5"],
    ["space", "plain-flour 5"],
    ["several spaces", "plain-flour     5"],
    ["surrounding whitespace", "   plain-flour, 5   "],
  ])("reads SKU and quantity split by %s", (_, line) => {
    expect(parseQuickEntry(line)).toEqual({ lines: [{ lineNumber: 1, sku: "plain-flour", quantity: 5 }], errors: [] });
  });

  it("keeps the spaces of a product name typed in full: the quantity is the last item", () => {
    expect(parseQuickEntry("Penne Pasta 3kg, 4\nCatering Tea Bags (1,100)\t2").lines).toEqual([
      { lineNumber: 1, sku: "Penne Pasta 3kg", quantity: 4 },
      { lineNumber: 2, sku: "Catering Tea Bags (1,100)", quantity: 2 },
    ]);
  });

  it("takes a SKU quoted the way a spreadsheet quotes a cell", () => {
    expect(parseQuickEntry('"Tea, Strong", 3').lines).toEqual([{ lineNumber: 1, sku: "Tea, Strong", quantity: 3 }]);
  });

  it.each(["0", "-1", "1.5", "abc", "5.0", "+5", "1e3", "99999999999999999999"])(
    'answers quantity %s with \'Line N: Invalid format "..."\'',
    (quantity) => {
      const line = `plain-flour, ${quantity}`;
      expect(parseQuickEntry(`good-one, 1\n${line}`)).toEqual({
        lines: [{ lineNumber: 1, sku: "good-one", quantity: 1 }],
        errors: [{ lineNumber: 2, message: `Line 2: Invalid format "${line}"` }],
      });
    },
  );

  it.each([
    ["a SKU without a quantity", "plain-flour"],
    ["a quantity without a SKU", ", 5"],
    ["a lone number", "5"],
    ["an extra column", "plain-flour, 5, urgent"],
  ])("answers %s as an invalid format", (_, line) => {
    expect(parseQuickEntry(line).errors).toEqual([{ lineNumber: 1, message: `Line 1: Invalid format "${line.trim()}"` }]);
  });

  it("skips blank lines but counts them, so Line N is the line the buyer sees in the box", () => {
    const result = parseQuickEntry("\nplain-flour, 2\n   \n\t\nbad line here\r\npenne-pasta-3kg 1\r\n\n");
    expect(result.lines).toEqual([
      { lineNumber: 2, sku: "plain-flour", quantity: 2 },
      { lineNumber: 6, sku: "penne-pasta-3kg", quantity: 1 },
    ]);
    expect(result.errors).toEqual([{ lineNumber: 5, message: 'Line 5: Invalid format "bad line here"' }]);
  });

  it("ignores a pasted 'SKU, Quantity' header on the first line only", () => {
    expect(parseQuickEntry("\nSKU, Quantity\nflour, 1")).toEqual({
      lines: [{ lineNumber: 3, sku: "flour", quantity: 1 }],
      errors: [],
    });
    expect(parseQuickEntry("flour, 1\nsku,qty").errors).toEqual([
      { lineNumber: 2, message: 'Line 2: Invalid format "sku,qty"' },
    ]);
  });

  it("drops a byte-order mark and reads nothing from an empty text", () => {
    expect(parseQuickEntry("\uFEFFflour, 1").lines).toEqual([{ lineNumber: 1, sku: "flour", quantity: 1 }]);
    expect(parseQuickEntry("")).toEqual({ lines: [], errors: [] });
    expect(parseQuickEntry("\n \n")).toEqual({ lines: [], errors: [] });
  });

  it("shortens a very long line in its message", () => {
    const line = `x${"y".repeat(200)}`;
    const [error] = parseQuickEntry(line).errors;
    expect(error.message).toBe(`Line 1: Invalid format "${line.slice(0, 79)}…"`);
  });
});

describe("parsePositiveQuantity", () => {
  it("accepts whole numbers of at least 1 written with digits", () => {
    expect(parsePositiveQuantity("1")).toBe(1);
    expect(parsePositiveQuantity(" 007 ")).toBe(7);
    expect(parsePositiveQuantity("100000")).toBe(100000);
    for (const bad of ["0", "-1", "1.5", "abc", "", " ", "1,000", "0x10"]) expect(parsePositiveQuantity(bad)).toBeNull();
  });
});

describe("keepLines", () => {
  it("gives back the lines with the given numbers, counting blank lines", () => {
    expect(keepLines("a 1\n\nb x\r\nc 2\nd", [3, 5])).toBe("b x\nd");
    expect(keepLines("a 1", [])).toBe("");
  });
});

describe("parseQuickOrderCsv", () => {
  it("reads the SKU and Quantity columns under the header; Row N counts the header as row 1", () => {
    expect(parseQuickOrderCsv("SKU,Quantity\nplain-flour,5\npenne-pasta-3kg,2\n")).toEqual({
      rows: [
        { rowNumber: 2, sku: "plain-flour", quantity: 5 },
        { rowNumber: 3, sku: "penne-pasta-3kg", quantity: 2 },
      ],
      errors: [],
    });
  });

  it("finds the columns by name, in any order and any case, ignoring other columns", () => {
    const csv = "Notes, quantity ,Description,sku\nurgent,3,Flour,plain-flour\n";
    expect(parseQuickOrderCsv(csv).rows).toEqual([{ rowNumber: 2, sku: "plain-flour", quantity: 3 }]);
    expect(parseQuickOrderCsv("Product SKU;Qty\nflour;4").rows).toEqual([{ rowNumber: 2, sku: "flour", quantity: 4 }]);
  });

  it("skips rows with a bad SKU or quantity silently, and keeps the row numbers of the rest", () => {
    const csv = [
      "SKU,Quantity",
      "plain-flour,2",
      ",5",
      "penne-pasta-3kg,0",
      "rice,-1",
      "oil,1.5",
      "tea,abc",
      "sugar,",
      "",
      "eggs,6",
    ].join("\r\n");
    expect(parseQuickOrderCsv(csv)).toEqual({
      rows: [
        { rowNumber: 2, sku: "plain-flour", quantity: 2 },
        { rowNumber: 10, sku: "eggs", quantity: 6 },
      ],
      errors: [],
    });
  });

  it("handles a byte-order mark (Excel's 'CSV UTF-8') and quoted cells", () => {
    const csv = '\uFEFF"SKU","Quantity"\n"Catering Tea Bags (1,100)","3"\n';
    expect(parseQuickOrderCsv(csv).rows).toEqual([{ rowNumber: 2, sku: "Catering Tea Bags (1,100)", quantity: 3 }]);
  });

  it("counts a quoted cell over several lines as one row", () => {
    const csv = 'SKU,Quantity,Note\nflour,1,"two\nlines"\nrice,2,\n';
    expect(parseQuickOrderCsv(csv).rows).toEqual([
      { rowNumber: 2, sku: "flour", quantity: 1 },
      { rowNumber: 3, sku: "rice", quantity: 2 },
    ]);
  });

  it("reads a file whose first row is plainly an item as having no header", () => {
    expect(parseQuickOrderCsv("plain-flour,5\nrice,2").rows).toEqual([
      { rowNumber: 1, sku: "plain-flour", quantity: 5 },
      { rowNumber: 2, sku: "rice", quantity: 2 },
    ]);
  });

  it("refuses a file whose first row is neither a header nor an item", () => {
    expect(parseQuickOrderCsv("Product,Amount\nflour,5")).toEqual({
      rows: [],
      errors: [{ rowNumber: 1, message: CSV_HEADER_MISSING }],
    });
  });

  it("says when the file is not CSV at all, and adds nothing", () => {
    const result = parseQuickOrderCsv('SKU,Quantity\n"flour,5\n');
    expect(result.rows).toEqual([]);
    expect(result.errors[0].message).toMatch(/^The file could not be read as CSV: /);
  });

  it("reads an empty file, or a header alone, as no rows", () => {
    expect(parseQuickOrderCsv("")).toEqual({ rows: [], errors: [] });
    expect(parseQuickOrderCsv("SKU,Quantity\n")).toEqual({ rows: [], errors: [] });
  });

  it("reads option columns and an Options column", () => {
    const csv = ["SKU,Quantity,Size,Colour,Notes", "HIVIS-VEST,5,L,Yellow,for site", "FLOUR,2,,,"].join("\n");
    expect(parseQuickOrderCsv(csv).rows).toEqual([
      {
        rowNumber: 2,
        sku: "HIVIS-VEST",
        quantity: 5,
        columns: [
          { name: "Size", value: "L" },
          { name: "Colour", value: "Yellow" },
        ],
      },
      { rowNumber: 3, sku: "FLOUR", quantity: 2 },
    ]);
    const withCell = parseQuickOrderCsv('SKU,Qty,Options\nHIVIS-VEST,5,"Size=L; Colour=Yellow"\nHIVIS-VEST,1,large\n');
    expect(withCell.rows).toEqual([
      {
        rowNumber: 2,
        sku: "HIVIS-VEST",
        quantity: 5,
        options: [
          { name: "Size", value: "L" },
          { name: "Colour", value: "Yellow" },
        ],
      },
    ]);
    expect(withCell.errors).toEqual([{ rowNumber: 3, message: 'Row 3: Options "large" should read Name=Value; Name=Value' }]);
  });

  it("refuses more than 1,000 item rows", () => {
    const csv = ["SKU,Quantity", ...Array.from({ length: 1001 }, (_, i) => `item-${i},1`)].join("\n");
    expect(parseQuickOrderCsv(csv)).toEqual({ rows: [], errors: [{ rowNumber: 2, message: CSV_TOO_MANY_ROWS }] });
  });
});

describe("result messages", () => {
  it("shows only the first three errors and counts the rest", () => {
    expect(summariseErrors(["a", "b"])).toEqual({ shown: ["a", "b"], more: 0 });
    expect(summariseErrors(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
    expect(addedMessage(1)).toBe("Added 1 product(s) to cart");
  });
});

describe("quick order forms", () => {
  it("wants at least one non-blank line and at most 1,000", () => {
    const parse = (lines: unknown) => quickEntrySchema.safeParse({ intent: "entry", lines });
    expect(parse("flour, 1").success).toBe(true);
    expect(parse(" \n ").error?.issues[0].message).toBe(QUICK_ENTRY_REQUIRED);
    expect(parse(undefined).error?.issues[0].message).toBe(QUICK_ENTRY_REQUIRED);
    expect(parse(Array.from({ length: 1001 }, () => "a 1").join("\n")).error?.issues[0].message).toBe(QUICK_ENTRY_TOO_LONG);
    expect(parse(Array.from({ length: 1000 }, () => "a 1").join("\n\n")).success).toBe(true);
  });

  it("takes a CSV file of up to 1 MB", () => {
    const parse = (file: unknown) => csvUploadSchema.safeParse({ intent: "csv", file });
    expect(parse(new File(["SKU,Quantity\n"], "order.csv", { type: "text/csv" })).success).toBe(true);
    expect(parse(new File(["SKU,Quantity\n"], "ORDER.CSV", { type: "application/vnd.ms-excel" })).success).toBe(true);
    expect(parse(undefined).error?.issues[0].message).toBe(CSV_FILE_REQUIRED);
    expect(parse(new File([], "order.csv")).error?.issues[0].message).toBe(CSV_FILE_EMPTY);
    expect(parse(new File(["x".repeat(MAX_CSV_BYTES + 1)], "order.csv")).error?.issues[0].message).toBe(CSV_FILE_TOO_LARGE);
    expect(parse(new File(["%PDF"], "order.pdf", { type: "application/pdf" })).error?.issues[0].message).toBe(
      CSV_FILE_WRONG_TYPE,
    );
  });

  it("reads the tab from the URL, Quick Entry by default", () => {
    expect(parseQuickOrderTab("csv")).toBe("csv");
    expect(parseQuickOrderTab("reorder")).toBe("reorder");
    expect(parseQuickOrderTab("admin")).toBe("entry");
    expect(parseQuickOrderTab(null)).toBe("entry");
    expect(quickOrderHref("entry")).toBe("/quick-order");
    expect(quickOrderHref("csv", "abc")).toBe("/quick-order?tab=csv&result=abc");
  });
});
