/**
 * The product import's speed budget (issue #29: "a 100,000-product CSV imports in one request within 60 s
 * and 300 MB"), measured:
 *
 *   npx tsx scripts/bench-import.ts [--products 100000] [--layout simple|shopify|both]
 *                                   [--url http://localhost:3000 [--email admin@example.com --password admin-demo] [--no-use-case]]
 *                                   [--database <a copy of a database>] [--no-revision]
 *
 * For each layout it writes a realistic catalogue file (db/seed/product-csv-sample.ts), imports it through
 * the use case into a fresh, migrated SQLite file in a temporary folder, then imports the next revision of
 * the same catalogue (every stock level moved, one price in ten changed) on top. With --url it also posts
 * both files to that running server's import API (--no-use-case: only there). It starts no server.
 * --database: the use case imports into that file (migrated first) instead of a fresh one, to measure the import
 * into a large catalogue; give it a copy, as the import writes to it. --no-revision: the first file only. Each
 * import reports its time, the importing process's CPU time and peak memory (VmHWM from /proc, reset before
 * each import, and the highest of the RSS samples taken while it runs) and what the import answered.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { productCsvSampleLines, type SampleLayout } from "~db/seed/product-csv-sample";
import { users } from "~db/schema";
import { importProductCsv } from "~/domain/catalog/product-csv.server";
import { migrateDatabase, openDatabase } from "~/utils/db.server";

export type ImportFigures = {
  door: "use case" | "http";
  layout: SampleLayout;
  /** "fresh": into an empty catalogue; "revision": the same catalogue again with stock and prices moved */
  run: "fresh" | "revision";
  products: number;
  rows: number;
  fileBytes: number;
  ms: number;
  /** the importing process's peak resident memory (VmHWM) during the import, MB; null when unreadable */
  peakMb: number | null;
  /** the highest RSS sample taken while it ran, MB */
  peakRssSampledMb: number | null;
  /** its resident memory just before, MB */
  baselineMb: number | null;
  /** the CPU time (user + system) the importing process spent meanwhile, ms: steadier than the wall time on a shared box */
  cpuMs: number | null;
  status: number;
  created: number;
  updated: number;
  errors: number;
  firstErrors: { row: number; message: string }[];
};

export type BenchOptions = {
  products?: number;
  layouts?: SampleLayout[];
  url?: string | null;
  email?: string;
  password?: string;
  /** also import through the use case in this process (default true; the benchmark measures the server only) */
  useCase?: boolean;
  /** where the files and databases go (a fresh temporary folder, removed afterwards, by default) */
  dir?: string;
  /** the use case imports into this database (migrated first) instead of a fresh one: a copy of a large one, never the live file */
  database?: string;
  /** only the first file, not its revision */
  revision?: boolean;
  log?: (line: string) => void;
};

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

// ─── Memory ─────────────────────────────────────────────────────────────────

function statusField(pid: number | "self", field: "VmHWM" | "VmRSS"): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** A process's CPU time so far (user + system), ms, from /proc; null when unreadable. */
function cpuTime(pid: number | "self"): number | null {
  if (pid === "self") {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
  try {
    // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second)
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(")").at(-1)!.trim().split(/\s+/);
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Resets the kernel's peak-RSS mark (VmHWM) of a process of ours; false where that is not allowed. */
function resetPeak(pid: number | "self"): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

function collectGarbage() {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  gc?.();
  gc?.();
}

/** Samples a process's RSS every few milliseconds until stopped (they only land while the event loop turns). */
function sampleRss(pid: number | "self") {
  let peak = 0;
  const take = () => {
    const rss = pid === "self" ? process.memoryUsage().rss : (statusField(pid, "VmRSS") ?? 0);
    peak = Math.max(peak, rss);
  };
  take();
  const timer = setInterval(take, 10);
  return () => {
    clearInterval(timer);
    take();
    return peak;
  };
}

// ─── Files ──────────────────────────────────────────────────────────────────

async function writeSample(file: string, products: number, layout: SampleLayout, revision: number) {
  const out = fs.createWriteStream(file);
  let rows = -1; // the header is not a product row
  for (const piece of productCsvSampleLines({ products, layout, revision })) {
    rows += 1;
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { rows, bytes: fs.statSync(file).size };
}

// ─── The doors ──────────────────────────────────────────────────────────────

type Answer = { status: number; created: number; updated: number; errors: { row: number; message: string }[] };

/** The use case, given the file as the import routes receive it: a File read back from the disk the upload went to. */
async function importThroughUseCase(databaseFile: string, csvFile: string): Promise<Answer> {
  const db = openDatabase(databaseFile);
  try {
    migrateDatabase(db);
    const admin = db
      .insert(users)
      .values({ id: "bench-admin", email: "bench-admin@example.com", passwordHash: "-", role: "admin" })
      .onConflictDoNothing()
      .returning()
      .get() ?? { id: "bench-admin" };
    const file = new File([await fs.openAsBlob(csvFile)], path.basename(csvFile), { type: "text/csv" });
    const result = await importProductCsv(db, { id: admin.id }, file, { fileName: file.name });
    if (!result.ok) return { status: result.status, created: 0, updated: 0, errors: [{ row: 0, message: result.message }] };
    return { status: 200, ...result.value };
  } finally {
    db.$client.close();
  }
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(new URL("/api/auth/login", url), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The pid of the process of ours listening on the URL's port (from /proc/net/tcp*), or null. */
function serverPid(url: string): number | null {
  const port = Number(new URL(url).port || 80);
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = fs.readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== "0A") continue; // 0A: listening
      if (parseInt(fields[1].split(":")[1], 16) === port) inodes.add(fields[9]);
    }
  }
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of fs.readdirSync(`/proc/${entry}/fd`)) {
        const target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      }
    } catch {
      // another user's process, or gone
    }
  }
  return null;
}

/**
 * Posts the file to the import API as a browser's form would, with a Content-Length (the server refuses
 * chunked uploads), streamed from the disk: a 100,000-product Shopify file is 170 MB. Through node:http, which
 * waits as long as the import takes for the answer (fetch gives up on headers after 300 s).
 */
async function importThroughHttp(url: string, cookie: string, csvFile: string): Promise<Answer> {
  const boundary = `----product-import-${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(csvFile)}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.byteLength + fs.statSync(csvFile).size + tail.byteLength;
  const reply = await new Promise<{ status: number; text: string } | { error: unknown }>((resolve) => {
    const request = httpRequest(
      new URL("/api/admin/products/import", url),
      { method: "POST", headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": length } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", (error) => resolve({ error }));
      },
    );
    // a refusal may come (and the connection close) before the whole file is sent: the answer is what counts
    request.on("error", (error) => resolve({ error }));
    request.write(head);
    const file = fs.createReadStream(csvFile);
    file.on("error", (error) => {
      request.destroy();
      resolve({ error });
    });
    file.on("end", () => request.end(tail));
    file.pipe(request, { end: false });
  });
  if ("error" in reply) return { status: 0, created: 0, updated: 0, errors: [{ row: 0, message: `no answer: ${String(reply.error)}` }] };
  let answer: Partial<Answer> & { message?: string } = {};
  try {
    answer = JSON.parse(reply.text);
  } catch {
    answer = { message: reply.text.slice(0, 200) };
  }
  if (reply.status !== 200) return { status: reply.status, created: 0, updated: 0, errors: [{ row: 0, message: answer.message ?? "" }] };
  return { status: reply.status, created: answer.created ?? 0, updated: answer.updated ?? 0, errors: answer.errors ?? [] };
}

/** Runs one import and measures it; `pid` is the importing process ("self" for the use case). */
async function measure(pid: number | "self" | null, work: () => Promise<Answer>) {
  if (pid === "self") collectGarbage();
  const canReset = pid !== null && resetPeak(pid);
  const baseline = pid === null ? null : pid === "self" ? process.memoryUsage().rss : statusField(pid, "VmRSS");
  const stop = pid === null ? () => 0 : sampleRss(pid);
  const cpuBefore = pid === null ? null : cpuTime(pid);
  const started = performance.now();
  const answer = await work();
  const ms = Math.round(performance.now() - started);
  const cpuAfter = pid === null ? null : cpuTime(pid);
  const sampled = stop();
  const hwm = pid !== null && canReset ? statusField(pid, "VmHWM") : null;
  return {
    answer,
    ms,
    peakMb: hwm === null ? null : mb(hwm),
    peakRssSampledMb: pid === null ? null : mb(sampled),
    baselineMb: baseline === null ? null : mb(baseline),
    cpuMs: cpuBefore === null || cpuAfter === null ? null : Math.round(cpuAfter - cpuBefore),
  };
}

// ─── The benchmark ──────────────────────────────────────────────────────────

export async function benchImport(options: BenchOptions = {}): Promise<ImportFigures[]> {
  const products = options.products ?? 100_000;
  const layouts = options.layouts ?? ["simple", "shopify"];
  const log = options.log ?? (() => {});
  const ownDir = !options.dir;
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  fs.mkdirSync(dir, { recursive: true });
  const figures: ImportFigures[] = [];
  const record = (entry: ImportFigures) => {
    figures.push(entry);
    log(formatFigures(entry));
  };

  try {
    const http = options.url
      ? { url: options.url, email: options.email ?? "admin@example.com", password: options.password ?? "admin-demo", pid: serverPid(options.url) }
      : null;
    if (http && http.pid === null) log(`(no process of ours listens on ${http.url}: its memory is not measured)`);

    for (const layout of layouts) {
      const files = [0, 1].map((revision) => path.join(dir, `products-${layout}-${products}-r${revision}.csv`));
      const sizes = [];
      for (const [revision, file] of files.entries()) sizes.push(await writeSample(file, products, layout, revision));

      const databaseFile = options.database ?? path.join(dir, `${layout}.db`);
      for (const [revision, file] of files.entries()) {
        if (options.useCase === false) break;
        if (revision > 0 && options.revision === false) break;
        const run = revision === 0 ? "fresh" : "revision";
        const measured = await measure("self", () => importThroughUseCase(databaseFile, file));
        record(figuresOf("use case", layout, run, products, sizes[revision], measured));
      }
      if (http) {
        for (const [revision, file] of files.entries()) {
          if (revision > 0 && options.revision === false) break;
          const run = revision === 0 ? "fresh" : "revision";
          // signed in afresh each time: an idle keep-alive connection may have been closed by the server meanwhile
          const cookie = await signIn(http.url, http.email, http.password);
          const measured = await measure(http.pid, () => importThroughHttp(http.url, cookie, file));
          record(figuresOf("http", layout, run, products, sizes[revision], measured));
        }
      }
    }
  } finally {
    if (ownDir) fs.rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

function figuresOf(
  door: ImportFigures["door"],
  layout: SampleLayout,
  run: ImportFigures["run"],
  products: number,
  size: { rows: number; bytes: number },
  measured: Awaited<ReturnType<typeof measure>>,
): ImportFigures {
  const { answer } = measured;
  return {
    door,
    layout,
    run,
    products,
    rows: size.rows,
    fileBytes: size.bytes,
    ms: measured.ms,
    peakMb: measured.peakMb,
    peakRssSampledMb: measured.peakRssSampledMb,
    baselineMb: measured.baselineMb,
    cpuMs: measured.cpuMs,
    status: answer.status,
    created: answer.created,
    updated: answer.updated,
    errors: answer.errors.length,
    firstErrors: answer.errors.slice(0, 3),
  };
}

export function formatFigures(f: ImportFigures): string {
  const memory = `peak ${f.peakMb ?? "?"} MB (RSS sampled ${f.peakRssSampledMb ?? "?"} MB, before ${f.baselineMb ?? "?"} MB)`;
  const answer = f.status === 200 ? `created ${f.created}, updated ${f.updated}, errors ${f.errors}` : `HTTP ${f.status}: ${f.firstErrors[0]?.message ?? ""}`;
  const cpu = f.cpuMs === null ? "" : ` (CPU ${(f.cpuMs / 1000).toFixed(1)} s)`;
  return `${f.door.padEnd(8)} ${f.layout.padEnd(7)} ${f.run.padEnd(8)} ${f.products} products, ${f.rows} rows, ${mb(f.fileBytes)} MB: ${(f.ms / 1000).toFixed(2)} s${cpu}, ${memory}; ${answer}`;
}

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  const layout = argument(args, "layout") ?? "both";
  const figures = await benchImport({
    products: Number(argument(args, "products") ?? 100_000),
    layouts: layout === "both" ? ["simple", "shopify"] : [layout as SampleLayout],
    url: argument(args, "url") ?? null,
    email: argument(args, "email"),
    password: argument(args, "password"),
    useCase: !args.includes("--no-use-case"),
    database: argument(args, "database"),
    revision: !args.includes("--no-revision"),
    log: (line) => console.log(line),
  });
  if (args.includes("--json")) console.log(JSON.stringify(figures, null, 2));
}
