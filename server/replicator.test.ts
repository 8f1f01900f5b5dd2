/**
 * The replicator with the real Litestream binary on a small database: it ships changes and images to a
 * folder, and to a bucket on a real S3-compatible server on this machine (s3rver), the status says how far
 * behind the copy is, a Litestream that dies is started again, and the copy restores to a whole file with
 * its pictures.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { replicaTarget } from "./replica";
import { restoreFromReplica } from "./replica-restore";
import { replicaLagSeconds, replicaStatus } from "./replica-status";
import { startReplicator, type Replicator } from "./replicator";
import { startLocalS3, storedKeys } from "../tests/support/s3-server";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function until<T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean, withinMs = 20_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A shop's data folder with one picture and a WAL database of 20 orders; `place(n)` adds n more. */
function liveShop(dir: string, pictures: Record<string, string>) {
  const databaseFile = path.join(dir, "data", "app.db");
  const images = path.join(dir, "data", "images");
  fs.mkdirSync(images, { recursive: true });
  for (const [name, content] of Object.entries(pictures)) fs.writeFileSync(path.join(images, name), content);
  const db = new Database(databaseFile);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec("create table orders (id integer primary key, number text not null)");
  const place = (n: number) => {
    for (let i = 0; i < n; i++) db.prepare("insert into orders (number) values (?)").run(`ORD-${Math.random().toString(36).slice(2)}`);
  };
  place(20);
  return { databaseFile, images, db, place };
}

describe("the replicator", () => {
  it("keeps a folder replica within a second, restarts Litestream, and the copy restores whole", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "replicator-"));
    const { databaseFile, db, place } = liveShop(dir, { "aaaa.png": "first picture" });

    const env = { REPLICA_URL: path.join(dir, "copy") };
    const target = replicaTarget(env)!;
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    const replicator: Replicator = startReplicator({ databaseFile, target, log });
    stops.push(() => replicator.stop());
    const status = () => replicaStatus({ databaseFile, env });

    // the first snapshot, then nothing behind
    const first = await until("the first snapshot", status, (s) => s.configured && s.lastSnapshotAt !== null && s.lagSeconds === 0);
    expect(first).toMatchObject({ configured: true, kind: "folder", target: target.display, imagesWaiting: 0, problem: null });
    expect(fs.readFileSync(path.join(dir, "copy", "images", "aaaa.png"), "utf8")).toBe("first picture");
    expect(fs.readFileSync(path.join(dir, "data", "litestream.yml"), "utf8")).toContain(databaseFile);
    expect(await replicaLagSeconds({ databaseFile, env })).toBe(0);

    // new orders reach the replica within a couple of seconds; a new picture waits for the mirror
    const before = first.configured ? Date.parse(first.lastReplicatedAt!) : 0;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    place(10);
    const shipped = await until("new orders shipped", status, (s) => s.configured && s.lagSeconds === 0 && Date.parse(s.lastReplicatedAt!) > before, 5_000);
    expect(shipped.configured && shipped.lagSeconds).toBe(0);
    fs.writeFileSync(path.join(dir, "data", "images", "bbbb-640.webp"), "second picture");
    expect(await status()).toMatchObject({ imagesWaiting: 1 });
    expect(await replicator.mirrorImages()).toBe(1);
    expect(await status()).toMatchObject({ imagesWaiting: 0 });

    // Litestream killed: started again within the restart delay, and it ships what came meanwhile
    const firstPid = replicator.pid()!;
    process.kill(firstPid, "SIGKILL");
    await until("a new Litestream", () => replicator.pid(), (pid) => pid !== null && pid !== firstPid, 10_000);
    expect(lines.join("\n")).toMatch(/Litestream stopped \(SIGKILL\); the replica is not being updated/);
    place(10);
    await until("orders shipped by the new Litestream", status, (s) => s.configured && s.lagSeconds === 0, 10_000);

    // stopped: no Litestream left, and changes made now leave the replica behind
    const lastPid = replicator.pid()!;
    await replicator.stop();
    expect(alive(lastPid)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    place(5);
    const behind = await status();
    expect(behind.configured && behind.lagSeconds).toBeGreaterThanOrEqual(1);
    expect(await replicaLagSeconds({ databaseFile, env })).toBeGreaterThanOrEqual(1);
    const count = (db.prepare("select count(*) as n from orders").get() as { n: number }).n;
    expect(count).toBe(45);
    db.close();

    // the disk is lost: the replica gives back the 40 orders shipped and both pictures
    fs.rmSync(path.join(dir, "data"), { recursive: true });
    const restored = await restoreFromReplica({ databaseFile, target });
    expect(restored.images).toBe(2);
    const copy = new Database(databaseFile, { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect((copy.prepare("select count(*) as n from orders").get() as { n: number }).n).toBe(40);
    copy.close();
    expect(fs.readFileSync(path.join(dir, "data", "images", "bbbb-640.webp"), "utf8")).toBe("second picture");
    fs.rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it("keeps a bucket replica on an S3-compatible server, images included, and restores both from it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "replicator-s3-"));
    const s3 = await startLocalS3(path.join(dir, "store"));
    stops.push(() => s3.close());
    const { databaseFile, images, db, place } = liveShop(dir, { "aaaa.png": "first picture", "aaaa-160.webp": "its rendition" });

    const env = s3.settings("shop");
    const target = replicaTarget(env)!;
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    const replicator = startReplicator({ databaseFile, target, log });
    stops.push(() => replicator.stop());
    const status = () => replicaStatus({ databaseFile, env });

    // Litestream's first snapshot in the bucket, nothing behind, both pictures beside it
    const first = await until("the first snapshot", status, (s) => s.configured && s.lastSnapshotAt !== null && s.lagSeconds === 0 && s.imagesWaiting === 0, 30_000);
    expect(first).toMatchObject({ configured: true, kind: "s3", target: `s3://replica/shop at ${s3.endpoint}`, problem: null });
    expect(storedKeys(s3, "shop/images/")).toEqual(["shop/images/aaaa-160.webp", "shop/images/aaaa.png"]);
    expect(storedKeys(s3, "shop/db/generations/").some((key) => key.includes("/snapshots/"))).toBe(true);
    expect(fs.readFileSync(path.join(dir, "data", "litestream.yml"), "utf8")).not.toContain("S3RVER");
    expect(await replicaLagSeconds({ databaseFile, env })).toBe(0);

    // new orders reach the bucket; a new picture waits for the mirror's next round
    place(10);
    await until("new orders shipped", () => replicaLagSeconds({ databaseFile, env }), (lag) => lag === 0, 15_000);
    fs.writeFileSync(path.join(images, "bbbb-640.webp"), "second picture");
    expect(await replicator.mirrorImages()).toBe(1);
    expect(await replicator.mirrorImages()).toBe(0);
    expect(storedKeys(s3, "shop/images/")).toContain("shop/images/bbbb-640.webp");

    // stopped after a last sync; the disk is lost: the bucket gives back the 30 orders and the three pictures
    await replicator.stop();
    db.close();
    fs.rmSync(path.join(dir, "data"), { recursive: true });
    const restored = await restoreFromReplica({ databaseFile, target });
    expect(restored).toMatchObject({ images: 3, imagesProblem: null });
    const copy = new Database(databaseFile, { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect((copy.prepare("select count(*) as n from orders").get() as { n: number }).n).toBe(30);
    copy.close();
    expect(fs.readdirSync(images).sort()).toEqual(["aaaa-160.webp", "aaaa.png", "bbbb-640.webp"]);
    expect(fs.readFileSync(path.join(images, "bbbb-640.webp"), "utf8")).toBe("second picture");
    expect(lines.filter((line) => /Could not|stopped/.test(line))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it("says plainly when there is no replica, or nothing in it yet", async () => {
    expect(await replicaStatus({ env: {} })).toEqual({ configured: false, message: "No copy off this disk: REPLICA_URL is not set." });
    expect(await replicaLagSeconds({ env: {} })).toBeNull();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "replica-empty-"));
    const status = await replicaStatus({ databaseFile: path.join(dir, "app.db"), env: { REPLICA_URL: path.join(dir, "copy") } });
    expect(status).toMatchObject({ configured: true, lagSeconds: null, lastSnapshotAt: null, problem: expect.stringMatching(/Nothing has been replicated/) });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
