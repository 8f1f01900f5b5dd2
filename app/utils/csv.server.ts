/**
 * CSV in and out, in one place.
 *
 * Every CSV the app writes goes through `writeCsv`: csv-stringify with each text cell made safe to open in a
 * spreadsheet (`neutraliseCell`). Nothing else imports csv-stringify (a test checks). A file too large to
 * build as one string (a whole catalogue, every order) is written by `csvByteStream`, a batch of rows at a
 * time, to the same bytes.
 *
 * Every CSV the app reads (the product import, quick order's upload) is parsed by `readCsvText` or
 * `csvStreamParser`, which add the limits all readers share: at most CSV_MAX_COLUMNS cells in a row and
 * CSV_MAX_ROW_CHARACTERS in one row, each refused while the row is being read, before it is built (a 23 MB
 * row of 24 million empty cells would otherwise take a gigabyte and most of a minute). Nothing else imports
 * csv-parse (a test checks). docs/decisions/0035-product-import-memory.md.
 */
import { parse as parseStream, type Options as CsvParseOptions, type Parser } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { stringify, type Options } from "csv-stringify/sync";
import { neutraliseCell } from "./csv-cells";

export type CsvCell = string | number | boolean | null | undefined;

export function writeCsv(rows: readonly (readonly CsvCell[])[], options: Pick<Options, "header" | "columns"> = {}): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === "string" ? neutraliseCell(cell) : cell))),
    options,
  );
}

export type CsvRows = readonly (readonly CsvCell[])[];

/** A CSV download to write a batch at a time: its header row, its batches of rows, and how many records they cover. */
export type CsvStreamFile = { fileName: string; count: number; header: readonly string[]; batches: Iterator<CsvRows> };

/**
 * A CSV's bytes as a stream: the header row, then each batch of rows `batches` yields, written when the reader
 * asks for more (one batch ahead at most), so the file is never whole in memory. The bytes are those of
 * `writeCsv([header, ...every row])`: each row is written on its own, whatever its batch. When the reader
 * stops early (a client gone mid-file) the generator is ended and no more rows are read.
 */
export function csvByteStream(header: readonly string[], batches: Iterator<CsvRows>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(writeCsv([header])));
        return;
      }
      // an empty batch writes nothing: read on until there are rows or the end, so each pull gives the reader something
      for (;;) {
        const next = batches.next();
        if (next.done) return controller.close();
        if (next.value.length > 0) return controller.enqueue(encoder.encode(writeCsv(next.value)));
      }
    },
    cancel() {
      batches.return?.();
    },
  });
}

// ─── Reading ────────────────────────────────────────────────────────────────

/** The most cells a row may have, the header too: Shopify's product CSV has about 50 columns. */
export const CSV_MAX_COLUMNS = 500;
/** The most characters one row may hold: a product's description is at most 10,000. */
export const CSV_MAX_ROW_CHARACTERS = 1_000_000;

const count = (n: number) => n.toLocaleString("en-GB");

export function csvTooManyColumns(row: number) {
  return (
    `Row ${row} has more than ${count(CSV_MAX_COLUMNS)} columns: a CSV file may have at most ${count(CSV_MAX_COLUMNS)}. ` +
    "Delete the columns that are not needed (empty ones too) and save it again"
  );
}

export function csvRowTooLong(row: number) {
  return (
    `Row ${row} is longer than ${count(CSV_MAX_ROW_CHARACTERS)} characters, the most a CSV row may have. ` +
    "Check that every quoted cell is closed, then save it again"
  );
}

/** A file refused for passing one of the limits; the message says which, and on which row. */
export class CsvLimitError extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message);
    this.name = "CsvLimitError";
  }
}

/**
 * The csv-parse options our readers may set. Quotes and record delimiters stay csv-parse's defaults (`"`,
 * and the first of \r\n, \n or \r in the file) and the delimiter is one character, because CsvRowGuard
 * follows the file by those rules.
 */
export type CsvReadOptions = Omit<
  CsvParseOptions,
  "delimiter" | "quote" | "escape" | "record_delimiter" | "comment" | "encoding" | "ltrim" | "rtrim" | "from" | "from_line" | "to" | "to_line"
> & { delimiter?: "," | ";" | "\t" };

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const isBlank = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0c;

/**
 * Follows a CSV's bytes the way csv-parse reads them (`"` quotes a cell and `""` is a quote inside one; a
 * quote inside an unquoted cell is text, as relax_quotes has it; records end with the first of \r\n, \n or
 * \r found outside quotes), only far enough to count the cells and characters of the row being read, and
 * throws CsvLimitError as soon as a row passes a limit: before csv-parse has built that row, which for a
 * row of 24 million empty cells would take a gigabyte. A byte loop; nothing of the file is kept.
 *
 * csv-parse has no cap on a row's cells, and its max_record_size counts the cells' characters but not the
 * delimiters between them, so a row of commas passes it; a `cast` hook, called once a cell, makes parsing
 * ten times slower. NUL bytes are skipped, so a UTF-16 file is followed by its ASCII characters.
 */
const EMPTY = new Uint8Array(0);
const BYTE_ORDER_MARKS = [
  [0xef, 0xbb, 0xbf],
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/** Fewer bytes than a byte order mark, all of them its start: the next piece decides. */
function couldStillBeByteOrderMark(bytes: Uint8Array) {
  return BYTE_ORDER_MARKS.some((mark) => bytes.length < mark.length && Array.prototype.every.call(bytes, (byte: number, i: number) => byte === mark[i]));
}

export class CsvRowGuard {
  private row = 1;
  private cells = 1;
  private rowBytes = 0;
  /** bytes in the cell being read; blanks before its first character do not count when trimming */
  private cellBytes = 0;
  private quoting = false;
  /** inside quotes, the last byte was a quote: the next says whether it was `""` or the end of the quoting */
  private afterQuote = false;
  /** outside quotes, the last byte was a CR: the next says whether the record ended with \r\n or \r */
  private afterCR = false;
  private lineEnd: "crlf" | "lf" | "cr" | null = null;
  private first = true;
  /** the file's first bytes while they may still be the start of a byte order mark */
  private head: Uint8Array = EMPTY;
  private readonly delimiter: number;
  private readonly trim: boolean;
  private readonly maxCells: number;
  private readonly maxBytes: number;

  constructor({
    delimiter = ",",
    trim = false,
    maxCells = CSV_MAX_COLUMNS,
    maxRowCharacters = CSV_MAX_ROW_CHARACTERS,
  }: { delimiter?: string; trim?: boolean; maxCells?: number; maxRowCharacters?: number } = {}) {
    if (delimiter.length !== 1 || delimiter.charCodeAt(0) > 0x7f) throw new Error(`A CSV delimiter is one ASCII character, not "${delimiter}"`);
    this.delimiter = delimiter.charCodeAt(0);
    this.trim = trim;
    this.maxCells = maxCells;
    this.maxBytes = maxRowCharacters;
  }

  /** The next piece of the file. Throws CsvLimitError when the row being read has passed a limit. */
  feed(chunk: Uint8Array) {
    let at = 0;
    let piece = chunk;
    if (this.first) {
      // a byte order mark is not part of the first cell (csv-parse's `bom`); it may come split over pieces,
      // so the file's first bytes wait until they can be told from one
      piece = this.head.length > 0 ? Buffer.concat([this.head, chunk]) : chunk;
      if (couldStillBeByteOrderMark(piece)) {
        this.head = Buffer.from(piece);
        return;
      }
      this.first = false;
      this.head = EMPTY;
      if (piece[0] === 0xef && piece[1] === 0xbb && piece[2] === 0xbf) at = 3;
      else if ((piece[0] === 0xff && piece[1] === 0xfe) || (piece[0] === 0xfe && piece[1] === 0xff)) at = 2;
    }
    // the state in locals while the loop runs (several times faster than fields): about 10 ms a megabyte
    const { delimiter, trim, maxCells, maxBytes } = this;
    let { row, cells, rowBytes, cellBytes, quoting, afterQuote, afterCR, lineEnd } = this;
    const over = (message: (row: number) => string) => new CsvLimitError(row, message(row));
    /** the next row begins, with `bytes` of it already read */
    const nextRow = (bytes: number) => {
      row += 1;
      cells = 1;
      rowBytes = bytes;
      cellBytes = 0;
    };
    for (; at < piece.length; at += 1) {
      if (quoting && !afterQuote) {
        // a quoted cell's text (a product's description) is most of a file: on to the next quote at once
        const quote = piece.indexOf(QUOTE, at);
        const text = (quote === -1 ? piece.length : quote) - at;
        rowBytes += text;
        cellBytes += text;
        if (rowBytes > maxBytes) throw over(csvRowTooLong);
        if (quote === -1) break;
        at = quote;
        rowBytes += 1;
        afterQuote = true;
        continue;
      }
      const byte = piece[at]!;
      if (byte === 0) continue;
      if (++rowBytes > maxBytes) throw over(csvRowTooLong);
      if (quoting) {
        afterQuote = false;
        if (byte === QUOTE) {
          cellBytes += 1;
          continue;
        }
        // the quote ended the quoting: cleanly before a delimiter, a line end or (trimming) a blank; before
        // anything else relax_quotes keeps it as text and reads on unquoted
        quoting = false;
        if (byte !== delimiter && byte !== CR && byte !== LF && !(trim && isBlank(byte))) cellBytes += 1;
      }
      if (afterCR) {
        afterCR = false;
        if (byte === LF) {
          lineEnd = "crlf";
          nextRow(0);
          continue;
        }
        if (lineEnd === null) {
          lineEnd = "cr";
          nextRow(1);
        } else if (!(trim && cellBytes === 0)) cellBytes += 1; // a lone CR in a \r\n file is text
      }
      if (byte === CR && (lineEnd === null || lineEnd === "crlf")) {
        afterCR = true;
      } else if ((byte === LF && (lineEnd === null || lineEnd === "lf")) || (byte === CR && lineEnd === "cr")) {
        if (lineEnd === null) lineEnd = "lf";
        nextRow(0);
      } else if (byte === delimiter) {
        if (++cells > maxCells) throw over(csvTooManyColumns);
        cellBytes = 0;
      } else if (byte === QUOTE && cellBytes === 0) {
        quoting = true;
      } else if (!(trim && cellBytes === 0 && (isBlank(byte) || byte === CR || byte === LF))) {
        cellBytes += 1;
      }
    }
    Object.assign(this, { row, cells, rowBytes, cellBytes, quoting, afterQuote, afterCR, lineEnd });
  }
}

const guardFor = (options: CsvReadOptions) => new CsvRowGuard({ delimiter: options.delimiter, trim: options.trim === true });

/**
 * Parses a CSV held in a string into its records (or whatever `on_record` makes of them). A row past the
 * limits throws CsvLimitError before parsing starts.
 */
export function readCsvText(text: string, options: CsvReadOptions = {}): string[][] {
  const bytes = Buffer.from(text);
  guardFor(options).feed(bytes);
  return parseSync(bytes, options) as string[][];
}

/**
 * A csv-parse stream that reads within the limits: each piece written is followed by a CsvRowGuard first,
 * and a row past a limit fails the stream with CsvLimitError before csv-parse reads that piece.
 */
export function csvStreamParser(options: CsvReadOptions = {}): Parser {
  const parser = parseStream(options);
  const guard = guardFor(options);
  const parse = parser._transform.bind(parser);
  parser._transform = (piece: Buffer, encoding, done) => {
    try {
      guard.feed(piece);
    } catch (error) {
      return done(error as Error);
    }
    parse(piece, encoding, done);
  };
  return parser;
}

/**
 * What to tell the user about a file the parser gave up on: the limit a row passed, or why it is not CSV;
 * `row` is where (a spreadsheet's row number, or csv-parse's line), when known.
 */
export function csvReadProblem(error: unknown): { message: string; row: number | null } {
  if (error instanceof CsvLimitError) return { message: error.message, row: error.row };
  const reason = error instanceof Error ? error.message : String(error);
  const lines = (error as { lines?: unknown } | null)?.lines;
  return { message: `The file could not be read as CSV: ${reason}`, row: typeof lines === "number" ? lines : null };
}
