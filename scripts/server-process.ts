/**
 * The real server as a separate process on its own database file: for the benchmark, and for the fault
 * tests that stop it the hard way (SIGKILL), the polite way (SIGTERM) or copy its file while it writes.
 * Started through `npm start`'s own script in a process group of its own, so a signal reaches the wrapper
 * and every server process alike.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";

export type RunningServer = {
  url: string;
  port: number;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
};

export function tempDir(name: string, under = "tests/.tmp/faults") {
  const dir = path.resolve(under, `${name}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The settings a test server runs with on `dir`/app.db; `env` adds or overrides. */
function serverEnvironment(dir: string, port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_PATH: path.join(dir, "app.db"),
    OUTBOX_DIR: path.join(dir, "outbox"),
    SESSION_SECRET: "faults-session-secret-not-for-production",
    COOKIE_SECURE: "false",
    SMTP_URL: "",
    LLM_API_URL: "",
    SIGN_IN_RATE_LIMIT: "100000",
    PASSWORD_HASH_COST: "10",
    ...env,
  };
}

/**
 * Runs `npm start`'s script on `dir`/app.db expecting it to stop by itself (a start that is refused), and
 * gives its exit code and output. Stopped the hard way if it is still running after `withinMs`.
 */
export async function runServerToExit(dir: string, env: Record<string, string> = {}, withinMs = 240_000) {
  const child = spawn(process.execPath, ["scripts/start.js"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: serverEnvironment(dir, await freePort(), env),
  });
  const output: string[] = [];
  child.stdout!.on("data", (chunk) => output.push(String(chunk)));
  child.stderr!.on("data", (chunk) => output.push(String(chunk)));
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), withinMs);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: output.join("") };
}

/**
 * Starts the server on `dir`/app.db (seeding the demo when it is empty); `env` adds or overrides settings.
 * It counts as started once it answers and has said that every one of its processes listens: the first
 * process answers a while before the others have loaded, on a busy box seconds before.
 * `openFiles` lowers the processes' open-file limit (as `ulimit -n` does), so a flood can reach it with a
 * bounded number of connections. `onSpawn` hears the started process's pid at once (the benchmark samples
 * its memory, and its children's, from the first moment).
 */
export async function startServer(
  dir: string,
  env: Record<string, string> = {},
  { openFiles, onSpawn }: { openFiles?: number; onSpawn?: (pid: number) => void } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const output: string[] = [];
  const [command, args] = openFiles
    ? ["/bin/sh", ["-c", `ulimit -n ${Math.floor(openFiles)} && exec "$0" "$@"`, process.execPath, "scripts/start.js"]]
    : [process.execPath, ["scripts/start.js"]];
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: serverEnvironment(dir, port, env) });
  if (child.pid !== undefined) onSpawn?.(child.pid);
  child.stdout!.on("data", (chunk) => output.push(String(chunk)));
  child.stderr!.on("data", (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output.join("")}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok && output.join("").includes("Trade counter listening")) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, port, process: child, output, exited };
}

/** Sends `signal` to the wrapper and the server (the whole process group). */
export function signal(server: RunningServer, name: NodeJS.Signals) {
  try {
    process.kill(-server.process.pid!, name);
  } catch {
    // already gone
  }
}

export async function stopHard(server: RunningServer) {
  signal(server, "SIGKILL");
  await server.exited;
}

/** A read-only look at the server's database file (WAL mode lets it read beside a running server). */
export function openDatabase(file: string) {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/** A signed-in client of the JSON API: same-origin headers and the session cookie on every call. */
export async function apiClient(server: RunningServer, email: string, password: string) {
  const headers = { "Content-Type": "application/json", Origin: server.url };
  const login = await fetch(`${server.url}/api/auth/login`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return {
    cookie,
    headers: { ...headers, Cookie: cookie },
    post(pathname: string, body: unknown, extra: Record<string, string> = {}) {
      return fetch(`${server.url}${pathname}`, {
        method: "POST",
        headers: { ...headers, Cookie: cookie, ...extra },
        body: JSON.stringify(body),
      });
    },
  };
}
