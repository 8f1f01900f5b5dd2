/**
 * Runs Litestream beside the server while REPLICA_URL is set (docs/decisions/0057), from the first server
 * process, once the database is migrated: `litestream replicate` as a child process, started again if it
 * stops, and stopped with the server. The product images are mirrored to the replica too: copied into a folder,
 * or uploaded to a bucket (server/replica-images.ts).
 *
 * Litestream's lifetime is tied to this process's: it runs a watcher (its `-exec` subprocess) that ends when
 * this process is gone, and Litestream stops when its subprocess ends, after a last sync. So a server killed
 * the hard way leaves no replicator behind to race the next start's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { imagesBeside, copyImages } from "./backup";
import { litestreamBinary, litestreamEnvironment, writeLitestreamConfig, type ReplicaTarget } from "./replica";
import { bucketImageMirror } from "./replica-images";

/** New product images reach the replica within this (a picture is written once and never changed). */
export const IMAGE_MIRROR_INTERVAL_MS = 30_000;
const RESTART_DELAY_MS = { first: 1_000, max: 60_000 };
/** A Litestream that ran this long before it stopped is started again at once, not after a longer wait. */
const STEADY_MS = 60_000;

type Log = { info: (message: string) => void; error: (message: string) => void };
const consoleLog: Log = { info: (m) => console.log(m), error: (m) => console.error(m) };

/** The command Litestream runs and waits on: it ends once process `pid` has gone. */
export function watcherCommand(pid: number) {
  // GNU tail waits on a pid without a process a second; elsewhere a shell loop does the same
  return process.platform === "linux" ? `tail --pid=${pid} -f /dev/null` : `sh -c 'while kill -0 ${pid} 2>/dev/null; do sleep 1; done'`;
}

export type Replicator = {
  /** the running Litestream's process id, or null between a stop and its restart */
  pid(): number | null;
  /** copies new product images to the replica now (a folder or a bucket); the number copied */
  mirrorImages(): Promise<number>;
  /** stops Litestream (after its last sync) and the image mirror */
  stop(): Promise<void>;
};

export function startReplicator({
  databaseFile,
  target,
  log = consoleLog,
}: {
  databaseFile: string;
  target: ReplicaTarget;
  log?: Log;
}): Replicator {
  const config = writeLitestreamConfig(databaseFile, target);
  const binary = litestreamBinary();
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay = RESTART_DELAY_MS.first;
  let restartTimer: NodeJS.Timeout | undefined;

  const forward = (stream: NodeJS.ReadableStream | null, write: (line: string) => void) => {
    let pending = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line.trim()) write(`litestream: ${line}`);
    });
  };

  function run() {
    const startedAt = Date.now();
    const started = spawn(binary, ["replicate", "-config", config, "-exec", watcherCommand(process.pid)], {
      stdio: ["ignore", "pipe", "pipe"],
      env: litestreamEnvironment(target),
    });
    child = started;
    forward(started.stdout, log.info);
    // Litestream writes its ordinary progress to stderr too
    forward(started.stderr, log.info);
    started.on("error", (error) => log.error(`Could not run Litestream (${binary}): ${error.message}`));
    started.on("exit", (code, signal) => {
      if (child === started) child = null;
      if (stopping) return;
      if (Date.now() - startedAt > STEADY_MS) delay = RESTART_DELAY_MS.first;
      log.error(`Litestream stopped (${signal ?? `exit ${code}`}); the replica is not being updated. Starting it again in ${delay / 1000} s.`);
      restartTimer = setTimeout(() => {
        if (!stopping) run();
      }, delay);
      restartTimer.unref();
      delay = Math.min(delay * 2, RESTART_DELAY_MS.max);
    });
  }

  const bucketImages = target.kind === "s3" ? bucketImageMirror(databaseFile, target) : null;
  const imagesPlace = target.kind === "s3" ? `s3://${target.bucket}/${target.imagesPrefix}` : target.images;
  async function mirrorImages() {
    try {
      if (bucketImages) return await bucketImages.mirror();
      return target.kind === "folder" ? copyImages(imagesBeside(databaseFile), target.images) : 0;
    } catch (error) {
      log.error(`Could not copy product images to ${imagesPlace}: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }

  run();
  log.info(`Replicating ${databaseFile} to ${target.display} with Litestream (config ${config}).`);
  void mirrorImages();
  // a bucket's round that runs longer than the interval is joined, not started twice (bucketImageMirror)
  const mirrorTimer = setInterval(() => void mirrorImages(), IMAGE_MIRROR_INTERVAL_MS);
  mirrorTimer.unref();

  // A plain exit (the server's graceful stop ends with process.exit) still asks Litestream for its last sync.
  const onExit = () => {
    stopping = true;
    child?.kill("SIGTERM");
  };
  process.on("exit", onExit);
  // Signals reach Litestream too when they come to the whole group (Ctrl+C, systemd): it is then stopping, not dead.
  const onSignal = () => {
    stopping = true;
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);

  return {
    pid: () => child?.pid ?? null,
    mirrorImages,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      clearInterval(mirrorTimer);
      process.off("exit", onExit);
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      await mirrorImages();
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      running.kill("SIGTERM");
      const timer = setTimeout(() => running.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
