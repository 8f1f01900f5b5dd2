/**
 * Runs before each test file: points the app at a brand-new SQLite file and outbox of its own,
 * so files never see each other's rows, even when a worker process is reused for several files.
 * `getDb()` opens and migrates the file on first use.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

type Closable = { $client?: { open?: boolean; close(): void } };
const globals = globalThis as typeof globalThis & { __appDb?: Closable };

function closeCachedDb() {
  const cached = globals.__appDb;
  globals.__appDb = undefined;
  try {
    if (cached?.$client?.open !== false) cached?.$client?.close();
  } catch {
    // already closed by the test itself
  }
}

// A connection cached by the previous file in this worker points at that file's database.
closeCachedDb();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "trade-counter-test-"));

process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.OUTBOX_DIR = path.join(dir, "outbox");
process.env.SESSION_SECRET = "test-session-secret-not-for-production";
process.env.SKIP_SEED = "true";
process.env.COOKIE_SECURE = "false";
// Cheap password hashes (N=2^10): production uses 17; the cost is stored in each hash, so verifying is unchanged.
process.env.PASSWORD_HASH_COST = "10";
// The log goes to logs/ beside this file's database only: a line per request on the test output is noise.
process.env.LOG_STDOUT = "false";
// a logger kept by the previous file in this worker writes to that file's folder (log.server.ts)
(globalThis as { __appLog?: unknown }).__appLog = undefined;
// Tests must never reach a real mail server or model endpoint.
delete process.env.SMTP_URL;
delete process.env.LLM_API_URL;
// A replica is set up by the tests about it, never inherited from the shell.
delete process.env.REPLICA_URL;

afterAll(() => {
  closeCachedDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
