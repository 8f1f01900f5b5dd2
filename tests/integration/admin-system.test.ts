/**
 * The System page through both doors (/admin/system and GET /api/admin/system; "Check the data" as the page's
 * form post and POST /api/admin/system/check): each figure, a nearly full disk (the file system's figures
 * injected), with and without a replica, the latest errors read back from the log, and the data checks finding
 * what was broken on purpose.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { backupDatabase } from "../../server/backup";
import { replicaTarget } from "../../server/replica";
import { NO_REPLICA_MESSAGE } from "../../server/replica-status";
import { startReplicator } from "../../server/replicator";
import { startLocalS3 } from "../support/s3-server";
import * as page from "~/routes/admin.system/route";
import * as api from "~/routes/api.admin.system";
import * as apiCheck from "~/routes/api.admin.system.check";
import { diskSpace, systemStatus, type SystemStatus } from "~/domain/system/system-status.server";
import { databasePath, getDb } from "~/utils/db.server";
import { logError, logFileReady, runWithRequestContext } from "~/utils/log.server";
import { sendMail } from "~/utils/mail.server";
import { serverProcessCount } from "~/utils/server-processes";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

let adminCookie: string;
let buyerCookie: string;

const GiB = 1024 ** 3;

beforeAll(async () => {
  await logFileReady();
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
  // two products whose stock has its history, as the app records it
  for (const name of ["Catering foil 450mm", "Nitrile gloves (100)"]) {
    const product = createProduct({ name, salesPrice: 1250, stockLevel: 40 });
    getDb()
      .$client.prepare("insert into stock_movements (product_id, change, reason, stock_after) values (?, 40, 'opening', 40)")
      .run(product.id);
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of ["REPLICA_URL", "REPLICA_S3_ENDPOINT", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "LITESTREAM_ACCESS_KEY_ID", "LITESTREAM_SECRET_ACCESS_KEY"]) {
    delete process.env[name];
  }
});

async function apiStatus(cookie = adminCookie): Promise<SystemStatus> {
  const response = await callRoute(api.loader, buildRequest("/api/admin/system", { cookie }));
  expect(response.status).toBe(200);
  return readJson<SystemStatus>(response);
}

async function pageStatus(url = "/admin/system") {
  const response = await callRoute(page.loader, buildRequest(url, { cookie: adminCookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

describe("who may look", () => {
  it("answers the API 401 signed out and 403 to a customer; the page sends both elsewhere", async () => {
    const signedOut = await callRoute(api.loader, buildRequest("/api/admin/system"));
    expect(signedOut.status).toBe(401);
    expect(await readJson(signedOut)).toEqual({ message: expect.any(String) });
    const customer = await callRoute(api.loader, buildRequest("/api/admin/system", { cookie: buyerCookie }));
    expect(customer.status).toBe(403);
    expect((await callRoute(apiCheck.action, buildRequest("/api/admin/system/check", { method: "POST", json: {}, cookie: buyerCookie }))).status).toBe(403);
    expect(redirectLocation(await callRoute(page.loader, buildRequest("/admin/system")))).toMatch(/^\/login/);
    expect(redirectLocation(await callRoute(page.loader, buildRequest("/admin/system", { cookie: buyerCookie })))).toBe("/");
    expect(redirectLocation(await callRoute(page.action, buildRequest("/admin/system", { form: {}, cookie: buyerCookie })))).toBe("/");
  });
});

describe("the figures", () => {
  it("shows the version, the migrations, the uptime, the processes and the database's sizes", async () => {
    const status = await apiStatus();
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string };
    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    expect(status.version).toBe(pkg.version);
    expect(status.migrations).toEqual({
      applied: journal.entries.length,
      known: journal.entries.length,
      latest: journal.entries.at(-1)!.tag,
      pending: [],
    });
    expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(status.startedAt)).toBeLessThanOrEqual(Date.now());
    expect(status.processes).toEqual({ count: serverProcessCount(), answeredBy: process.pid });
    expect(status.database.file).toBe(databasePath());
    expect(status.database.bytes).toBe(fs.statSync(databasePath()).size);
    expect(status.database.bytes).toBeGreaterThan(0);
    expect(status.database.walBytes).toBe(fs.statSync(`${databasePath()}-wal`).size);
    // the page shows the same
    const { status: shown } = await pageStatus();
    expect(shown.version).toBe(pkg.version);
    expect(shown.migrations.applied).toBe(journal.entries.length);
  });

  it("shows the free space of the data folder's disk, and warns below 10 %", async () => {
    const real = (await apiStatus()).disk!;
    const figures = fs.statfsSync(path.dirname(databasePath()));
    expect(real.folder).toBe(path.dirname(databasePath()));
    expect(real.totalBytes).toBe(figures.blocks * figures.bsize);
    expect(real.freePercent).toBeGreaterThan(0);

    // a 100 GiB disk with 9 GiB left, as the file system would report it
    const nearlyFull = { bsize: 4096, blocks: (100 * GiB) / 4096, bavail: (9 * GiB) / 4096 };
    expect(diskSpace("/data", () => nearlyFull)).toEqual({ folder: "/data", totalBytes: 100 * GiB, freeBytes: 9 * GiB, freePercent: 9, low: true });
    expect(diskSpace("/data", () => ({ ...nearlyFull, bavail: (11 * GiB) / 4096 }))!.low).toBe(false);
    expect((await systemStatus(getDb(), { statfs: () => nearlyFull })).disk).toMatchObject({ freePercent: 9, low: true });

    // through both doors, the file system itself saying the disk is nearly full
    vi.spyOn(fs, "statfsSync").mockReturnValue({ ...figures, ...nearlyFull } as fs.StatsFs);
    expect((await apiStatus()).disk).toMatchObject({ freeBytes: 9 * GiB, freePercent: 9, low: true });
    expect((await pageStatus()).status.disk).toMatchObject({ freePercent: 9, low: true });
  });

  it("says plainly when there is no copy off the disk", async () => {
    delete process.env.REPLICA_URL;
    const status = await apiStatus();
    expect(status.replica).toEqual({ configured: false, message: NO_REPLICA_MESSAGE });
    expect(NO_REPLICA_MESSAGE).toMatch(/^No copy off this disk.*REPLICA_URL is not set/);
    expect((await pageStatus()).status.replica).toEqual({ configured: false, message: NO_REPLICA_MESSAGE });
  });

  it("shows the replica's lag and last good snapshot when one is set", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "replica-"));
    process.env.REPLICA_URL = folder;
    // set, but nothing copied there yet: said as a problem
    expect(await apiStatus()).toMatchObject({
      replica: { configured: true, kind: "folder", target: folder, lagSeconds: null, lastSnapshotAt: null, problem: expect.stringContaining("Nothing has been replicated") },
    });
    // Litestream's folder layout: a generation with a snapshot and WAL written after the database last changed
    const generation = path.join(folder, "db", "generations", "0f1e2d3c4b5a6978");
    fs.mkdirSync(path.join(generation, "snapshots"), { recursive: true });
    fs.mkdirSync(path.join(generation, "wal"), { recursive: true });
    // a whole second: file times keep no finer a fraction of a millisecond than the file system does
    const snapshotAt = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
    const snapshot = path.join(generation, "snapshots", "00000000.snapshot.lz4");
    const wal = path.join(generation, "wal", "00000000_00000000.wal.lz4");
    fs.writeFileSync(snapshot, "snapshot");
    fs.writeFileSync(wal, "wal");
    fs.utimesSync(snapshot, snapshotAt, snapshotAt);
    fs.utimesSync(wal, snapshotAt, snapshotAt);
    const status = await apiStatus();
    expect(status.replica).toMatchObject({ configured: true, target: folder, lagSeconds: 0, lastSnapshotAt: snapshotAt.toISOString(), problem: null });
    expect((await pageStatus()).status.replica).toMatchObject({ lagSeconds: 0, lastSnapshotAt: snapshotAt.toISOString() });
  });

  it("shows a bucket replica's lag, last snapshot and images as they are, and a bucket that does not answer", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "replica-bucket-"));
    const s3 = await startLocalS3(path.join(work, "store"));
    const settings = s3.settings("system-page");
    Object.assign(process.env, settings);
    const replicator = startReplicator({ databaseFile: databasePath(), target: replicaTarget(settings)!, log: { info: () => undefined, error: () => undefined } });
    try {
      // Litestream's first snapshot in the bucket: up to date (its whole-second times read as such), no image waiting
      const deadline = Date.now() + 45_000;
      let status = await apiStatus();
      while (!(status.replica.configured && status.replica.lagSeconds === 0 && status.replica.lastSnapshotAt) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        status = await apiStatus();
      }
      expect(status.replica).toMatchObject({ configured: true, kind: "s3", target: `s3://replica/system-page at ${s3.endpoint}`, lagSeconds: 0, imagesWaiting: 0, problem: null });
      const snapshotAt = status.replica.configured ? Date.parse(status.replica.lastSnapshotAt!) : 0;
      expect(Math.abs(snapshotAt - Date.now())).toBeLessThan(60_000);
      expect((await pageStatus()).status.replica).toMatchObject({ kind: "s3", lagSeconds: 0, problem: null });
      expect(JSON.stringify(status)).not.toContain("S3RVER");
    } finally {
      await replicator.stop();
      await s3.close();
    }
    // the store gone: said as a problem, not a wait and not a 500
    process.env.REPLICA_URL = "s3://replica/elsewhere";
    const gone = await apiStatus();
    expect(gone.replica).toMatchObject({ configured: true, kind: "s3", lagSeconds: null, problem: expect.stringMatching(/^The replica could not be read: /) });
    fs.rmSync(work, { recursive: true, force: true });
  }, 90_000);

  it("shows the last backup from the backups folder", async () => {
    expect((await apiStatus()).lastBackup).toBeNull();
    const copy = await backupDatabase(databasePath());
    const status = await apiStatus();
    expect(status.lastBackup).toEqual({ file: copy, at: expect.any(String), bytes: fs.statSync(copy).size });
  });

  it("counts the mail waiting in the outbox and the mail that failed", async () => {
    const before = await apiStatus();
    await sendMail({ to: "bea@example.com", subject: "Order ORD-000001 confirmed", text: "Thanks" });
    await sendMail({ to: "cal@example.com", subject: "Order ORD-000002 confirmed", text: "Thanks" });
    // an outbox that cannot be written: the mail fails, and the log says so
    const outbox = process.env.OUTBOX_DIR;
    const blocked = path.join(os.tmpdir(), `not-a-folder-${process.pid}`);
    fs.writeFileSync(blocked, "a file where the outbox folder should be");
    process.env.OUTBOX_DIR = blocked;
    try {
      await expect(sendMail({ to: "dee@example.com", subject: "Invoice", text: "x" })).rejects.toThrow();
    } finally {
      process.env.OUTBOX_DIR = outbox;
    }
    await vi.waitFor(async () => {
      const status = await apiStatus();
      expect(status.mail).toMatchObject({ outboxWaiting: before.mail.outboxWaiting + 2, smtp: false, failed: before.mail.failed + 1 });
    });
  });

  it("lists the latest errors from the log, newest first, with their reference and stack", async () => {
    runWithRequestContext({ requestId: "0a1b2c3d4e5f", userId: null }, () => logError("Pricing the basket failed", new RangeError("older one")));
    await new Promise((resolve) => setTimeout(resolve, 5));
    logError("Writing the invoice failed", new Error("newer one"));
    const errors = await vi.waitFor(async () => {
      const found = (await apiStatus()).errors;
      expect(found.map((error) => error.message)).toEqual(expect.arrayContaining(["Pricing the basket failed", "Writing the invoice failed"]));
      return found;
    });
    const newer = errors.findIndex((error) => error.message === "Writing the invoice failed");
    const older = errors.findIndex((error) => error.message === "Pricing the basket failed");
    expect(newer).toBeLessThan(older);
    expect(errors[older]).toMatchObject({ reqId: "0a1b2c3d4e5f", level: "error", error: { type: "RangeError", message: "older one" } });
    expect(errors[older]!.error!.stack).toContain("admin-system.test.ts");
    for (let n = 0; n < 60; n++) logError(`Failure ${n}`, new Error(`failure ${n}`));
    await vi.waitFor(async () => {
      const last = (await apiStatus()).errors;
      expect(last).toHaveLength(50);
      expect(last[0]!.message).toBe("Failure 59");
    });
    expect((await pageStatus()).status.errors).toHaveLength(50);
  });
});

describe("Check the data", () => {
  it("runs the checks from the page's form and shows them at the address it redirects to", async () => {
    const posted = await callRoute(page.action, buildRequest("/admin/system", { form: {}, cookie: adminCookie }));
    const location = redirectLocation(posted);
    expect(location).toMatch(/^\/admin\/system\?check=\d{8}T\d{6}Z-[0-9a-f]{6}$/);
    const { check } = await pageStatus(location);
    expect(check.ok).toBe(true);
    expect(check.checks.map((c: { key: string; ok: boolean }) => [c.key, c.ok])).toEqual([
      ["integrity", true],
      ["stock", true],
      ["journals", true],
      ["search", true],
      ["totals", true],
    ]);
    expect(check.checks[1].summary).toBe("The stock of all 2 products equals its movements.");
    // an address that is not a kept run says so rather than failing
    expect(await pageStatus("/admin/system?check=../../app")).toMatchObject({ check: null, checkAsked: true });
  });

  it("finds stock that differs from its movements, a journal that does not balance and a search index out of step", async () => {
    const sqlite = getDb().$client;
    const foil = sqlite.prepare("select id from products where name = 'Catering foil 450mm'").get() as { id: number };
    sqlite.prepare("update products set stock_level = 37 where id = ?").run(foil.id);
    const accounts = sqlite.prepare("select id from ledger_accounts order by code limit 2").all() as { id: number }[];
    const journal = sqlite
      .prepare("insert into journals (date, description, source_type) values ('2026-11-27', 'Hand-typed entry', 'manual')")
      .run().lastInsertRowid;
    sqlite
      .prepare("insert into journal_lines (journal_id, ledger_account_id, amount, date) values (?, ?, 1000, '2026-11-27'), (?, ?, -990, '2026-11-27')")
      .run(journal, accounts[0]!.id, journal, accounts[1]!.id);
    // a rename the search index never heard of
    sqlite.exec("drop trigger products_search_update");
    // a product moved to another category behind its count's trigger
    sqlite.exec("drop trigger products_category_count_update");
    const foils = sqlite.prepare("insert into categories (name, slug) values ('Foils', 'foils') returning id").pluck().get() as number;
    sqlite.prepare("update products set category_id = ? where id = ?").run(foils, foil.id);
    sqlite.prepare("update products set name = 'Renamed behind the index' where id = ?").run(foil.id);

    const response = await callRoute(apiCheck.action, buildRequest("/api/admin/system/check", { method: "POST", json: {}, cookie: adminCookie }));
    expect(response.status).toBe(200);
    const run = await readJson(response);
    expect(run.ok).toBe(false);
    const byKey = Object.fromEntries(run.checks.map((c: { key: string }) => [c.key, c]));
    expect(byKey.integrity.ok).toBe(true);
    expect(byKey.stock).toMatchObject({ ok: false, problemCount: 1 });
    expect(byKey.stock.problems[0]).toBe(`Renamed behind the index (#${foil.id}): stock is 37, its movements sum to 40`);
    expect(byKey.journals).toMatchObject({ ok: false });
    expect(byKey.journals.problems).toContain(`Journal ${journal} (Hand-typed entry) does not balance: its lines sum to 10p`);
    expect(byKey.search).toMatchObject({ ok: false, summary: "The search index does not match the products." });
    // the hand-typed lines went through the day totals' trigger; the category move did not reach its count
    expect(byKey.totals).toMatchObject({ ok: false, problemCount: 1, problems: ["The products per category differ from the rows they total in 1 row"] });
    // the same run is on the page
    const shown = await pageStatus(`/admin/system?check=${run.id}`);
    expect(shown.check).toEqual(run);
  });
});
