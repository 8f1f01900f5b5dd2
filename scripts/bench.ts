/**
 * `npm run bench`: throughput and latency of the pages and APIs that matter, beside their floors, on the
 * demo data and on the `--scale` data (10,000 products, 1,000 customers, 100,000 orders), at 1 and at 10
 * connections, with the budgets printed pass / fail and everything written to a JSON file.
 *
 *   npm run bench                      the whole run (about 8 minutes on a 2-core box)
 *   npm run bench -- --seconds 2       shorter measurements
 *   npm run bench -- --no-scale        the demo data only
 *   npm run bench -- --no-page-weight  without the browser's page weight and slow-link figures
 *   npm run bench -- --no-import       without the 10,000-product CSV import
 *   npm run bench -- --out file.json   where the figures go (default tests/.tmp/bench/bench-results.json)
 *   npm run bench -- --only home,search      only the targets named (comma-separated, as printed)
 *   npm run bench -- --scale-db file.db      a copy of an already seeded --scale database instead of seeding one
 *   npm run bench -- --only sign-in          only the sign-in time of a known and an unknown email
 *
 * The floors: (a) the same bytes as a static file served by the same server; (b) the framework floor, a bare
 * route of the app rendering the page's content from a constant with no loader of its own.
 */
import { spawnSync } from "node:child_process";
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "./build.js";
import { measureOfflineWeight, offlineWeightRows, type OfflineWeight } from "./bench/offline-weight";
import { checksTable, floorChecks, heavyWriteChecks, scaleChecks, table, type Check, type Load, type TargetResult } from "./bench/budgets";
import { measure } from "./bench/load";
import { benchImport, formatFigures, type ImportFigures } from "./bench-import";
import { measurePageWeight } from "./bench/page-weight";
import { formatSignInFigures, measureSignInTime, signInChecks, type SignInFigures } from "./bench/sign-in-time";
import { formatTable as pageWeightTable, type PageWeightReport } from "./bench/page-weight-report";
import { mainContent, prepareDatabase, resolveTargets, type Target } from "./bench/targets";
import { apiClient, startServer, stopHard, tempDir, type RunningServer } from "./server-process";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const SECONDS = Number(option("--seconds") ?? 3);
const WITH_SCALE = !args.includes("--no-scale");
const WITH_PAGE_WEIGHT = !args.includes("--no-page-weight");
const WITH_IMPORT = !args.includes("--no-import");
const OUT = path.resolve(option("--out") ?? "tests/.tmp/bench/bench-results.json");
const ONLY = option("--only")?.split(",").map((name) => name.trim());
const SCALE_DB = option("--scale-db");
/** The targets this run measures: all of them, or those `--only` names. */
const chosen = (targets: Target[]) => (ONLY ? targets.filter((t) => ONLY.includes(t.name)) : targets);
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function seed(dir: string, scale: boolean) {
  const file = path.join(dir, "app.db");
  const result = spawnSync(process.execPath, ["--import", "tsx", "db/seed-cli.ts", ...(scale ? ["--scale", "1"] : [])], {
    env: { ...process.env, DATABASE_PATH: file, PASSWORD_HASH_COST: "10" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seeding failed:\n${result.stdout}\n${result.stderr}`);
  prepareDatabase(file);
  return file;
}

async function sessions(server: RunningServer) {
  const buyer = await apiClient(server, "buyer@example.com", "buyer-demo");
  const admin = await apiClient(server, "admin@example.com", "admin-demo");
  // a cart of a few lines, as a buyer's would be (emptied first: the 500-line quick order fills it)
  const emptied = await fetch(`${server.url}/api/cart`, { method: "DELETE", headers: buyer.headers });
  if (!emptied.ok) throw new Error(`emptying the cart: ${emptied.status} ${await emptied.text()}`);
  for (const productId of [1, 2, 3]) await buyer.post("/api/cart/items", { productId, quantity: 2 });
  return { buyer: buyer.cookie, admin: admin.cookie, origin: server.url };
}

async function run(server: RunningServer, targets: Target[], only?: number) {
  const loads: Record<string, Record<string, Load>> = {};
  for (const target of targets) {
    loads[target.name] = {};
    for (const connections of target.connections.filter((c) => only === undefined || c === only)) {
      loads[target.name]![connections] = await measure(server.url, target.request, { connections, seconds: SECONDS });
      const load = loads[target.name]![connections]!;
      log(`${target.name} ×${connections}: ${load.rps} req/s, p50 ${load.p50} ms, p95 ${load.p95} ms${load.errors ? `, ${load.errors} errors` : ""}`);
    }
  }
  return loads;
}

/** Captures each page's answer, serves it as the floors, and measures both at 10 connections. */
async function floors(server: RunningServer, targets: Target[], dir: string) {
  const markup: Record<string, string> = {};
  const result: Record<string, { static: Load; framework?: Load }> = {};
  const withFloor = targets.filter((t) => t.floor);
  for (const [index, target] of withFloor.entries()) {
    const response = await fetch(server.url + target.request.path, { headers: target.request.headers });
    const body = await response.text();
    const file = `${index}.${target.kind === "api" ? "json" : "html"}`;
    fs.writeFileSync(path.join(dir, "static", file), body);
    if (target.kind === "page") markup[String(index)] = mainContent(body);
  }
  fs.writeFileSync(path.join(dir, "floors.json"), JSON.stringify(markup));
  for (const [index, target] of withFloor.entries()) {
    const file = `${index}.${target.kind === "api" ? "json" : "html"}`;
    const staticLoad = await measure(server.url, { path: `/bench-static/${file}` }, { connections: 10, seconds: SECONDS });
    const framework =
      target.kind === "page"
        ? await measure(server.url, { path: `/bench-floor/${index}`, headers: target.request.headers }, { connections: 10, seconds: SECONDS })
        : undefined;
    result[target.name] = { static: staticLoad, framework };
    log(`${target.name} floors ×10: static ${staticLoad.rps} req/s${framework ? `, framework ${framework.rps} req/s` : ""}`);
  }
  return result;
}

async function main() {
  log(`benchmark on ${os.availableParallelism()} cores, node ${process.version}, ${SECONDS} s per measurement`);
  await ensureBuild();
  const dir = tempDir("run", "tests/.tmp/bench");
  fs.mkdirSync(path.join(dir, "static"), { recursive: true });
  const floorEnv = { BENCH_STATIC_DIR: path.join(dir, "static"), BENCH_FLOOR_FILE: path.join(dir, "floors.json") };
  const defaultProcesses = os.availableParallelism();

  log("seeding the demo data");
  const demoDir = path.join(dir, "demo");
  fs.mkdirSync(demoDir);
  const demoFile = seed(demoDir, false);
  // the import gets its own copy of the demo, so its 10,000 products never reach the pages measured
  const importDir = path.join(dir, "import");
  fs.mkdirSync(importDir);
  fs.copyFileSync(demoFile, path.join(importDir, "app.db"));
  let scaleDir: string | null = null;
  if (WITH_SCALE) {
    log(SCALE_DB ? `copying the --scale data from ${SCALE_DB}` : "seeding the --scale data (10,000 products, 1,000 customers, 100,000 orders)");
    scaleDir = path.join(dir, "scale");
    fs.mkdirSync(scaleDir);
    if (SCALE_DB) {
      // a checkpointed copy, so the file alone holds everything
      const source = new Database(SCALE_DB);
      source.pragma("wal_checkpoint(TRUNCATE)");
      source.close();
      fs.copyFileSync(SCALE_DB, path.join(scaleDir, "app.db"));
    } else seed(scaleDir, true);
  }

  const results = new Map<string, TargetResult>();
  const record = (targets: Target[], dataset: string, loads: Record<string, Record<string, Load>>) => {
    for (const target of targets) {
      const entry = results.get(target.name) ?? { name: target.name, kind: target.kind, loads: {} };
      entry.loads[dataset] = { ...entry.loads[dataset], ...loads[target.name] };
      results.set(target.name, entry);
    }
  };

  const offline: Record<string, OfflineWeight> = {};
  log(`demo data, ${defaultProcesses} processes`);
  let server = await startServer(demoDir, { ...floorEnv, SKIP_SEED: "true" });
  const demoSessions = await sessions(server);
  let targets = chosen(resolveTargets(demoFile, demoSessions));
  offline.demo = await measureOfflineWeight(server.url, demoSessions.buyer);
  record(targets, "demo", await run(server, targets));
  const floorLoads = await floors(server, targets, dir);
  for (const [name, floor] of Object.entries(floorLoads)) {
    const entry = results.get(name)!;
    entry.floors = { static: floor.static, framework: floor.framework ?? floor.static };
  }
  const healthz = await measure(server.url, { path: "/healthz" }, { connections: 10, seconds: SECONDS });
  let pageWeight: PageWeightReport | null = null;
  if (WITH_PAGE_WEIGHT) {
    log("page weight and the slow link (Chromium, 400 kbit/s, 400 ms round trip; medians of 3)");
    pageWeight = await measurePageWeight({ baseURL: server.url, buyer: { email: "buyer@example.com", password: "buyer-demo" } });
  }
  await stopHard(server);

  log("demo data, 1 process");
  server = await startServer(demoDir, { WEB_CONCURRENCY: "1", SKIP_SEED: "true" });
  targets = chosen(resolveTargets(demoFile, await sessions(server)));
  const oneProcess = await run(server, targets.filter((t) => t.kind !== "write"), 10);
  await stopHard(server);

  let signIn: SignInFigures | null = null;
  if (!ONLY || ONLY.includes("sign-in")) {
    log("sign-in time, a known and an unknown email (one process, production hash cost)");
    signIn = await measureSignInTime(demoFile, path.join(dir, "sign-in"));
    log(formatSignInFigures(signIn));
  }

  if (scaleDir) {
    log(`--scale data, ${defaultProcesses} processes`);
    server = await startServer(scaleDir, { SKIP_SEED: "true" });
    const scaleSessions = await sessions(server);
    targets = chosen(resolveTargets(path.join(scaleDir, "app.db"), scaleSessions));
    offline.scale = await measureOfflineWeight(server.url, scaleSessions.buyer);
    record(targets, "scale", await run(server, targets));
    await stopHard(server);
  }

  let imports: ImportFigures[] = [];
  if (WITH_IMPORT) {
    log("a 10,000-product CSV import in one request, each layout, into a fresh server (one process, so its memory is the import's)");
    server = await startServer(importDir, { WEB_CONCURRENCY: "1", SKIP_SEED: "true" });
    imports = await benchImport({ url: server.url, useCase: false, dir: path.join(dir, "import-files"), log });
    await stopHard(server);
  }

  const all = [...results.values()];
  const weightChecks: Check[] = (pageWeight?.results ?? []).flatMap((result) =>
    result.budgets.map((budget) => ({
      budget: `catalogue page ${budget.budget} (${result.mode})`,
      target: result.page,
      value: budget.actual === null ? "-" : budget.budget.endsWith("Bytes") ? `${(budget.actual / 1024).toFixed(1)} KB` : `${(budget.actual / 1000).toFixed(2)} s`,
      limit: budget.budget.endsWith("Bytes") ? `${(budget.limit / 1024).toFixed(0)} KB` : `${(budget.limit / 1000).toFixed(0)} s`,
      pass: budget.pass,
    })),
  );
  const importChecks: Check[] = imports.flatMap((figures) => {
    const target = `${figures.layout} CSV, ${figures.products.toLocaleString("en-GB")} products (${figures.run})`;
    return [
      { budget: "import in one request ≤ 30 s", target, value: `${(figures.ms / 1000).toFixed(1)} s`, limit: "30 s", pass: figures.status === 200 && figures.ms <= 30_000 },
      { budget: "import peak memory ≤ 300 MB", target, value: `${figures.peakMb ?? "?"} MB`, limit: "300 MB", pass: figures.peakMb !== null && figures.peakMb <= 300 },
    ];
  });
  // issue #28's budgets: the worker adds ≤ 15 KB gz to the first visit; the --scale price list ≤ 1.5 MB on the device
  const offlineChecks: Check[] = Object.entries(offline).flatMap(([dataset, weight]) => [
    ...(dataset === "demo"
      ? [{ budget: "service worker adds ≤ 15 KB gz to the first visit", target: "home page", value: `${(weight.workerScript / 1024).toFixed(1)} KB`, limit: "15 KB", pass: weight.workerScript <= 15 * 1024 }]
      : []),
    ...(dataset === "scale"
      ? [{ budget: "price list on the device ≤ 1.5 MB", target: `${weight.priceList.products.toLocaleString("en-GB")} products`, value: `${(weight.priceList.storedBytes / 1024).toFixed(0)} KB`, limit: "1536 KB", pass: weight.priceList.storedBytes <= 1.5 * 1024 * 1024 }]
      : []),
  ]);
  const checks: Check[] = [
    ...weightChecks,
    ...offlineChecks,
    ...importChecks,
    ...(signIn ? signInChecks(signIn) : []),
    ...floorChecks(all),
    ...scaleChecks(all),
    ...heavyWriteChecks(all, "product page", ["50-line checkout", "500-line quick order"]),
    ...(WITH_SCALE ? heavyWriteChecks(all, "product page", ["50-line checkout", "500-line quick order"], "scale") : []),
  ];

  const rows = [["target", "data", "conn", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors", "÷ static", "÷ framework"]];
  for (const result of all) {
    for (const [dataset, byConnections] of Object.entries(result.loads)) {
      for (const [connections, load] of Object.entries(byConnections)) {
        const floor = dataset === "demo" && connections === "10" ? result.floors : undefined;
        rows.push([
          result.name,
          dataset,
          connections,
          String(load.rps),
          String(load.p50),
          String(load.p95),
          String(load.p99),
          String(load.errors),
          floor ? `${((load.rps / floor.static.rps) * 100).toFixed(0)} %` : "",
          floor && result.kind === "page" ? `${((load.rps / floor.framework.rps) * 100).toFixed(0)} %` : "",
        ]);
      }
    }
  }
  console.log(`\nThroughput and latency\n${table(rows)}`);
  const processRows = [["target (demo, 10 connections)", "1 process", `${defaultProcesses} processes`]];
  for (const [name, byConnections] of Object.entries(oneProcess)) {
    processRows.push([name, `${byConnections["10"]?.rps ?? "-"} req/s`, `${results.get(name)?.loads.demo?.["10"]?.rps ?? "-"} req/s`]);
  }
  console.log(`\nBoth cores\n${table(processRows)}`);
  console.log(`\n/healthz (no app code) ×10: ${healthz.rps} req/s`);
  if (pageWeight) console.log(`\nPage weight and the slow link\n${pageWeightTable(pageWeight)}`);
  console.log(`\nOffline: the first visit with and without the service worker, and the price list on the device\n${table(offlineWeightRows(offline))}`);
  if (imports.length) console.log(`\nProduct CSV import (the server's own peak memory)\n${imports.map(formatFigures).join("\n")}`);
  if (signIn) console.log(`\nSign-in time\n${formatSignInFigures(signIn)}`);
  console.log(`\nBudgets\n${checksTable(checks)}`);

  const summary = {
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine: { cores: os.availableParallelism(), memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    measurementSeconds: SECONDS,
    processes: { default: defaultProcesses, oneProcess },
    healthz,
    targets: all,
    pageWeight,
    offline,
    imports,
    signIn,
    checks,
    passed: checks.filter((c) => c.pass).length,
    failed: checks.filter((c) => !c.pass).length,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(summary, null, 2));
  log(`done: ${summary.passed} budgets met, ${summary.failed} not; figures in ${path.relative(process.cwd(), OUT)}`);
}

await main();
