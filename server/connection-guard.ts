/**
 * What keeps one server process answering through a connection flood (docs/decisions/0047-connection-floods.md).
 *
 * Every connection costs an open file. A process that reaches its open-file limit can no longer accept,
 * open the database or read a template, and under node:cluster's default scheduling it also stops taking
 * connections from the first process for good. So each process:
 * - takes at most `limit` connections at once (below its open-file limit; a connection past it is closed
 *   the moment it is accepted, which costs nothing to keep);
 * - gives a client `headersTimeout` to send a request's head, and closes an idle keep-alive connection
 *   after `keepAliveTimeout`;
 * - under pressure (half the limit in use) sheds first what a flood is made of: connections that have not
 *   finished a request head within `patienceUnderPressureMs`, then idle keep-alive connections. A browser
 *   sends its head in one packet right after connecting, so a real buyer is rarely the one shed.
 */
import fs from "node:fs";
import type http from "node:http";
import type net from "node:net";

/** Files a process keeps for itself beyond connections: the database and its journal, logs, uploads, templates. */
const FILES_KEPT_BACK = 256;

/** This process's open-file limit (the soft one, which is what counts), or null where it cannot be read. */
export function openFileLimit(limitsFile = "/proc/self/limits"): number | null {
  try {
    const line = fs
      .readFileSync(limitsFile, "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/**
 * How many connections one process takes at once: MAX_CONNECTIONS when set, never more than the open-file
 * limit leaves after what the process keeps for itself (a quarter of the limit at least), at least 16.
 */
export function connectionLimit(
  env: Record<string, string | undefined> = process.env,
  files: number | null = openFileLimit(),
): number {
  const byFiles = files === null ? 10_000 : files - Math.max(FILES_KEPT_BACK, Math.floor(files / 4));
  const configured = Number(env.MAX_CONNECTIONS);
  const wanted = env.MAX_CONNECTIONS && Number.isInteger(configured) && configured > 0 ? configured : byFiles;
  return Math.max(16, Math.min(wanted, byFiles));
}

export type ConnectionGuardOptions = {
  limit: number;
  /** share of the limit in use from which the guard sheds connections */
  pressureShare?: number;
  /** how long a connection may take to send a request head while the process is under pressure */
  patienceUnderPressureMs?: number;
  sweepEveryMs?: number;
};

/** The settings every server process's HTTP server is created with. */
export const HTTP_SERVER_OPTIONS = {
  // a request head must arrive within 15 s (a phone on a weak signal needs a few); the whole request,
  // a large CSV upload on a slow line included, within 5 minutes
  headersTimeout: 15_000,
  requestTimeout: 300_000,
  // how often those two are checked (Node's default of 30 s lets a flood hold its sockets twice as long)
  connectionsCheckingInterval: 1_000,
} satisfies http.ServerOptions;

/**
 * An idle connection is kept longer than clients and proxies keep theirs (commonly 60 s), so the server is
 * never the one closing a connection just as a client sends its next request on it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function guardConnections(server: http.Server, options: ConnectionGuardOptions) {
  const { limit, pressureShare = 0.5, patienceUnderPressureMs = 2_000, sweepEveryMs = 250 } = options;
  server.maxConnections = limit;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

  let open = 0;
  /** connections that have not sent a whole request head yet, oldest first (a Map keeps insertion order) */
  const waitingForHead = new Map<net.Socket, number>();
  let shed = 0;

  server.on("connection", (socket: net.Socket) => {
    open += 1;
    waitingForHead.set(socket, Date.now());
    socket.once("close", () => {
      open -= 1;
      waitingForHead.delete(socket);
    });
  });
  server.on("request", (request: http.IncomingMessage) => {
    waitingForHead.delete(request.socket);
  });

  const sweep = setInterval(() => {
    if (open < limit * pressureShare) return;
    const before = Date.now() - patienceUnderPressureMs;
    for (const [socket, connectedAt] of waitingForHead) {
      if (connectedAt > before) break;
      waitingForHead.delete(socket);
      socket.destroy();
      shed += 1;
    }
    server.closeIdleConnections();
  }, sweepEveryMs);
  sweep.unref();
  server.once("close", () => clearInterval(sweep));

  return {
    /** connections open now, and how many were shed under pressure since the start */
    stats: () => ({ open, limit, shed }),
  };
}
