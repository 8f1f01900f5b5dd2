/**
 * Product CSV import and export over the database. The file is read by product-csv.ts a piece at a time;
 * the products are then upserted by their slug (Shopify's Handle) in batches, each batch in one write
 * transaction (product-import.server.ts), with the event loop free between pieces and batches so that
 * the shop keeps answering, and the progress polled by the back office, during a large import. Why
 * batches rather than one transaction: docs/decisions/0027-large-product-imports.md.
 */
import { parse } from "csv-parse";
import { writeCsv } from "~/utils/csv.server";
import { asc, eq, gt } from "drizzle-orm";
import { categories, products } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { loadVariants } from "~/domain/catalog/catalog.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { readMultipartWithin } from "~/utils/http.server";
import { IMPORT_BODY_LIMIT } from "~/utils/request-guard";
import { earlierResult, runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { CSV_FILE_TOO_LARGE, PRODUCT_CSV_MAX_BYTES } from "./product.schema";
import type { Actor } from "./products.server";
import {
  EXPORT_COLUMNS,
  exportFileName,
  ProductCsvReader,
  readerOptions,
  shopifyRowsFor,
  unreadableFile,
  type ExportProduct,
  type ParseOutcome,
} from "./product-csv";
import { runningImport, trackImport, type ImportOutcome } from "./import-progress.server";
import { writeImportBatch, type ImportTally } from "./product-import.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";

export type { ImportOutcome };

/** The most slugs an import's audit record lists by name (the counts are always complete). */
const AUDIT_SLUGS_MAX = 50;
/** Products per write transaction: a few tens of milliseconds of the write lock each. */
const IMPORT_BATCH = 250;

/** Lets the event loop answer other requests (and progress polls) between two pieces of a long import. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Imports a product CSV (simple rows or Shopify's layout). A file that is not a product CSV at all is a
 * 400 on `file` and writes nothing; otherwise the good products are created or updated and the bad rows
 * come back as {row, message}. The idempotency key is also the import's id for readImportProgress: a
 * repeat after the import answers its stored result, a repeat while it runs waits for it.
 */
export function importProductCsv(
  db: DB,
  actor: Actor,
  file: Blob,
  options: { idempotencyKey?: string | null; fileName?: string | null } = {},
): Promise<Result<ImportOutcome>> {
  // the key belongs to one file: a different file (by name and size) under the same key is refused
  const ref = {
    ownerId: actor.id,
    scope: REPEAT_SCOPE.productImport,
    key: options.idempotencyKey ?? null,
    command: { fileName: options.fileName ?? null, size: file.size },
  };
  const earlier = earlierResult<Result<ImportOutcome>>(db, ref);
  if (earlier) return Promise.resolve(earlier.result);
  const running = runningImport(db, actor.id, ref.key);
  if (running) return running;

  return trackImport(db, actor.id, ref.key, async (progress) => {
    progress.total = file.size;
    const parsed = await readProductCsvFile(file, (bytes) => {
      progress.done = bytes;
    });
    if (!parsed.ok) return fail(400, parsed.message, "file");
    const { format, items, errors: parseErrors } = parsed.value;

    const tally: ImportTally = { created: [], updated: [], errors: [...parseErrors] };
    Object.assign(progress, { phase: "importing", done: 0, total: items.length });
    for (let start = 0; start < items.length; start += IMPORT_BATCH) {
      const batch = items.slice(start, start + IMPORT_BATCH);
      writeTransaction(db, (tx) => writeImportBatch(tx, actor, batch, format, tally));
      Object.assign(progress, {
        done: start + batch.length,
        created: tally.created.length,
        updated: tally.updated.length,
        rowErrors: tally.errors.length,
      });
      await breathe();
    }

    const errors = tally.errors.sort((a, b) => a.row - b.row);
    // the import's own record and its stored result commit together, after the last product
    return runOnce(
      db,
      ref,
      (tx): Result<ImportOutcome> => {
        recordAudit(tx, {
          actorId: actor.id,
          action: "products.imported",
          entityType: "product",
          entityId: null,
          details: {
            format,
            fileName: options.fileName ?? null,
            created: tally.created.length,
            updated: tally.updated.length,
            errors: errors.length,
            createdSlugs: tally.created.slice(0, AUDIT_SLUGS_MAX),
            updatedSlugs: tally.updated.slice(0, AUDIT_SLUGS_MAX),
          },
        });
        return ok({ created: tally.created.length, updated: tally.updated.length, errors });
      },
    ).result;
  });
}

/**
 * Reads the file through csv-parse a piece at a time (never as one string), handing each record to the
 * reader and yielding between pieces; `onRead` hears how many bytes are done.
 */
export async function readProductCsvFile(file: Blob, onRead: (bytes: number) => void = () => {}): Promise<ParseOutcome> {
  const reader = new ProductCsvReader();
  const parser = parse(readerOptions(reader));
  let failure: unknown = null;
  parser.on("error", (error) => {
    failure = error;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("end", resolve);
    parser.on("close", resolve);
  });
  parser.resume(); // every record goes to the reader: nothing is read from the stream itself

  const pieces = file.stream().getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await pieces.read();
    if (done) break;
    parser.write(value);
    bytes += value.byteLength;
    onRead(bytes);
    if (failure || reader.refused) break;
    await breathe();
  }
  if (!failure && !reader.refused) {
    parser.end();
    await ended;
  } else {
    await pieces.cancel();
    parser.destroy();
  }
  return failure ? unreadableFile(failure) : reader.finish();
}

// ─── Export ─────────────────────────────────────────────────────────────────

const EXPORT_BATCH = 1000;

/** Every product in Shopify's layout, oldest first; null when there are none. */
export function exportProductsCsv(db: DB, now: Date = new Date()): { fileName: string; csv: string; count: number } | null {
  const rows: string[][] = [[...EXPORT_COLUMNS]];
  let lastId = 0;
  let count = 0;
  for (;;) {
    const batch = db
      .select({
        id: products.id,
        slug: products.slug,
        sku: products.sku,
        name: products.name,
        description: products.description,
        categoryName: categories.name,
        salesPrice: products.salesPrice,
        costPrice: products.costPrice,
        vatRate: products.vatRate,
        stockLevel: products.stockLevel,
        imageUrl: products.imageUrl,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(gt(products.id, lastId))
      .orderBy(asc(products.id))
      .limit(EXPORT_BATCH)
      .all();
    if (batch.length === 0) break;
    const variants = loadVariants(
      db,
      batch.map((product) => product.id),
    );
    for (const { id, ...product } of batch) {
      const exported: ExportProduct = {
        ...product,
        variants: (variants.get(id) ?? []).map((variant) => ({ name: variant.name, options: variant.options })),
      };
      rows.push(...shopifyRowsFor(exported));
    }
    lastId = batch[batch.length - 1].id;
    count += batch.length;
  }
  if (rows.length === 1) return null;
  return { fileName: exportFileName(now), csv: writeCsv(rows), count };
}

// ─── The upload ─────────────────────────────────────────────────────────────

const SEND_AS_MULTIPART = 'Send the CSV as multipart/form-data, in the field "file"';

export type CsvUpload = { ok: true; formData: FormData } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads the import API's multipart body, never holding more than the file's limit (24 MB): a larger declared body is
 * refused unread, a larger file part is read past and refused (413). The products page reads its form (the
 * CSV or a product image) the same way, with `readMultipartWithin`.
 */
export async function readProductCsvUpload(request: Request): Promise<CsvUpload> {
  const body = await readMultipartWithin(request, {
    maxPartBytes: PRODUCT_CSV_MAX_BYTES,
    maxTotalBytes: IMPORT_BODY_LIMIT,
  });
  if (!body.ok) return { ok: false, status: body.status, message: body.status === 413 ? CSV_FILE_TOO_LARGE : SEND_AS_MULTIPART };
  if (body.oversized.size > 0) return { ok: false, status: 413, message: CSV_FILE_TOO_LARGE };
  return { ok: true, formData: body.formData };
}
