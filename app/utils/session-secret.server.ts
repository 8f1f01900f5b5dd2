/**
 * The secret that signs the session cookie. `SESSION_SECRET` wins; without it a random secret is made on
 * the first start and kept beside the database (readable by its owner only), so every install has its own
 * and a restart keeps everyone signed in. There is no built-in value: a secret printed in the source would
 * let anyone forge a session cookie for any install that forgot to set one.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const SESSION_SECRET_FILE = "session-secret";

export function sessionSecretFrom(env: Record<string, string | undefined>, dataDir: string): string {
  const configured = env.SESSION_SECRET?.trim();
  if (configured) return configured;
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    const kept = fs.readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
    fs.rmSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = crypto.randomBytes(32).toString("hex");
  fs.mkdirSync(dataDir, { recursive: true });
  // "wx": two processes starting at once must not each write their own; the loser reads the winner's
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return fs.readFileSync(file, "utf8").trim();
  }
}
