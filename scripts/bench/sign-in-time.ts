/**
 * The benchmark's sign-in time: does a sign-in take as long for an email with no account as for one with an
 * account? (A difference tells anyone who tries which emails have accounts.) One server process at the
 * production hash cost, on a copy of the demo data with the demo buyer's password hashed at that cost; every
 * attempt gives a wrong password, so every answer is the same 401 and only the account's existence differs.
 *
 * After one warm-up sign-in, the fresh process's first unknown email is timed on its own (a decoy hash made
 * on first use once doubled exactly that one), then known and unknown emails alternate, the median of each
 * taken. Budget: both within 20 % of the known email's median.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { DEFAULT_PASSWORD_HASH_COST, hashPassword } from "../../app/utils/password.server";
import { startServer, stopHard } from "../server-process";
import type { Check } from "./budgets";

export type SignInFigures = {
  /** log2 of scrypt's N, the production default */
  cost: number;
  /** timed attempts of each kind after the first unknown email */
  samples: number;
  knownMs: number;
  unknownMs: number;
  firstUnknownMs: number;
};

const KNOWN = "buyer@example.com";
/** below the 10 failures that hold an account (ACCOUNT_FAILURE_LIMIT), counting the warm-up */
const SAMPLES = 7;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The demo data (checkpointed, so the file alone holds it) copied into `dir`, the buyer's hash at `cost`. */
async function prepare(demoFile: string, dir: string, cost: number) {
  fs.mkdirSync(dir, { recursive: true });
  const source = new Database(demoFile);
  source.pragma("wal_checkpoint(TRUNCATE)");
  source.close();
  fs.copyFileSync(demoFile, path.join(dir, "app.db"));
  const previous = process.env.PASSWORD_HASH_COST;
  process.env.PASSWORD_HASH_COST = String(cost);
  try {
    const hash = await hashPassword("buyer-demo");
    const db = new Database(path.join(dir, "app.db"));
    db.prepare("update users set password_hash = ? where email = ?").run(hash, KNOWN);
    db.close();
  } finally {
    if (previous === undefined) delete process.env.PASSWORD_HASH_COST;
    else process.env.PASSWORD_HASH_COST = previous;
  }
}

export async function measureSignInTime(demoFile: string, dir: string): Promise<SignInFigures> {
  const cost = DEFAULT_PASSWORD_HASH_COST;
  await prepare(demoFile, dir, cost);
  const server = await startServer(dir, { WEB_CONCURRENCY: "1", SKIP_SEED: "true", PASSWORD_HASH_COST: String(cost) });
  let unknownCount = 0;
  const attempt = async (email: string) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email, password: "not-the-password" }),
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status !== 401) throw new Error(`sign-in of ${email} answered ${response.status}, not 401`);
    return ms;
  };
  const unknown = () => attempt(`nobody-${++unknownCount}@example.com`);
  try {
    await attempt(KNOWN);
    const firstUnknownMs = await unknown();
    const known: number[] = [];
    const unknowns: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      known.push(await attempt(KNOWN));
      unknowns.push(await unknown());
    }
    const round = (ms: number) => Math.round(ms);
    return { cost, samples: SAMPLES, knownMs: round(median(known)), unknownMs: round(median(unknowns)), firstUnknownMs: round(firstUnknownMs) };
  } finally {
    await stopHard(server);
  }
}

/** The figures as one line. */
export function formatSignInFigures(f: SignInFigures): string {
  return `known email ${f.knownMs} ms, unknown email ${f.unknownMs} ms (medians of ${f.samples}); a fresh process's first unknown email ${f.firstUnknownMs} ms (one process, hash cost ${f.cost}, wrong passwords)`;
}

/** unknown ÷ known, for the median and for a fresh process's first unknown email: each within 20 %. */
export function signInChecks(f: SignInFigures): Check[] {
  const checks: [string, number][] = [
    ["sign-in: unknown ÷ known email, medians", f.unknownMs],
    ["sign-in: first unknown email ÷ known", f.firstUnknownMs],
  ];
  return checks.map(([budget, ms]) => {
    const ratio = ms / Math.max(f.knownMs, 1);
    return { budget: `${budget}, within 20 %`, target: "POST /api/auth/login", value: ratio.toFixed(2), limit: "0.80 – 1.20", pass: ratio >= 0.8 && ratio <= 1.2 };
  });
}
