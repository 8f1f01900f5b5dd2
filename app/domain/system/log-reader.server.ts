/**
 * Reading the log back for the System page: the latest errors of every server process, newest first, and how
 * many mails failed lately. Each process writes files of its own (log.server.ts), so every file in the folder
 * is read, the newest first; only the end of each (TAIL_BYTES) is read, so a page stays quick however large the
 * files have grown.
 */
import fs from "node:fs";
import { logDir, logFiles } from "~/utils/log.server";
import { MAIL_FAILED_EVENT } from "~/utils/mail.server";

export type LoggedError = {
  time: string;
  level: "error" | "fatal";
  message: string;
  /** the request's id (its reference on the error page), when it happened while answering one */
  reqId: string | null;
  userId: string | null;
  pid: number | null;
  /** the error's own message and stack, when one was logged */
  error: { type: string | null; message: string | null; stack: string | null } | null;
};

export type LogSummary = {
  errors: LoggedError[];
  /** mails that could not be sent or written since `since` */
  mailFailures: number;
  since: string;
  folder: string;
};

const TAIL_BYTES = 4 * 1024 * 1024;

/** The end of a file, whole lines only. */
function tailLines(file: string, bytes = TAIL_BYTES): string[] {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    fs.readSync(fd, buffer, 0, buffer.length, start);
    const lines = buffer.toString("utf8").split("\n");
    // a read that starts mid-file starts mid-line: that first piece is not a whole line
    if (start > 0) lines.shift();
    return lines;
  } finally {
    fs.closeSync(fd);
  }
}

type Line = Record<string, unknown>;

function parse(line: string): Line | null {
  if (!line.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed && typeof parsed === "object" ? (parsed as Line) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

function loggedError(line: Line): LoggedError {
  const err = (line.err ?? line.error) as Line | undefined;
  return {
    time: text(line.time) ?? "",
    level: line.level === "fatal" ? "fatal" : "error",
    message: text(line.msg) ?? "",
    reqId: text(line.reqId),
    userId: text(line.userId),
    pid: typeof line.pid === "number" ? line.pid : null,
    error: err && typeof err === "object" ? { type: text(err.type), message: text(err.message), stack: text(err.stack) } : null,
  };
}

/**
 * The latest `limit` errors in the log (newest first) and the mails failed since `since` (7 days ago unless
 * given).
 */
export function readLogSummary({ limit = 50, since = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000), dir = logDir() } = {}): LogSummary {
  // `seq` orders lines logged within one millisecond: later in a file is newer
  const errors: (LoggedError & { seq: number })[] = [];
  let mailFailures = 0;
  const sinceIso = since.toISOString();
  for (const { path: file, modified } of logFiles(dir)) {
    // a file last written before the oldest error kept, and before `since`, has nothing more to give
    const oldestKept = errors.length >= limit ? errors.map((e) => e.time).sort()[errors.length - limit] : null;
    const lastWritten = new Date(modified).toISOString();
    if (oldestKept && lastWritten < oldestKept && lastWritten < sinceIso) break;
    let lines: string[];
    try {
      lines = tailLines(file);
    } catch {
      continue; // rolled away meanwhile
    }
    for (const raw of lines) {
      const line = parse(raw);
      if (!line) continue;
      if (line.level === "error" || line.level === "fatal") errors.push({ ...loggedError(line), seq: errors.length });
      if (line.event === MAIL_FAILED_EVENT && typeof line.time === "string" && line.time >= sinceIso) mailFailures++;
    }
  }
  errors.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : b.seq - a.seq));
  return { errors: errors.slice(0, limit).map(({ seq: _seq, ...error }) => error), mailFailures, since: sinceIso, folder: dir };
}
