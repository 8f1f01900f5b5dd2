/**
 * The JSON API's conventions, in one place: body parsing with a zod schema and a size limit,
 * the `{message, field}` error shape, and a wrapper that turns failures into the contract's status codes.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isJsonMediaType, NOT_JSON_MESSAGE } from "./request-guard";
import { json, unstable_parseMultipartFormData } from "@remix-run/node";
import type { ZodType, ZodTypeDef } from "zod";
import type { Failure } from "./result";
import { isBusyError } from "./db.server";
import { csvByteStream, type CsvStreamFile } from "./csv.server";

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024; // a 500-line order is ~80 KB

export type ApiError = { message: string; field?: string };

export function jsonError(status: number, message: string, field?: string, headers?: HeadersInit) {
  const body: ApiError = field ? { message, field } : { message };
  return json(body, { status, headers });
}

export function failureResponse(failure: Failure) {
  const response = failure.details
    ? json({ message: failure.message, ...(failure.field ? { field: failure.field } : {}), ...failure.details }, { status: failure.status })
    : jsonError(failure.status, failure.message, failure.field);
  if (failure.retryAfter !== undefined) response.headers.set("Retry-After", String(failure.retryAfter));
  return response;
}

/** Reads a request body as text, refusing (413) once it passes `limit` bytes, declared or not. */
export async function readBodyText(request: Request, limit = JSON_BODY_LIMIT_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(limit: number) {
  return jsonError(413, `Request body is too large (limit ${Math.round(limit / 1024)} KB)`);
}

/** The first problem zod found, as the contract's error: the message and the top-level field it concerns. */
export function firstIssue(error: { issues: { path: (string | number)[]; message: string }[] }): ApiError {
  const issue = error.issues[0];
  if (!issue) return { message: "Invalid request" };
  const field = issue.path.length > 0 ? issue.path.map(String).join(".") : undefined;
  return field ? { message: issue.message, field } : { message: issue.message };
}

/**
 * Parses a JSON body with a zod schema. Throws the contract's Response on failure:
 * 415 without a JSON content type, 413 when too large, 400 for malformed JSON or invalid fields.
 */
export async function parseJsonBody<Output, Input = Output>(
  request: Request,
  schema: ZodType<Output, ZodTypeDef, Input>,
  { limit = JSON_BODY_LIMIT_BYTES }: { limit?: number } = {},
): Promise<Output> {
  const text = await readBodyText(request, limit);
  let data: unknown = {};
  if (text.trim() !== "") {
    // `text/plain;a=json` must not pass: a cross-site form can send it without a CORS preflight
    if (!isJsonMediaType(request.headers.get("content-type"))) throw jsonError(415, NOT_JSON_MESSAGE);
    try {
      data = JSON.parse(text);
    } catch {
      throw jsonError(400, "Malformed JSON in request body");
    }
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw jsonError(400, issue.message, issue.field);
  }
  return parsed.data;
}

/** Parses URL search params with a zod schema (400 on failure). */
export function parseQuery<Output, Input = Output>(
  request: Request,
  schema: ZodType<Output, ZodTypeDef, Input>,
): Output {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw jsonError(400, issue.message, issue.field);
  }
  return parsed.data;
}

/** Answers a method the route does not serve. */
export function methodNotAllowed(allowed: string[]) {
  return jsonError(405, `Method not allowed. Use ${allowed.join(" or ")}.`, undefined, {
    Allow: allowed.join(", "),
  });
}

/**
 * The other door of an API route that serves only GET (as its `action`) or only writes (as its `loader`):
 * without it Remix answers a generic error with no word of which methods the path takes.
 */
export function onlyMethods(allowed: string[]) {
  return () => methodNotAllowed(allowed);
}

/**
 * Wraps an API loader or action: thrown Responses (guards, parse errors) pass through as they are;
 * anything else is logged and answered as a JSON 500 so a client never gets an HTML error page.
 */
export function apiRoute<Args extends { request: Request }>(
  handler: (args: Args) => Promise<Response> | Response,
) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      // the database stayed locked past its busy timeout: nothing was written, so the client may retry
      if (isBusyError(error)) return jsonError(409, "The system is very busy right now and nothing was changed. Please try again.");
      console.error(`API ${args.request.method} ${new URL(args.request.url).pathname} failed`, error);
      return jsonError(500, "Something went wrong. Please try again.");
    }
  };
}

/** Parses a positive integer id from a route param, or throws 404. */
export function requireIntParam(value: string | undefined, what = "Not found"): number {
  const id = Number(value);
  if (!value || !Number.isSafeInteger(id) || id <= 0) throw jsonError(404, what);
  return id;
}

function csvDownloadHeaders(file: { fileName: string; count: number }) {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${file.fileName}"`,
    "X-Export-Count": String(file.count),
    "Cache-Control": "private, no-store",
  };
}

/** A CSV file as a download; X-Export-Count says how many records it covers. */
export function csvDownload(file: { csv: string; fileName: string; count: number }) {
  return new Response(file.csv, { headers: csvDownloadHeaders(file) });
}

/**
 * A CSV file too large to hold whole, as a download written a batch of rows at a time (`csvByteStream`),
 * with csvDownload's headers: `count`, the records it covers, is known before the first row is read.
 */
export function csvStreamDownload(file: CsvStreamFile) {
  return new Response(csvByteStream(file.header, file.batches), { headers: csvDownloadHeaders(file) });
}

/**
 * A page of a list as the JSON array an API answers with, its place in the X-Total-Count / X-Page /
 * X-Page-Size / X-Page-Count headers (plus any `headers` of the caller's own). Never cached.
 */
export function pagedJsonResponse<Item, Json = Item>(
  page: { items: Item[]; total: number; page: number; pageSize: number; pageCount: number },
  toJson: (item: Item) => Json = (item) => item as unknown as Json,
  headers: Record<string, string> = {},
) {
  return json(page.items.map(toJson), {
    headers: {
      "X-Total-Count": String(page.total),
      "X-Page": String(page.page),
      "X-Page-Size": String(page.pageSize),
      "X-Page-Count": String(page.pageCount),
      ...headers,
      "Cache-Control": "private, no-store",
    },
  });
}

export type MultipartBody =
  | {
      ok: true;
      formData: FormData;
      oversized: ReadonlySet<string>;
      /** deletes the files written to `filesTo`: call it once the request is answered */
      discard: () => Promise<void>;
    }
  | { ok: false; status: 400 | 413 };

/**
 * Reads a multipart form post never holding more than `maxPartBytes` of any one part nor `maxTotalBytes` in
 * all. A part over its limit is read past and left out, and its name is in `oversized`, so the form can say
 * so on that field and still show what else was typed. Not multipart, unreadable or over the total: refused.
 * With `filesTo` (a folder) each file part goes to a file there as it arrives, never into memory, and is
 * handed on as a File read back from the disk (a 169 MB product CSV would otherwise sit in memory, twice
 * over, for the whole import); `discard` deletes those files.
 */
export async function readMultipartWithin(
  request: Request,
  { maxPartBytes, maxTotalBytes, filesTo }: { maxPartBytes: number; maxTotalBytes: number; filesTo?: string },
): Promise<MultipartBody> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return { ok: false, status: 400 };
  if (Number(request.headers.get("Content-Length") ?? "0") > maxTotalBytes) return { ok: false, status: 413 };
  const oversized = new Set<string>();
  const written: string[] = [];
  const discard = async () => {
    await Promise.all(written.splice(0).map((file) => fs.promises.rm(file, { force: true })));
  };
  let total = 0;
  const tooMuch = new Error("multipart body over its limit");
  try {
    const formData = await unstable_parseMultipartFormData(request, async ({ name, filename, contentType, data }) => {
      const isFile = typeof filename === "string";
      const sink = isFile && filesTo !== undefined ? await uploadFile(filesTo) : null;
      if (sink) written.push(sink.path);
      const chunks: BlobPart[] = [];
      let size = 0;
      try {
        for await (const chunk of data) {
          size += chunk.byteLength;
          total += chunk.byteLength;
          if (total > maxTotalBytes) throw tooMuch;
          if (size > maxPartBytes) continue;
          if (sink) await sink.write(chunk);
          else chunks.push(chunk as Uint8Array<ArrayBuffer>);
        }
      } finally {
        await sink?.close();
      }
      if (size > maxPartBytes) {
        oversized.add(name);
        return undefined;
      }
      if (sink) return new File([await fs.openAsBlob(sink.path)], filename!, { type: contentType });
      if (isFile) return new File(chunks, filename, { type: contentType });
      return new Blob(chunks).text();
    });
    return { ok: true, formData, oversized, discard };
  } catch (error) {
    await discard();
    return { ok: false, status: error === tooMuch ? 413 : 400 };
  }
}

/** A new file in `dir` (owner-readable only) for one uploaded part, written a chunk at a time. */
async function uploadFile(dir: string) {
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${crypto.randomBytes(8).toString("hex")}.upload`);
  const handle = await fs.promises.open(file, "wx", 0o600);
  return {
    path: file,
    write: async (chunk: Uint8Array) => {
      for (let at = 0; at < chunk.byteLength; ) at += (await handle.write(chunk, at)).bytesWritten;
    },
    close: () => handle.close(),
  };
}
