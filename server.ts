/**
 * The server: start-up work once (migrations and query planner statistics when the database opens, the demo
 * seed when it is empty, housekeeping timers), then WEB_CONCURRENCY processes serving HTTP on one port
 * (node:cluster; default: one per core) over the one SQLite file. With one process there is no cluster.
 * SIGTERM or Ctrl+C stops it gracefully: requests in flight are finished first.
 */
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import url from "node:url";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { databasePath, getDb, MIGRATIONS_FOLDER } from "./app/utils/db.server";
import { startHousekeeping } from "./app/utils/housekeeping.server";
import { logThisProcess } from "./app/utils/log.server";
import { DEFAULT_PASSWORD_HASH_COST, passwordHashCost } from "./app/utils/password.server";
import { serverProcessCount, SERVER_WORKER_ENV } from "./app/utils/server-processes";
import { seedIfEmpty } from "./db/seed";
import { checkDemoPasswordsAtStart } from "./app/domain/users/install.server";
import { connectionLimit, guardConnections, HTTP_SERVER_OPTIONS } from "./server/connection-guard";
import { createHttpApp } from "./server/http-app";
import { answerHealthQuestions, watchProcessHealth } from "./server/process-health";
import { replicaTarget } from "./server/replica";
import { startReplicator } from "./server/replicator";
import { markRunning } from "./server/running-install";
import { REFUSED_EXIT_CODE, UpgradeRefusal, upgradeDatabase } from "./server/upgrade";

// first: every message below, and any error, is a JSON line in the log (docs/decisions/0055)
logThisProcess();

const MODE = process.env.NODE_ENV ?? "production";
const BUILD_PATH = path.resolve("build/index.js");
const PORT = Number(process.env.PORT ?? 3000);
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
const processes = serverProcessCount();

async function importBuild(): Promise<ServerBuild> {
  const stat = fs.statSync(BUILD_PATH);
  return import(url.pathToFileURL(BUILD_PATH).href + "?t=" + stat.mtimeMs);
}

/** A start that cannot go on without a person: said plainly, with an exit code the service is not restarted on. */
function refuse(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(REFUSED_EXIT_CODE);
}

/**
 * An unusable REPLICA_URL stops the start; pending migrations are applied after a backup, or the start is
 * refused: a failed migration, a database newer than the code (server/upgrade.ts, docs/decisions/0058).
 */
async function checkReplicaAndUpgrade() {
  try {
    replicaTarget();
  } catch (error) {
    refuse(error);
  }
  try {
    await upgradeDatabase({ databaseFile: databasePath(), migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    if (error instanceof UpgradeRefusal) refuse(error);
    throw error;
  }
}

/** The work done once per start, by the first process: open (and migrate) the database, seed the demo. */
async function startUp() {
  await checkReplicaAndUpgrade();
  // An invalid PASSWORD_HASH_COST stops the start here, with a message saying what is allowed.
  const passwordCost = passwordHashCost();
  if (MODE === "production" && passwordCost < DEFAULT_PASSWORD_HASH_COST) {
    console.warn(
      `WARNING: PASSWORD_HASH_COST=${passwordCost} is below the production default of ${DEFAULT_PASSWORD_HASH_COST}: ` +
        "new password hashes are weaker than OWASP recommends. Unset it outside of tests.",
    );
  }
  const db = getDb();
  if (process.env.SKIP_SEED !== "true") {
    const seeded = await seedIfEmpty(db);
    if (seeded) console.log("Seeded the demo data into an empty database.");
  }
  await checkDemoPasswordsAtStart(db);
  return db;
}

/**
 * Serves HTTP in this process until a stop. A stop (SIGTERM from a service manager, Ctrl+C) lets every
 * request in flight finish, so an order being placed is answered rather than cut off: no new connections
 * are taken, idle keep-alive ones are closed, and the database is closed once the last reply is out. Past
 * the grace period the process stops anyway (SQLite's journal keeps the file whole either way).
 */
async function serve({ housekeeping }: { housekeeping: boolean }) {
  const db = getDb();
  const stopHousekeeping = housekeeping ? startHousekeeping(db) : () => undefined;
  const build = await importBuild();
  let stopping = false;
  const app = createHttpApp({ db, build, mode: MODE, isStopping: () => stopping });
  const server = http.createServer(HTTP_SERVER_OPTIONS, app);
  const limit = connectionLimit();
  guardConnections(server, { limit });
  if (cluster.isWorker) answerHealthQuestions(db);
  server.listen(PORT, () => {
    if (cluster.isPrimary) console.log(`Trade counter listening on http://localhost:${PORT} (up to ${limit} connections)`);
    if (MODE === "development") broadcastDevReady(build);
  });

  function stop(signal: NodeJS.Signals | "disconnect") {
    if (stopping) return;
    stopping = true;
    if (cluster.isPrimary) console.log(`${signal}: finishing the requests in flight, then stopping.`);
    stopHousekeeping();
    server.close(() => {
      db.$client.close();
      if (cluster.isPrimary) console.log("Stopped.");
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      console.error(`Requests still running after ${SHUTDOWN_GRACE_MS} ms; stopping anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // a worker is told to stop by its primary
  if (cluster.isWorker) process.on("disconnect", () => stop("disconnect"));
}

/**
 * The first process of a cluster: it keeps the housekeeping timers, starts the serving processes, starts
 * a new one if one dies or stops answering its health question, and on a stop waits for each to finish
 * its requests in flight.
 *
 * The serving processes accept connections themselves from the one listening socket (SCHED_NONE), rather
 * than this process accepting each and handing it over (node:cluster's default on Linux). Handed over, a
 * connection is a file passed down a pipe; a process at its open-file limit drops it without a word, and
 * this process then waits for that process's reply for ever and stops handing out connections at all: a
 * flood wedged the server until someone restarted it. Accepting for themselves, a busy or stuck process
 * simply takes no more and the others take them.
 */
function supervise(count: number) {
  const db = getDb();
  const stopHousekeeping = startHousekeeping(db);
  let stopping = false;
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  const health = watchProcessHealth({
    onSilent: (worker, silentMs) => {
      console.error(
        `A server process (pid ${worker.process.pid}) has not answered for ${Math.round(silentMs / 1000)} s; replacing it.`,
      );
      worker.process.kill("SIGKILL");
    },
  });
  const fork = () => health.watch(cluster.fork({ [SERVER_WORKER_ENV]: "1" }));
  for (let i = 0; i < count; i++) fork();
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === count) {
      console.log(`Trade counter listening on http://localhost:${PORT} (${count} processes, up to ${connectionLimit()} connections each)`);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        db.$client.close();
        console.log("Stopped.");
        process.exit(0);
      }
      return;
    }
    console.error(`A server process stopped (${signal ?? `exit ${code}`}); starting another.`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight, then stopping.`);
    stopHousekeeping();
    health.stop();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.disconnect();
    setTimeout(() => {
      console.error(`Requests still running after ${SHUTDOWN_GRACE_MS} ms; stopping anyway.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 1000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (cluster.isWorker) {
  await serve({ housekeeping: false });
} else {
  await startUp();
  markRunning(databasePath());
  // the continuous replica, when REPLICA_URL is set: Litestream beside this process (docs/decisions/0057)
  const replica = replicaTarget();
  if (replica) startReplicator({ databaseFile: databasePath(), target: replica });
  if (processes > 1 && MODE !== "development") supervise(processes);
  else await serve({ housekeeping: true });
}
