/**
 * `npm run setup [-- --reset]`: makes a real install. It asks for the first admin's email and password
 * (or takes SETUP_ADMIN_EMAIL and SETUP_ADMIN_PASSWORD from the environment, for scripted installs),
 * creates that admin in an empty database and marks the install as real: from then on `npm start` never
 * seeds the demo accounts, whose passwords the README publishes.
 *
 * The database must hold no accounts. `--reset` first saves the current database (the demo, usually) to
 * data/backups/ and removes it, so a box that was tried out with the demo can become the real one.
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline/promises";
import { setUpRealInstall } from "~/domain/users/install.server";
import { databasePath, migrateDatabase, openDatabase } from "~/utils/db.server";
import { backupDatabase } from "./backup";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function serverAnswers(port: string) {
  try {
    const response = await fetch(`http://localhost:${port}/healthz`, { signal: AbortSignal.timeout(1500) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Reads a line; with `hidden`, nothing typed is echoed (a password). */
async function ask(question: string, hidden = false): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    const write = output._writeToOutput.bind(rl);
    output._writeToOutput = (text: string) => write(text.startsWith(question) ? text : "");
  }
  try {
    return (await rl.question(question)).trim();
  } finally {
    if (hidden) process.stdout.write("\n");
    rl.close();
  }
}

async function credentials() {
  const fromEnv = { email: process.env.SETUP_ADMIN_EMAIL, password: process.env.SETUP_ADMIN_PASSWORD };
  if (fromEnv.email && fromEnv.password) return fromEnv as { email: string; password: string };
  if (!process.stdin.isTTY) fail("Set SETUP_ADMIN_EMAIL and SETUP_ADMIN_PASSWORD, or run `npm run setup` in a terminal.");
  const email = await ask("First admin's email: ");
  const password = await ask("Password (at least 12 characters): ", true);
  const again = await ask("Password again: ", true);
  if (password !== again) fail("The passwords do not match; nothing was changed.");
  return { email, password };
}

async function main() {
  const target = databasePath();
  const port = process.env.PORT ?? "3000";
  if (await serverAnswers(port)) fail(`A server is answering on port ${port}. Stop it first, then run setup.`);

  if (process.argv.includes("--reset") && fs.existsSync(target)) {
    const saved = await backupDatabase(target, path.resolve("data/backups"), "-before-setup");
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(target + suffix, { force: true });
    console.log(`Saved the previous database to ${path.relative(process.cwd(), saved)} and removed it.`);
  }

  const { email, password } = await credentials();
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const db = openDatabase(target);
  migrateDatabase(db);
  const result = await setUpRealInstall(db, { email, password });
  db.$client.close();
  if (!result.ok) fail(result.message);
  console.log(`Set up: sign in at /login as ${result.value.email}. No demo data or demo accounts will be created.`);
}

main().catch((error: unknown) => fail(`Setup failed: ${error instanceof Error ? error.message : String(error)}`));
