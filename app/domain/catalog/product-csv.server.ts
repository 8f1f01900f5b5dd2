/**
 * Product CSV import and export over the database. The file is read by product-csv.ts a piece at a time,
 * twice (see importProductCsv); the products are upserted by their slug (Shopify's Handle) in batches as
 * they are read, each batch in one write transaction (product-import.server.ts), with the event loop free
 * between pieces and batches so that the shop keeps answering, and the progress polled by the back office,
 * during a large import. Why batches rather than one transaction: docs/decisions/0027-large-product-imports.md;
 * why two readings and nothing held whole: docs/decisions/0035-product-import-memory.md.
 */
import { loadBarcodes } from "./barcodes.server";
import { productPackColumns } from "./pack-rules.server";
import { packFieldsOf } from "./pack-rules";
import { csvStreamParser, type CsvRows, type CsvStreamFile } from "~/utils/csv.server";
import { and, asc, count, eq, gt, lte, max } from "drizzle-orm";
import { categories, products } from "~db/schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { loadVariants } from "~/domain/catalog/catalog.server";
import { bulkWrites, writeTransaction, type DB } from "~/utils/db.server";
import { readMultipartWithin } from "~/utils/http.server";
import { uploadsDir } from "~/utils/uploads.server";
import { collectGarbage } from "~/utils/garbage.server";
import { log } from "~/utils/log.server";
import { IMPORT_BODY_LIMIT } from "~/utils/request-guard";
import { earlierResult, runOnce } from "~/utils/idempotency.server";
import { fail, ok, type Result } from "~/utils/result";
import { CSV_FILE_TOO_LARGE, PRODUCT_CSV_MAX_BYTES } from "./product.schema";
import type { Actor } from "./products.server";
import {
  EXPORT_COLUMNS,
  exportFileName,
  ProductCsvReader,
  ProductCsvSurvey,
  readerOptions,
  shopifyRowsFor,
  unreadableFile,
  type ExportProduct,
  type ImportItem,
} from "./product-csv";
import { runningImport, trackImport, type ImportOutcome } from "./import-progress.server";
import type { ImportProgress } from "./import-progress";
import { writeImportBatch, type ImportTally } from "./product-import.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";

export type { ImportOutcome };

/** The most slugs an import's audit record lists by name (the counts are always complete). */
const AUDIT_SLUGS_MAX = 50;
/** Products per write transaction: about a tenth of a second of the write lock each at 100,000 products (0091). */
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

  const about = { event: "product import", fileName: options.fileName ?? null, bytes: file.size };
  const started = Date.now();
  log().info(about, "Product import started");
  return trackImport(db, actor.id, ref.key, async (progress) => {
    const outcome = await importFile(progress);
    const durationMs = Date.now() - started;
    if (outcome.ok) {
      const { created, updated, errors } = outcome.value;
      log().info({ ...about, created, updated, rowErrors: errors.length, durationMs }, "Product import finished");
    } else {
      log().warn({ ...about, refused: outcome.message, durationMs }, "Product import refused");
    }
    return outcome;
  });

  async function importFile(progress: ImportProgress): Promise<Result<ImportOutcome>> {
    // The file is read twice, keeping only a product's own rows and a batch of products at a time. First,
    // to refuse a file that is no product CSV before writing anything, and to learn where each product's
    // rows end (Shopify's layout may put a Handle's rows anywhere); then to write the products.
    progress.total = file.size;
    const survey = new ProductCsvSurvey();
    const read = await readCsvFile(file, survey, {
      onRead: (bytes) => {
        progress.done = bytes;
      },
    });
    const surveyed = read.ok ? survey.finish() : read;
    if (!surveyed.ok) return fail(400, surveyed.message, "file");
    // the first reading's garbage goes before the second makes its own
    collectGarbage();
    const { format, products: total, lastRows } = surveyed.value;

    const tally: ImportTally = { created: [], updated: [], errors: [] };
    const reader = new ProductCsvReader(lastRows);
    const pending: ImportItem[] = [];
    Object.assign(progress, { phase: "importing", done: 0, total });
    /** Writes the pending products, IMPORT_BATCH to a write transaction, while a full batch (or, at the end, any) waits. */
    const writePending = async (all: boolean) => {
      while (pending.length >= (all ? 1 : IMPORT_BATCH)) {
        const batch = pending.splice(0, IMPORT_BATCH);
        writeTransaction(db, (tx) => writeImportBatch(tx, actor, batch, format, tally));
        Object.assign(progress, {
          done: reader.productsDone - pending.length,
          created: tally.created.length,
          updated: tally.updated.length,
          rowErrors: tally.errors.length + reader.rowErrors,
        });
        await breathe();
      }
    };
    // a larger page cache and one checkpoint at the end, instead of one at nearly every batch (0091)
    const rest = await bulkWrites(db, async () => {
      const written = await readCsvFile(file, reader, {
        afterPiece: () => {
          pending.push(...reader.take());
          return writePending(false);
        },
      });
      const read = written.ok ? reader.finish() : written;
      if (read.ok) {
        pending.push(...read.value.items);
        await writePending(true);
      }
      return read;
    });
    // the first reading read these same bytes to the end, so only a failing disk gets here; the batches
    // already written stay, as when the process stops (0027), and importing the file again finishes the job
    if (!rest.ok) return fail(400, rest.message, "file");
    progress.done = total;
    collectGarbage();

    const errors = [...rest.value.errors, ...tally.errors].sort((a, b) => a.row - b.row);
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
  }
}

/** The most bytes handed to the CSV parser at once: a file held in memory may be one piece. */
const PIECE_BYTES = 64 * 1024;
/**
 * How much of the file is read between two garbage collections (where the server allows them). csv-parse
 * leaves about 2 MB of garbage in V8's old generation per 4 MB read, which V8 would otherwise let grow by
 * 100 MB or more before collecting; a collection with the server's ~50 MB heap takes 10-25 ms (0035).
 */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

/**
 * Reads the file through csv-parse a piece at a time (never as one string), handing each record to
 * `records` and, after each piece, calling `afterPiece` and yielding to the event loop; `onRead` hears how
 * many bytes are done. Collects the garbage every COLLECT_EVERY_BYTES. Fails when the parser gives up on
 * the file, or at once when a row passes the limits every CSV reader shares (too many cells, too long:
 * csv.server.ts), before that row is built.
 */
async function readCsvFile(
  file: Blob,
  records: ProductCsvSurvey | ProductCsvReader,
  { onRead = () => {}, afterPiece = () => {} }: { onRead?: (bytes: number) => void; afterPiece?: () => unknown } = {},
): Promise<{ ok: true } | { ok: false; message: string }> {
  const parser = csvStreamParser(readerOptions(records));
  let failure: unknown = null;
  parser.on("error", (error) => {
    failure = error;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("end", resolve);
    parser.on("close", resolve);
  });
  parser.resume(); // every record goes to `records`: nothing is read from the stream itself

  const pieces = file.stream().getReader();
  let bytes = 0;
  let collectedAt = 0;
  reading: for (;;) {
    const { done, value } = await pieces.read();
    if (done) break;
    for (let at = 0; at < value.byteLength; at += PIECE_BYTES) {
      const piece = value.subarray(at, at + PIECE_BYTES);
      parser.write(piece);
      bytes += piece.byteLength;
      onRead(bytes);
      if (failure || records.refused) break reading;
      await afterPiece();
      if (bytes - collectedAt >= COLLECT_EVERY_BYTES) {
        collectedAt = bytes;
        collectGarbage();
      }
      await breathe();
    }
  }
  if (!failure && !records.refused) {
    parser.end();
    await ended;
  } else {
    await pieces.cancel();
    parser.destroy();
  }
  return failure ? unreadableFile(failure) : { ok: true };
}

// ─── Export ─────────────────────────────────────────────────────────────────

const EXPORT_BATCH = 1000;

/**
 * Every product in Shopify's layout, oldest first, to stream a batch at a time (csvStreamDownload); null
 * when there are none. The file covers the products there were when it was asked for: one added while it is
 * written is left for the next.
 */
export function exportProductsCsv(db: DB, now: Date = new Date(), batchSize = EXPORT_BATCH): CsvStreamFile | null {
  const { count: total, lastId } = db.select({ count: count(), lastId: max(products.id) }).from(products).get()!;
  if (total === 0 || lastId === null) return null;
  return { fileName: exportFileName(now), count: total, header: EXPORT_COLUMNS, batches: productRowBatches(db, lastId, batchSize) };
}

/** The products up to `lastId`, `batchSize` at a time by id, as their rows of the file. */
function* productRowBatches(db: DB, lastId: number, batchSize: number): Generator<CsvRows> {
  let afterId = 0;
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
        ...productPackColumns,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(gt(products.id, afterId), lte(products.id, lastId)))
      .orderBy(asc(products.id))
      .limit(batchSize)
      .all();
    if (batch.length === 0) return;
    const variants = loadVariants(
      db,
      batch.map((product) => product.id),
    );
    const barcodes = loadBarcodes(
      db,
      batch.map((product) => product.id),
    );
    const rows: string[][] = [];
    for (const { id, ...product } of batch) {
      const own = barcodes.get(id);
      const productVariants = variants.get(id) ?? [];
      const exported: ExportProduct = {
        ...product,
        barcodes: own?.barcodes ?? [],
        // by variant, then option, in their display order
        optionBarcodes: productVariants.flatMap((variant) =>
          variant.options.flatMap((option) => {
            const codes = own?.variantBarcodes.find((entry) => entry.variantId === variant.id && entry.option === option)?.barcodes ?? [];
            return codes.length > 0 ? [{ variant: variant.name, option, codes }] : [];
          }),
        ),
        variants: productVariants.map((variant) => ({ name: variant.name, options: variant.options })),
        variantPackRules: productVariants.flatMap((variant) => {
          const fields = packFieldsOf(variant);
          return Object.values(fields).some((value) => value !== null) ? [{ variant: variant.name, fields }] : [];
        }),
      };
      rows.push(...shopifyRowsFor(exported));
    }
    yield rows;
    afterId = batch[batch.length - 1].id;
  }
}

// ─── The upload ─────────────────────────────────────────────────────────────

const SEND_AS_MULTIPART = 'Send the CSV as multipart/form-data, in the field "file"';

export type CsvUpload =
  | { ok: true; formData: FormData; discard: () => Promise<void> }
  | { ok: false; status: 400 | 413; message: string };

/**
 * Reads the import API's multipart body within the file's limit (PRODUCT_CSV_MAX_MB): a larger declared body
 * is refused unread, a larger file part is read past and refused (413). The file goes to the uploads
 * folder as it arrives, not into memory; `discard` deletes it once the import is answered. The products page
 * reads its form (the CSV or a product image) the same way, with `readMultipartWithin`.
 */
export async function readProductCsvUpload(request: Request): Promise<CsvUpload> {
  const body = await readMultipartWithin(request, {
    maxPartBytes: PRODUCT_CSV_MAX_BYTES,
    maxTotalBytes: IMPORT_BODY_LIMIT,
    filesTo: uploadsDir(),
  });
  if (!body.ok) return { ok: false, status: body.status, message: body.status === 413 ? CSV_FILE_TOO_LARGE : SEND_AS_MULTIPART };
  if (body.oversized.size > 0) {
    await body.discard();
    return { ok: false, status: 413, message: CSV_FILE_TOO_LARGE };
  }
  return { ok: true, formData: body.formData, discard: body.discard };
}
