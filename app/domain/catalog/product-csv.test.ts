import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { productCsvSample } from "~db/seed/product-csv-sample";
import {
  EXPORT_COLUMNS,
  exportFileName,
  htmlToText,
  optionCombinations,
  parseProductCsv,
  ProductCsvReader,
  ProductCsvSurvey,
  shopifyRowsFor,
  textToHtml,
  type ExportProduct,
} from "./product-csv";

const column = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);

describe("htmlToText (the sanitiser)", () => {
  it("keeps the words and drops every tag, script, style and comment", () => {
    expect(
      htmlToText(
        '<h2>Strong</h2><p>Made <b>here</b>,<br>in <a href="javascript:x">Leeds</a>.</p><script>alert(1)</script><style>p{}</style><!-- note --><img src=x onerror=alert(1)>',
      ),
    ).toBe("Strong\n\nMade here,\nin Leeds.");
  });

  it("turns lists into '- ' lines and decodes entities once", () => {
    expect(htmlToText("<ul><li>One &amp; two</li><li>&lt;b&gt; &#8211; &#x2014; &pound;5 &amp;amp;</li></ul>")).toBe(
      "- One & two\n- <b> – — £5 &amp;",
    );
  });

  it("is the inverse of textToHtml for any stored description", () => {
    for (const text of [
      "Plain",
      'Line one "quoted" <b>x</b> & y\nLine two\n\nParagraph two: 100%',
      "- bullet\n- list",
      "Tom's café — £1.50 &amp; more",
    ]) {
      expect(htmlToText(textToHtml(text))).toBe(text);
    }
    expect(textToHtml("a < b\n\nc")).toBe("<p>a &lt; b</p><p>c</p>");
  });
});

describe("parseProductCsv: simple rows", () => {
  it("matches headers ignoring case and spaces, derives slugs, and leaves absent columns out", () => {
    const parsed = parseProductCsv("Name,Sales Price,Stock Level\nPaper Towels,2.50,50\n");
    expect(parsed).toEqual({
      ok: true,
      value: {
        format: "simple",
        errors: [],
        items: [{ row: 2, slug: "paper-towels", fields: { name: "Paper Towels", salesPrice: 250, stockLevel: 50 } }],
      },
    });
  });

  it("reports each bad row with its row number and keeps the good ones", () => {
    const parsed = parseProductCsv(
      ["slug,name,salesPrice,costPrice,stockLevel", "a,A,1.00,,1", "b,B,one,,1", ",,,", "a,A again,1,,1", "c,C,2,x,1", "d,D,2,1,1.5"].join("\n"),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items.map((item) => item.slug)).toEqual(["a"]);
    expect(parsed.value.errors).toEqual([
      { row: 3, message: 'salesPrice "one" is not an amount in pounds, like 12.50' },
      { row: 5, message: 'slug "a" is already on row 2' },
      { row: 6, message: 'costPrice "x" is not an amount in pounds, like 12.50' },
      { row: 7, message: 'stockLevel "1.5" is not a whole number' },
    ]);
  });

  it("refuses a file that is neither layout, or has no rows", () => {
    expect(parseProductCsv("sku,quantity\nA,1\n")).toMatchObject({ ok: false });
    expect(parseProductCsv("slug,name\n")).toEqual({ ok: false, message: "The file has a header but no product rows." });
    expect(parseProductCsv("")).toEqual({ ok: false, message: "The file is empty." });
  });
});

describe("parseProductCsv: Shopify", () => {
  const header = "Handle,Title,Body (HTML),Product Category,Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Inventory Qty,Variant Price,Cost per item,Image Src,Variant Taxable";

  it("groups rows by Handle: the first row's fields, summed stock, distinct option values", () => {
    const parsed = parseProductCsv(
      [
        header,
        "mug,Mug,<p>Big mug</p>,Home > Kitchen > Mugs,,Colour,Red,Size,S,3,4.00,2.00,https://x.test/m.jpg,FALSE",
        "mug,,,,,,Red,,L,-2,4.50,,,",
        "mug,,,,,,Blue,,S,5,4.00,,https://x.test/b.jpg,",
      ].join("\n"),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items).toEqual([
      {
        row: 2,
        slug: "mug",
        fields: {
          name: "Mug",
          description: "Big mug",
          categoryName: "Mugs",
          salesPrice: 400,
          costPrice: 200,
          stockLevel: 8,
          imageUrl: "https://x.test/m.jpg",
          taxable: false,
        },
        variants: [
          { name: "Colour", options: ["Red", "Blue"] },
          { name: "Size", options: ["S", "L"] },
        ],
      },
    ]);
  });

  it("Title / Default Title means no variants; a value without an option name is an error", () => {
    const parsed = parseProductCsv([header, "hat,Hat,,,Hats,Title,Default Title,,,1,2.00,,,", "cap,Cap,,,Hats,,Red,,,1,2.00,,,"].join("\n"));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items).toMatchObject([{ slug: "hat", variants: [], fields: { categoryName: "Hats" } }]);
    expect(parsed.value.errors).toEqual([{ row: 3, message: "Option1 Value is given but Option1 Name is missing" }]);
  });
});

describe("shopifyRowsFor", () => {
  const product: ExportProduct = {
    slug: "vest",
    sku: "HIVIS-VEST",
    name: "Vest",
    description: "Bright",
    categoryName: "PPE",
    salesPrice: 249,
    costPrice: 145,
    vatRate: 2000,
    stockLevel: 30,
    imageUrl: "https://x.test/v.jpg",
    minOrderQuantity: null,
    orderMultiple: null,
    packLabel: null,
    unitsPerPack: null,
    variants: [
      { name: "Size", options: ["S", "M"] },
      { name: "Colour", options: ["Yellow", "Orange"] },
    ],
    barcodes: [],
    optionBarcodes: [],
    variantPackRules: [],
  };

  it("writes the variants' pack rule overrides a line each and reads them back; a bad one is a row error", () => {
    const variantPackRules = [
      { variant: "Size", fields: { minOrderQuantity: 12, orderMultiple: null, packLabel: null, unitsPerPack: null } },
      { variant: "Colour", fields: { minOrderQuantity: null, orderMultiple: 6, packLabel: "case of 6; mixed", unitsPerPack: 6 } },
    ];
    const rows = shopifyRowsFor({ ...product, variantPackRules });
    const cell = column("Variant pack rules (product.metafields.custom.variant_pack_rules)");
    expect(rows[0][cell]).toBe("Size = 12;;;\nColour = ;6;6;case of 6; mixed");
    const parsed = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.errors).toEqual([]);
    expect(parsed.value.items[0].fields.variantPackRules).toEqual(variantPackRules);

    rows[0][cell] = "Weight = 1;;;";
    const unknown = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!unknown.ok) throw new Error(unknown.message);
    expect(unknown.value.errors[0].message).toMatch(/^Variant pack rules: "Weight = 1;;;" should start with one of this product's variants/);
    rows[0][cell] = "Size = 0;;;";
    const zero = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!zero.ok) throw new Error(zero.message);
    expect(zero.value.errors[0].message).toMatch(/^Variant pack rules \(Size\): Minimum order quantity/);
  });

  it("writes the options' codes on the first row, a line per option, and reads them back", () => {
    const optionBarcodes = [
      { variant: "Size", option: "S", codes: ["5012345678900", "VEST-S"] },
      { variant: "Colour", option: "Orange", codes: ["96385074"] },
    ];
    const rows = shopifyRowsFor({ ...product, optionBarcodes });
    expect(rows.map((row) => row[column("Option barcodes (product.metafields.custom.option_barcodes)")])).toEqual([
      "Size: S = 5012345678900|VEST-S\nColour: Orange = 96385074",
      "",
      "",
      "",
    ]);
    // two variants: a row is a combination of options, so Shopify's one code a row is not written
    expect(rows.map((row) => row[column("Variant Barcode")])).toEqual(["", "", "", ""]);
    const parsed = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.errors).toEqual([]);
    expect(
      parsed.value.items[0].fields.optionBarcodes?.map((entry) => [entry.variant, entry.option, entry.codes.map((code) => code.code)]),
    ).toEqual([
      ["Size", "S", ["5012345678900", "VEST-S"]],
      ["Colour", "Orange", ["96385074"]],
    ]);
  });

  it("writes Shopify's Variant Barcode where a row is one thing: the product, or one option of its only variant", () => {
    const single = { ...product, variants: [{ name: "Size", options: ["S", "M"] }], optionBarcodes: [{ variant: "Size", option: "M", codes: ["96385074", "VEST-M"] }] };
    expect(shopifyRowsFor(single).map((row) => row[column("Variant Barcode")])).toEqual(["", "96385074"]);
    const plain = { ...product, variants: [], barcodes: ["5012345678900", "OWN-2"] };
    expect(shopifyRowsFor(plain).map((row) => row[column("Variant Barcode")])).toEqual(["5012345678900"]);
  });

  it("refuses an option barcodes line naming an option the product lacks, or a bad code, on the product's row", () => {
    const rows = shopifyRowsFor(product);
    const cell = column("Option barcodes (product.metafields.custom.option_barcodes)");
    rows[0][cell] = "Size: XL = 5012345678900";
    const parsed = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.errors).toEqual([
      { row: 2, message: 'Option barcodes: "Size: XL" is not an option of this product (Size: S, Size: M, Colour: Yellow, Colour: Orange)' },
    ]);
    rows[0][cell] = "Size: S = 5012345678901";
    const bad = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!bad.ok) throw new Error(bad.message);
    expect(bad.value.errors).toEqual([
      { row: 2, message: "Option barcodes (Size: S): EAN-13 5012345678901 has the wrong check digit: it ends in 1, the check digit should be 0" },
    ]);
  });

  it("writes the product's barcodes on its first row, separated by |, and reads them back in order", () => {
    const rows = shopifyRowsFor({ ...product, barcodes: ["5012345678900", "VEST-OWN-1", "96385074"] });
    expect(rows.map((row) => row[column("Barcodes (product.metafields.custom.barcodes)")])).toEqual([
      "5012345678900|VEST-OWN-1|96385074",
      "",
      "",
      "",
    ]);
    const parsed = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items[0].fields.barcodes?.map((barcode) => barcode.code)).toEqual(["5012345678900", "VEST-OWN-1", "96385074"]);
  });

  it("reads a simple row's barcodes column (| or ;), an empty cell as none, and refuses a wrong check digit", () => {
    const parsed = parseProductCsv(
      [
        "slug,name,salesPrice,barcodes",
        "vest,Vest,2.49,5012345678900; own-7",
        "cap,Cap,1.00,",
        "glove,Gloves,5.49,5012345678901",
      ].join("\n"),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items.map((item) => [item.slug, item.fields.barcodes?.map((barcode) => barcode.code)])).toEqual([
      ["vest", ["5012345678900", "OWN-7"]],
      ["cap", []],
    ]);
    expect(parsed.value.errors).toEqual([
      { row: 4, message: "barcodes: EAN-13 5012345678901 has the wrong check digit: it ends in 1, the check digit should be 0" },
    ]);
  });

  it("writes the pack rules in their metafield columns on the first row and reads them back exactly", () => {
    const packed = { ...product, minOrderQuantity: 12, orderMultiple: 6, packLabel: "case of 6", unitsPerPack: 6 };
    const rows = shopifyRowsFor(packed);
    expect(rows.map((row) => row[column("Order multiple (product.metafields.custom.order_multiple)")])).toEqual(["6", "", "", ""]);
    const parsed = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items[0].fields).toMatchObject({ minOrderQuantity: 12, orderMultiple: 6, packLabel: "case of 6", unitsPerPack: 6 });
    // no rule: blank cells, read back as no rule
    const plain = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...shopifyRowsFor(product)]));
    if (!plain.ok) throw new Error(plain.message);
    expect(plain.value.items[0].fields).toMatchObject({ minOrderQuantity: null, orderMultiple: null, packLabel: null, unitsPerPack: null });
  });

  it("reads pack rules in the simple row and refuses a bad one with its row", () => {
    const parsed = parseProductCsv(
      ["slug,name,salesPrice,orderMultiple,packLabel", "water,Water,3.96,6,case of 6", "cola,Cola,1.00,0,", "tea,Tea,1.00,2.5,"].join("\n"),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items.map((item) => [item.slug, item.fields.orderMultiple, item.fields.packLabel])).toEqual([["water", 6, "case of 6"]]);
    expect(parsed.value.errors).toEqual([
      { row: 3, message: "orderMultiple must be a whole number of 1 or more" },
      { row: 4, message: "orderMultiple must be a whole number of 1 or more" },
    ]);
  });

  it("writes one row per combination, the product on the first, the stock on the first", () => {
    const rows = shopifyRowsFor(product);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.length === EXPORT_COLUMNS.length)).toBe(true);
    expect(rows.map((row) => [row[column("Option1 Value")], row[column("Option2 Value")]])).toEqual([
      ["S", "Yellow"],
      ["S", "Orange"],
      ["M", "Yellow"],
      ["M", "Orange"],
    ]);
    expect(rows.map((row) => row[column("Variant Inventory Qty")])).toEqual(["30", "0", "0", "0"]);
    expect(rows.map((row) => row[column("Title")])).toEqual(["Vest", "", "", ""]);
    expect(rows[0][column("Option1 Name")]).toBe("Size");
    expect(rows[1][column("Option1 Name")]).toBe("");
    for (const row of rows) {
      expect(row[column("Variant Inventory Policy")]).toBe("deny");
      expect(row[column("Variant Fulfillment Service")]).toBe("manual");
      expect(row[column("Variant Weight Unit")]).toBe("kg");
      expect(row[column("Variant Price")]).toBe("2.49");
      expect(row[column("Cost per item")]).toBe("1.45");
    }
    expect(rows[0][column("Body (HTML)")]).toBe("<p>Bright</p>");
  });

  it("a product without variants is one Title / Default Title row", () => {
    const [row, ...rest] = shopifyRowsFor({ ...product, variants: [], vatRate: 0 });
    expect(rest).toEqual([]);
    expect(row[column("Option1 Name")]).toBe("Title");
    expect(row[column("Option1 Value")]).toBe("Default Title");
    expect(row[column("Variant Taxable")]).toBe("FALSE");
  });

  it("writes the SKU on the product's first row only, and reading the rows back keeps it", () => {
    const rows = shopifyRowsFor(product);
    expect(rows.map((row) => row[column("Variant SKU")])).toEqual(["HIVIS-VEST", "", "", ""]);
    const parsed = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items[0].fields.sku).toBe("HIVIS-VEST");
    expect(parsed.value.items[0].variants).toEqual(product.variants);
  });

  it("reads a SKU in capitals, refuses a malformed one and a code given to two products", () => {
    const parsed = parseProductCsv(
      ["slug,sku,name,salesPrice", "vest,hivis-vest ,Vest,2.49", "glove,NITRILE GLV,Gloves,5.49", "cap,HIVIS-VEST,Cap,1.00"].join("\n"),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items.map((item) => [item.slug, item.fields.sku])).toEqual([["vest", "HIVIS-VEST"]]);
    expect(parsed.value.errors).toEqual([
      { row: 3, message: 'sku "NITRILE GLV": Use letters, numbers, hyphens, underscores and full stops only' },
      { row: 4, message: "SKU HIVIS-VEST is already on row 2" },
    ]);
  });

  it("writes the VAT rate in its metafield column on the first row and reads it back; Taxable alone only says 0%", () => {
    const rows = shopifyRowsFor({ ...product, vatRate: 500 });
    expect(rows.map((row) => row[column("VAT rate (product.metafields.custom.vat_rate)")])).toEqual(["5", "", "", ""]);
    const parsed = parseProductCsv(stringify([[...EXPORT_COLUMNS], ...rows]));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value.items[0].fields.vatRate).toBe(500);

    const shopifyOnly = parseProductCsv(["Handle,Title,Variant Price,Variant Taxable", "zero,Zero,1.00,FALSE"].join("\n"));
    if (!shopifyOnly.ok) throw new Error(shopifyOnly.message);
    expect(shopifyOnly.value.items[0].fields).toMatchObject({ taxable: false });
    expect(shopifyOnly.value.items[0].fields.vatRate).toBeUndefined();

    const bad = parseProductCsv(["Handle,Title,VAT rate (product.metafields.custom.vat_rate)", "x,X,twenty"].join("\n"));
    if (!bad.ok) throw new Error(bad.message);
    expect(bad.value.errors).toEqual([{ row: 2, message: 'VAT rate "twenty" is not a percentage from 0 to 100, like 20 or 5' }]);
  });

  it("optionCombinations has the first option changing slowest", () => {
    expect(optionCombinations([{ name: "A", options: ["1", "2"] }, { name: "B", options: ["x"] }])).toEqual([["1", "x"], ["2", "x"]]);
  });

  it("names the file by the UK date", () => {
    expect(exportFileName(new Date("2026-03-29T23:30:00Z"))).toBe("products-2026-03-30.csv");
    expect(exportFileName(new Date("2026-01-15T23:30:00Z"))).toBe("products-2026-01-15.csv");
  });
});

describe("ProductCsvReader (records handed over one at a time)", () => {
  const header = ["Handle", "Title", "Vendor", "SEO Title", "Option1 Name", "Option1 Value", "Variant Price", "Variant Inventory Qty"];

  it("makes the same products as parseProductCsv, from rows of a Handle that are not together", () => {
    const rows = [
      header,
      ["mop", "Mop", "Acme", "Mop | Shop", "Size", "S", "4.00", "3"],
      ["bucket", "Bucket", "Acme", "", "Title", "Default Title", "2.50", "7"],
      ["mop", "", "", "", "", "L", "4.00", "2"],
      [],
      ["", "", "Acme", "", "", "", "", ""],
    ];
    const reader = new ProductCsvReader();
    for (const row of rows) reader.record(row);
    reader.skipped("Invalid Closing Quote");
    const outcome = reader.finish();
    if (!outcome.ok) throw new Error(outcome.message);
    const whole = parseProductCsv(stringify(rows.map((row) => (row.length ? row : [""]))));
    expect(whole.ok && whole.value.items).toEqual(outcome.value.items);
    expect(outcome.value.items).toEqual([
      { row: 2, slug: "mop", fields: { name: "Mop", salesPrice: 400, stockLevel: 5 }, variants: [{ name: "Size", options: ["S", "L"] }] },
      { row: 3, slug: "bucket", fields: { name: "Bucket", salesPrice: 250, stockLevel: 7 }, variants: [] },
    ]);
    // a row with a value only in a column the import does not read still counts, and lacks its Handle
    expect(outcome.value.errors).toEqual([
      { row: 6, message: "Handle is missing" },
      { row: 7, message: "The row could not be read as CSV (Invalid Closing Quote)" },
    ]);
  });

  it("knows from the header alone that a file is no product CSV", () => {
    const reader = new ProductCsvReader();
    reader.record(["colour", "size"]);
    expect(reader.refused).toBe(true);
    expect(reader.finish()).toMatchObject({ ok: false, message: expect.stringContaining("Handle column") });
  });
});

/** Hands the rows to a reader one at a time, as the parser does; answers what take() gave after each row. */
function readRows(reader: ProductCsvReader | ProductCsvSurvey, rows: string[][]) {
  const taken: string[][] = [];
  for (const row of rows) {
    reader.record(row);
    if (reader instanceof ProductCsvReader) taken.push(reader.take().map((item) => item.slug));
  }
  return taken;
}

describe("reading a large file twice: ProductCsvSurvey, then ProductCsvReader with its last rows", () => {
  const header = ["Handle", "Title", "Variant SKU", "Option1 Name", "Option1 Value", "Variant Price", "Variant Inventory Qty"];

  it("the survey counts the products and finds each Handle's last row, keeping no row", () => {
    const survey = new ProductCsvSurvey();
    readRows(survey, [
      header,
      ["mop", "Mop", "", "Size", "S", "4.00", "3"],
      ["bucket", "Bucket", "", "", "", "2.50", "7"],
      [],
      ["MOP", "", "", "", "L", "4.00", "2"],
      ["", "No handle", "", "", "", "1.00", "1"],
    ]);
    expect(survey.finish()).toEqual({
      ok: true,
      value: { format: "shopify", products: 2, lastRows: new Map([["mop", 5], ["bucket", 3]]) },
    });

    const simple = new ProductCsvSurvey();
    readRows(simple, [["name", "price"], ["Mop", "4.00"], [""], ["Bucket", "x"]]);
    expect(simple.finish()).toMatchObject({ ok: true, value: { format: "simple", products: 2 } });
  });

  it("the survey refuses what parseProductCsv refuses, with the same messages", () => {
    for (const text of ["", "slug,name\n", "colour,size\nred,L\n"]) {
      const survey = new ProductCsvSurvey();
      readRows(survey, text ? parse(text, { relax_column_count: true }) : []);
      expect(survey.finish()).toEqual(parseProductCsv(text));
    }
  });

  it("hands each product over once its last row is read, in the order of first rows, and refuses a SKU by that order", () => {
    const rows = [
      header,
      ["mop", "Mop", "MOP-1", "Size", "S", "4.00", "3"],
      ["bucket", "Bucket", "MOP-1", "", "", "2.50", "7"],
      ["mop", "", "", "", "L", "4.00", "2"],
      ["cloth", "Cloth", "CL-1", "", "", "1.00", "5"],
    ];
    const survey = new ProductCsvSurvey();
    readRows(survey, rows);
    const surveyed = survey.finish();
    if (!surveyed.ok) throw new Error(surveyed.message);

    const reader = new ProductCsvReader(surveyed.value.lastRows);
    // the bucket is whole at row 3, but waits for the mop (row 2), whole at row 4
    expect(readRows(reader, rows)).toEqual([[], [], [], ["mop"], ["cloth"]]);
    expect(reader.productsDone).toBe(3);
    const rest = reader.finish();
    // as when the whole file is read at once: the mop came first, so the bucket's code is refused
    expect(rest).toEqual({ ok: true, value: { format: "shopify", items: [], errors: [{ row: 3, message: "SKU MOP-1 is already on row 2" }] } });
    const whole = parseProductCsv(stringify(rows));
    expect(whole.ok && whole.value.errors).toEqual(rest.ok && rest.value.errors);
  });

  it("makes the same products and errors as reading the whole file, however the rows are ordered", () => {
    const text = productCsvSample({ products: 60, layout: "shopify", seed: 7 });
    const [head, ...body] = parse(text, { relax_column_count: true }) as string[][];
    // a shuffle that is the same on every run
    const shuffled = body
      .map((row, index) => ({ row, key: (index * 7919) % 101 }))
      .sort((a, b) => a.key - b.key)
      .map(({ row }) => row);
    shuffled.splice(10, 0, ["", "A row without its Handle"]);
    for (const rows of [[head, ...body], [head, ...shuffled]]) {
      const survey = new ProductCsvSurvey();
      readRows(survey, rows);
      const surveyed = survey.finish();
      if (!surveyed.ok) throw new Error(surveyed.message);
      expect(surveyed.value.products).toBe(60);

      const reader = new ProductCsvReader(surveyed.value.lastRows);
      const taken = readRows(reader, rows).flat();
      const rest = reader.finish();
      if (!rest.ok) throw new Error(rest.message);
      expect(reader.productsDone).toBe(60);

      const whole = parseProductCsv(stringify(rows));
      if (!whole.ok) throw new Error(whole.message);
      expect([...taken, ...rest.value.items.map((item) => item.slug)]).toEqual(whole.value.items.map((item) => item.slug));
      expect(rest.value.errors).toEqual(whole.value.errors);
    }
  });
});
