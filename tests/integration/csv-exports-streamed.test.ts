/**
 * The exports too large to build as one string (the catalogue, every order, a year of journal lines) are
 * written a batch at a time: through both doors each file is byte for byte the file written whole (header,
 * quoting, line ends), across more than one batch, with the download's headers, and every refusal answered
 * as before, before any byte of a file.
 */
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "~db/schema";
import { exportProductsCsv } from "~/domain/catalog/product-csv.server";
import { journalFileName, LINES_HEADER, SAGE_HEADER, sageRows, journalLineRows, XERO_HEADER, xeroPartPacker, xeroRows, type ExportLine } from "~/domain/ledger/exports";
import { journalExportFile } from "~/domain/ledger/exports.server";
import { credit, debit } from "~/domain/ledger/journal";
import { postJournal } from "~/domain/ledger/post.server";
import { exportOrdersCsv } from "~/domain/orders/order-exports.server";
import { selectionFrom } from "~/domain/orders/order-list.schema";
import * as root from "~/root";
import * as pageOrders from "~/routes/admin.orders.export[.]csv";
import * as pageProducts from "~/routes/admin.products.export[.]csv";
import * as pageJournals from "~/routes/admin.ledger.exports.journals[.]csv";
import * as apiOrders from "~/routes/api.admin.orders.export";
import * as apiProducts from "~/routes/api.admin.products.export";
import { writeCsv, type CsvStreamFile } from "~/utils/csv.server";
import { getDb, writeTransaction } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { createProduct, createUser, writeOrder } from "./factories";
import { buildRequest, callRoute, cookieFrom, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

const db = () => getDb();
let adminCookie: string;
let buyer: { id: string; email: string };

/** Cells a CSV must quote or neutralise: commas, quotes, line breaks, a formula, a leading minus, non-ASCII. */
const TRICKY = ['Crate, "large"', "two\nlines", "=1+1", "-minus", "Café £4 – ½"];

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  buyer = await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
});

/** The file as it was written before it streamed: every row at once, in one string. */
function wholeFile(file: CsvStreamFile) {
  const rows = [];
  for (let next = file.batches.next(); !next.done; next = file.batches.next()) rows.push(...next.value);
  return writeCsv([file.header, ...rows]);
}

async function download(loader: Parameters<typeof callRoute>[0], path: string) {
  const response = await callRoute(loader, buildRequest(path, { cookie: adminCookie }));
  return { response, status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() };
}

function expectDownloadHeaders(headers: Record<string, string>, fileName: string | RegExp, count: number) {
  expect(headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(headers["content-disposition"]).toEqual(typeof fileName === "string" ? `attachment; filename="${fileName}"` : expect.stringMatching(fileName));
  expect(headers["x-export-count"]).toBe(String(count));
  expect(headers["cache-control"]).toBe("private, no-store");
}

describe("the product export", () => {
  it("with no products: the API answers 404, the page goes back to the products with the reason", async () => {
    const api = await download(apiProducts.loader, "/api/admin/products/export");
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text)).toEqual({ message: "There are no products to export." });
    const page = await callRoute(pageProducts.loader, buildRequest("/admin/products/export.csv", { cookie: adminCookie }));
    expect(redirectLocation(page)).toBe("/admin/products");
    const next = await readJson(await callRoute(root.loader, buildRequest("/admin/products", { cookie: cookieFrom(page, adminCookie) })));
    expect(next.toast).toMatchObject({ title: "No data to export", description: "There are no products to export." });
  });

  it("1,003 products (two batches and a bit) through both doors: the bytes of the whole file, and its headers", async () => {
    TRICKY.forEach((name, i) => createProduct({ name: `${name} ${i}`, description: TRICKY[(i + 1) % TRICKY.length], salesPrice: 1999 + i }));
    writeTransaction(db(), (tx) => {
      for (let i = 0; i < 998; i += 1) tx.insert(products).values({ name: `Catering foil ${i}`, slug: `catering-foil-${i}`, salesPrice: 100 + i, stockLevel: i }).run();
    });
    const whole = wholeFile(exportProductsCsv(db(), new Date(), Number.MAX_SAFE_INTEGER)!);
    expect(parse(whole)).toHaveLength(1 + 1003);
    // batches of 7 end mid-way through the tricky rows: the same bytes still
    expect(wholeFile(exportProductsCsv(db(), new Date(), 7)!)).toBe(whole);
    for (const [loader, path] of [
      [apiProducts.loader, "/api/admin/products/export"],
      [pageProducts.loader, "/admin/products/export.csv"],
    ] as const) {
      const file = await download(loader, path);
      expect(file.status).toBe(200);
      expectDownloadHeaders(file.headers, /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/, 1003);
      expect(file.text).toBe(whole);
    }
  });
});

describe("the order export", () => {
  const COLUMNS = ["id", "orderNumber", "customerId", "customerEmail", "status", "subtotal", "vatAmount", "total", "createdAt", "poReference", "deliveryNotes", "deliveryCharge"];
  let ids: number[];

  beforeAll(() => {
    const product = createProduct({ name: "Napkins", salesPrice: 250 });
    // placed newest first, so the file's order (oldest first) is not the ids' order
    ids = writeTransaction(db(), (tx) =>
      Array.from({ length: 1_002 }, (_, i) =>
        writeOrder(tx, buyer, [{ product, quantity: 1 + (i % 3) }], {
          createdAt: new Date(Date.UTC(2026, 0, 1) + (2_000 - i) * 3_600_000),
          status: i % 10 === 0 ? "cancelled" : "processing",
          poReference: TRICKY[i % TRICKY.length],
          deliveryNotes: i % 2 === 0 ? null : TRICKY[(i + 2) % TRICKY.length],
        }).id,
      ),
    );
  });

  /** The file as the export wrote it before, whole: the orders oldest first, header from the columns. */
  function previousFile(where: (order: typeof orders.$inferSelect) => boolean) {
    const chosen = db().select().from(orders).all().filter(where);
    chosen.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    const rows = chosen.map((order) => [
      order.id,
      order.orderNumber,
      order.userId ?? "",
      buyer.email,
      order.status,
      toDecimalString(order.subtotal),
      toDecimalString(order.vatAmount),
      toDecimalString(order.total),
      order.createdAt.toISOString(),
      order.poReference ?? "",
      order.deliveryNotes ?? "",
      toDecimalString(order.deliveryChargePence),
    ]);
    return { csv: writeCsv(rows, { header: true, columns: COLUMNS }), count: rows.length };
  }

  it("every order, and a filter's orders, through both doors: the bytes of the whole file, oldest first", async () => {
    const all = previousFile(() => true);
    expect(all.count).toBe(1_002);
    const result = exportOrdersCsv(db(), selectionFrom(new URLSearchParams()), "2026-02-01", 5);
    expect(result.ok && wholeFile(result.value)).toBe(all.csv);
    const cancelled = previousFile((order) => order.status === "cancelled");
    for (const [loader, base] of [
      [apiOrders.loader, "/api/admin/orders/export"],
      [pageOrders.loader, "/admin/orders/export.csv"],
    ] as const) {
      const file = await download(loader, base);
      expect(file.status).toBe(200);
      expectDownloadHeaders(file.headers, /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/, 1_002);
      expect(file.text).toBe(all.csv);
      const filtered = await download(loader, `${base}?filter=${encodeURIComponent("status=cancelled")}`);
      expect(filtered.headers["x-export-count"]).toBe(String(cancelled.count));
      expect(filtered.text).toBe(cancelled.csv);
    }
  });

  it("the ticked orders, oldest first whatever order they were ticked in", async () => {
    const ticked = [ids[3], ids[700], ids[1]];
    const expected = previousFile((order) => ticked.includes(order.id));
    for (const path of [`/api/admin/orders/export?ids=${ticked.join(",")}`, `/admin/orders/export.csv?${ticked.map((id) => `ids=${id}`).join("&")}`]) {
      const file = await download(path.startsWith("/api") ? apiOrders.loader : pageOrders.loader, path);
      expect(file.status).toBe(200);
      expectDownloadHeaders(file.headers, /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/, 3);
      expect(file.text).toBe(expected.csv);
      expect(parse(file.text).slice(1).map((row: string[]) => Number(row[0]))).toEqual([ids[700], ids[3], ids[1]]);
    }
  });

  it("refusals: ids that are not numbers (400), unknown orders (404 naming them), a filter matching none (404)", async () => {
    const api = async (query: string) => {
      const file = await download(apiOrders.loader, `/api/admin/orders/export?${query}`);
      return { status: file.status, body: JSON.parse(file.text), type: file.headers["content-type"] };
    };
    const notNumbers = await api("ids=1,abc");
    expect(notNumbers.status).toBe(400);
    expect(notNumbers.body).toMatchObject({ field: "ids" });
    expect(await api(`ids=${ids[0]},999998,999999`)).toMatchObject({ status: 404, body: { message: "Orders not found: 999998, 999999", field: "ids" } });
    expect(await api(`filter=${encodeURIComponent("q=nobody-at-all")}`)).toMatchObject({ status: 404, body: { message: expect.any(String) } });

    for (const query of ["ids=1,abc", `ids=${ids[0]}&ids=999999`, `filter=${encodeURIComponent("q=nobody-at-all")}`]) {
      const page = await callRoute(pageOrders.loader, buildRequest(`/admin/orders/export.csv?${query}`, { cookie: adminCookie }));
      expect(redirectLocation(page)).toBe("/admin/orders");
      const next = await readJson(await callRoute(root.loader, buildRequest("/admin/orders", { cookie: cookieFrom(page, adminCookie) })));
      expect(next.toast).toMatchObject({ variant: "destructive" });
    }
    const unknown = await callRoute(pageOrders.loader, buildRequest(`/admin/orders/export.csv?ids=999999`, { cookie: adminCookie }));
    const toast = (await readJson(await callRoute(root.loader, buildRequest("/admin/orders", { cookie: cookieFrom(unknown, adminCookie) })))).toast;
    expect(toast.description ?? toast.title).toContain("Order not found: 999999");
  });
});

describe("the journal export", () => {
  const PERIOD = { from: "2025-03-01", to: "2025-03-31" };
  const range = `from=${PERIOD.from}&to=${PERIOD.to}`;

  beforeAll(() => {
    writeTransaction(db(), (tx) => {
      // 420 journals of 3 lines on days in and around March: 1,260 lines, more than a batch, and two Xero parts and a bit
      for (let i = 0; i < 420; i += 1) {
        const day = String(1 + (i * 7) % 31).padStart(2, "0");
        postJournal(tx, {
          date: `2025-03-${day}`,
          description: `${TRICKY[i % TRICKY.length]} ${i}`,
          source: "manual",
          lines: [debit("1200", 1000 + i), credit("4000", 800), credit("2200", 200 + i)],
        });
      }
      postJournal(tx, { date: "2025-04-01", description: "After the period", source: "manual", lines: [debit("1200", 5), credit("3000", 5)] });
    });
  });

  /** The period's lines read in one query, as the export read them before it streamed. */
  function linesOfPeriod(): ExportLine[] {
    return db()
      .$client.prepare(
        `select j.id as journalId, j.date, j.description, j.source_type as sourceType, j.source_id as sourceId, a.code, a.name as accountName, l.amount
         from journals j join journal_lines l on l.journal_id = j.id join ledger_accounts a on a.id = l.ledger_account_id
         where j.date between ? and ? order by j.date, j.id, l.id`,
      )
      .all(PERIOD.from, PERIOD.to) as ExportLine[];
  }

  it("Sage 50 and every line: the bytes of the whole file, with its headers", async () => {
    const lines = linesOfPeriod();
    expect(lines).toHaveLength(1_260);
    for (const [format, header, rows] of [
      ["sage", SAGE_HEADER, sageRows],
      ["lines", LINES_HEADER, journalLineRows],
    ] as const) {
      const previous = writeCsv([header, ...rows(lines)]);
      const small = journalExportFile(db(), format, PERIOD, 1, 4);
      expect(small.ok && wholeFile(small.value)).toBe(previous);
      const file = await download(pageJournals.loader, `/admin/ledger/exports/journals.csv?format=${format}&${range}`);
      expect(file.status).toBe(200);
      expectDownloadHeaders(file.headers, journalFileName(format, PERIOD.from, PERIOD.to), 1_260);
      expect(file.text).toBe(previous);
    }
  });

  it("Xero: each part holds whole journals, the bytes of that part written whole; past the last part, 404", async () => {
    const lines = linesOfPeriod();
    const partOf = xeroPartPacker();
    const journalPart = new Map<number, number>();
    for (const line of lines) if (!journalPart.has(line.journalId)) journalPart.set(line.journalId, partOf(lines.filter((other) => other.journalId === line.journalId).length));
    const parts = Math.max(...journalPart.values());
    expect(parts).toBe(5);
    for (let part = 1; part <= parts; part += 1) {
      const own = lines.filter((line) => journalPart.get(line.journalId) === part);
      const file = await download(pageJournals.loader, `/admin/ledger/exports/journals.csv?format=xero&${range}&part=${part}`);
      expect(file.status).toBe(200);
      expectDownloadHeaders(file.headers, journalFileName("xero", PERIOD.from, PERIOD.to, { index: part, count: parts }), own.length);
      expect(file.text).toBe(writeCsv([XERO_HEADER, ...xeroRows(own)]));
    }
    const past = await download(pageJournals.loader, `/admin/ledger/exports/journals.csv?format=xero&${range}&part=6`);
    expect(past).toMatchObject({ status: 404, text: "There is no part 6: the Xero file for this period has 5 parts" });
    expect(past.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("a period with no journals: an empty Xero file of one part, Sage's header alone; a bad format, 400", async () => {
    const xero = await download(pageJournals.loader, "/admin/ledger/exports/journals.csv?format=xero&from=2024-01-01&to=2024-01-31");
    expect(xero.status).toBe(200);
    expectDownloadHeaders(xero.headers, "journals-xero-2024-01-01-to-2024-01-31.csv", 0);
    expect(xero.text).toBe(writeCsv([XERO_HEADER]));
    const sage = await download(pageJournals.loader, "/admin/ledger/exports/journals.csv?format=sage&from=2024-01-01&to=2024-01-31");
    expect(sage.text).toBe(writeCsv([SAGE_HEADER]));
    const bad = await download(pageJournals.loader, `/admin/ledger/exports/journals.csv?format=quickbooks&${range}`);
    expect(bad.status).toBe(400);
    expect(bad.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(bad.text.length).toBeGreaterThan(0);
  });
});
