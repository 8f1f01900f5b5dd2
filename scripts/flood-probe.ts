/**
 * `npx tsx scripts/flood-probe.ts [--connections N] [--hold S] [--open-files N] [--processes N]`: starts the
 * production server on a scratch database, floods it with half-finished requests from loopback, holds them,
 * lets them go, and reports whether /healthz answered during the flood and how long it took to answer after.
 * The figures behind docs/decisions/0042-connection-floods.md.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import { floodHalfOpen, healthyWithin, type Flood } from "../tests/support/flood";
import { startServer, stopHard, tempDir } from "./server-process";

function option(name: string, fallback: number) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const connections = option("connections", 3000);
const holdSeconds = option("hold", 10);
const openFiles = option("open-files", 0) || undefined;
const processes = option("processes", 2);
/** flooding processes: each holds its share of the connections (one process may not hold more files than the server) */
const senders = option("senders", 1);

// a sending process: opens its share, reports, holds until told to let go
if (process.env.FLOOD_PORT) {
  const began = Date.now();
  const flood = await floodHalfOpen(Number(process.env.FLOOD_PORT), connections, { firstSource: Number(process.env.FLOOD_SOURCE) });
  console.log(`  a sender: ${flood.opened} connected, ${flood.failed} failed in ${Date.now() - began} ms`);
  process.send!({ opened: flood.opened, failed: flood.failed });
  process.on("message", async () => {
    process.send!({ closedByServer: flood.closedByServer() });
    await flood.end();
    process.exit(0);
  });
  await new Promise(() => undefined);
}

/** The flood from `senders` processes, as one. */
async function floodFromProcesses(port: number): Promise<Flood & { closedSoFar: () => Promise<number> }> {
  const children = Array.from({ length: senders }, (_, index) =>
    fork(new URL(import.meta.url).pathname, ["--connections", String(Math.ceil(connections / senders))], {
      env: { ...process.env, FLOOD_PORT: String(port), FLOOD_SOURCE: String(index + 1) },
      execArgv: ["--import", "tsx"],
    }),
  );
  const reports = await Promise.all(
    children.map((child) => new Promise<{ opened: number; failed: number }>((resolve) => child.once("message", resolve as never))),
  );
  let closed = 0;
  return {
    opened: reports.reduce((sum, r) => sum + r.opened, 0),
    failed: reports.reduce((sum, r) => sum + r.failed, 0),
    closedByServer: () => closed,
    closedSoFar: async () => closed,
    end: async () => {
      const counts = await Promise.all(
        children.map(
          (child) =>
            new Promise<number>((resolve) => {
              child.once("message", (m: { closedByServer: number }) => resolve(m.closedByServer));
              child.send("end");
            }),
        ),
      );
      closed = counts.reduce((a, b) => a + b, 0);
      await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))));
    },
  };
}

const dir = tempDir("flood-probe", "tests/.tmp");
const server = await startServer(dir, { WEB_CONCURRENCY: String(processes) }, { openFiles });
try {
  const started = Date.now();
  const flood =
    senders > 1 ? await floodFromProcesses(server.port) : await floodHalfOpen(server.port, connections, { sources: Math.ceil(connections / 20_000) });
  console.log(
    `flood: ${flood.opened} connected, ${flood.failed} failed to connect in ${Date.now() - started} ms; ` +
      `${flood.closedByServer()} closed by the server so far`,
  );
  const during = await healthyWithin(server.url, 3000);
  console.log(`/healthz during the flood: ${during === null ? "no answer within 3 s" : `${during} ms`}`);
  await new Promise((resolve) => setTimeout(resolve, holdSeconds * 1000));
  console.log(`after ${holdSeconds} s held: ${flood.closedByServer()} closed by the server`);
  await flood.end();
  if (senders > 1) console.log(`closed by the server before the end: ${flood.closedByServer()}`);
  const after = await healthyWithin(server.url, 60_000);
  console.log(`/healthz after the flood ended: ${after === null ? "no answer within 60 s" : `${after} ms`}`);
} finally {
  await stopHard(server);
  const log = server.output.join("");
  if (log.trim()) console.log(`server output (last 1500 chars):\n${log.slice(-1500)}`);
  fs.rmSync(dir, { recursive: true, force: true });
}
