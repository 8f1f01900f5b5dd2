/**
 * The one structured log of a server process: JSON lines (pino) to stdout, for a service manager's journal,
 * and to rolling files in `data/logs/` beside the database (LOG_DIR to move them), so the owner and the System
 * page can read them back. Each process writes files of its own (`app-<pid>.<date>.<n>.log`): two processes
 * rolling one file would each rename it under the other. A line written while a request is being answered
 * carries that request's id (`reqId`) and, once known, the signed-in user's id (`userId`).
 *
 * What never goes in: passwords, tokens, card data, cookies and query strings. Request lines carry the path
 * alone, with the secret part of a reset link cut out (redactedPath); the fields below are cut from any
 * object logged, at its first three levels.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { format } from "node:util";
import pino from "pino";
import pinoRoll from "pino-roll";
import { databasePath } from "./db.server";

export type RequestContext = { requestId: string; userId: string | null };

type LogState = { context: AsyncLocalStorage<RequestContext>; logger: pino.Logger | null; fileOpened: Promise<void> };

declare global {
  // eslint-disable-next-line no-var
  var __appLog: LogState | undefined;
}

/**
 * One per process, kept on globalThis: server.ts loads this module from source and the app's build carries its
 * own copy, and both must share the request context and the one file stream (as getDb shares one connection).
 */
const state: LogState = (globalThis.__appLog ??= { context: new AsyncLocalStorage<RequestContext>(), logger: null, fileOpened: Promise.resolve() });
const requestContext = state.context;

/** Runs `work` as part of answering one request: every line logged meanwhile carries its id. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return requestContext.run(context, work);
}

export function currentRequestContext(): RequestContext | undefined {
  return requestContext.getStore();
}

/** Notes who is signed in on the request being answered, for its request line and anything logged after. */
export function noteRequestUser(userId: string) {
  const context = requestContext.getStore();
  if (context) context.userId = userId;
}

/** Field names whose values are secret wherever they appear in a logged object. */
const SECRET_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "passwordHash",
  "token",
  "resetToken",
  "secret",
  "cookie",
  "authorization",
  "cardNumber",
  "cvc",
  "cvv",
];
const SECRET = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));
const REDACTED = "[redacted]";

/**
 * `value` with every secret field (any case, first three levels) replaced by "[redacted]"; the same object when
 * it holds none, so the common line costs a walk of its few fields. (pino's own `redact` with wildcard paths
 * took some 250 µs a line here, more than the rest of the logging.)
 */
export function withoutSecrets<T>(value: T, depth = 0): T {
  if (depth > 2 || value === null || typeof value !== "object" || Array.isArray(value) || value instanceof Error) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, field] of Object.entries(value)) {
    const cleaned = SECRET.has(key.toLowerCase()) ? REDACTED : withoutSecrets(field, depth + 1);
    if (cleaned !== field) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = cleaned;
    }
  }
  return (copy ?? value) as T;
}

/** The log folder: LOG_DIR, else `logs/` in the folder of the database (DATABASE_PATH). */
export function logDir(): string {
  const configured = process.env.LOG_DIR?.trim();
  return configured ? path.resolve(configured) : path.join(path.dirname(databasePath()), "logs");
}

/** The files one process writes: app-<pid>.<yyyy-MM-dd>.<n>.log */
export const LOG_FILE = /^app-\d+\.\d{4}-\d{2}-\d{2}\.\d+\.log$/;

const DEFAULT_FILE_SIZE_MB = 10;
const DEFAULT_FILES_KEPT = 10;

function positiveNumber(value: string | undefined, fallback: number) {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : fallback;
}

/** How the files are capped: each at LOG_FILE_SIZE_MB, LOG_FILES_KEPT per process, LOG_MAX_AGE_DAYS and LOG_MAX_TOTAL_MB in all. */
export function logLimits(env: Record<string, string | undefined> = process.env) {
  return {
    fileSizeMb: positiveNumber(env.LOG_FILE_SIZE_MB, DEFAULT_FILE_SIZE_MB),
    filesKept: Math.floor(positiveNumber(env.LOG_FILES_KEPT, DEFAULT_FILES_KEPT)),
    maxAgeDays: positiveNumber(env.LOG_MAX_AGE_DAYS, 14),
    maxTotalMb: positiveNumber(env.LOG_MAX_TOTAL_MB, 500),
  };
}

type Logger = pino.Logger;

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL?.trim() || "info";
  const streams = pino.multistream([]);
  if (process.env.LOG_STDOUT !== "false") streams.add({ level: level as pino.Level, stream: pino.destination({ dest: 1, sync: true }) });
  if (process.env.LOG_FILE !== "false") {
    const limits = logLimits();
    const dir = logDir();
    state.fileOpened = pinoRoll({
      file: path.join(dir, `app-${process.pid}`),
      frequency: "daily",
      dateFormat: "yyyy-MM-dd",
      size: `${limits.fileSizeMb}m`,
      limit: { count: limits.filesKept },
      mkdir: true,
      // each line is written as it is logged, not buffered: an error logged just before a crash is not lost
      sync: true,
    }).then(
      (stream) => {
        streams.add({ level: level as pino.Level, stream });
      },
      (error: unknown) => {
        process.stderr.write(`Could not open the log folder ${dir}: ${(error as Error).message}\n`);
      },
    );
  }
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (object) => withoutSecrets(object) },
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
      mixin() {
        const context = requestContext.getStore();
        if (!context) return {};
        return context.userId ? { reqId: context.requestId, userId: context.userId } : { reqId: context.requestId };
      },
    },
    streams,
  );
}

/** This process's logger (made on first use). */
export function log(): Logger {
  state.logger ??= createLogger();
  return state.logger;
}

/** Resolves once the log file is open (lines logged before then reach stdout only). */
export async function logFileReady(): Promise<void> {
  log();
  await state.fileOpened;
}

/** Logs a failure with its stack: `message` says what was being done. */
export function logError(message: string, error: unknown, fields: Record<string, unknown> = {}) {
  log().error({ ...fields, err: error }, message);
}

/**
 * For the server's own processes: console output and uncaught errors go through the log too, so start-up
 * and shut-down messages, and errors a library prints, are JSON lines in the file like the rest. Also marks
 * when the server started, for the System page (its processes inherit the mark).
 */
export function logThisProcess() {
  process.env.SERVER_STARTED_AT ??= String(Date.now());
  const logger = log();
  const write = (level: "info" | "warn" | "error") => (...args: unknown[]) => {
    const err = args.find((arg): arg is Error => arg instanceof Error);
    const message = format(...args.filter((arg) => arg !== err));
    if (err) logger[level]({ err }, message || err.message);
    else logger[level](message);
  };
  console.log = write("info");
  console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "Uncaught error: the process stops");
    process.exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "A promise failed with no one to handle it");
  });
}

/**
 * The secret part of a path cut out: a reset link's token is the link itself, and the log is read by
 * people who must not be able to use it.
 */
export function redactedPath(pathname: string): string {
  return pathname.replace(/^(\/reset-password\/)[^/]+/i, "$1[redacted]");
}

export type LogFile = { path: string; size: number; modified: number };

/** The log files of every process in `dir`, the most recently written first. */
export function logFiles(dir = logDir()): LogFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => LOG_FILE.test(name));
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const file = path.join(dir, name);
      try {
        const stat = fs.statSync(file);
        return [{ path: file, size: stat.size, modified: stat.mtimeMs }];
      } catch {
        return []; // rolled away meanwhile
      }
    })
    .sort((a, b) => b.modified - a.modified);
}

/**
 * Deletes log files past their age (LOG_MAX_AGE_DAYS) and, oldest first, whatever takes the folder past
 * LOG_MAX_TOTAL_MB, each process's own rolling cap aside: the files of processes long gone are nobody's to
 * roll. A file written in the last hour is kept, so a running process never loses the file it writes.
 */
export function pruneLogs(now = Date.now(), dir = logDir(), limits = logLimits()) {
  const files = logFiles(dir);
  const oldest = now - limits.maxAgeDays * 24 * 60 * 60 * 1000;
  const budget = limits.maxTotalMb * 1024 * 1024;
  let total = 0;
  let deleted = 0;
  for (const file of files) {
    total += file.size;
    const recent = file.modified > now - 60 * 60 * 1000;
    if (recent || (file.modified >= oldest && total <= budget)) continue;
    try {
      fs.unlinkSync(file.path);
      deleted++;
    } catch {
      // gone already
    }
  }
  return { deleted };
}
