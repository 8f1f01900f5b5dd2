/**
 * `server.pid` beside the database: written by the server's first process while it runs, so a restore can
 * tell that an install is running on that database whatever port it listens on. A server killed the hard way
 * leaves the file behind; it counts only while that process is alive and is a server (Linux's /proc says what
 * a process id now runs, so a number reused after a reboot is not taken for a server).
 */
import fs from "node:fs";
import path from "node:path";

export function pidFile(databaseFile: string) {
  return path.join(path.dirname(path.resolve(databaseFile)), "server.pid");
}

/** Records this process as the server of `databaseFile` until it exits. */
export function markRunning(databaseFile: string) {
  const file = pidFile(databaseFile);
  fs.writeFileSync(file, `${process.pid}\n`);
  process.on("exit", () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else
    return (error as { code?: string }).code === "EPERM";
  }
}

/** The process id of a server running on `databaseFile`, or null. */
export function runningServerPid(databaseFile: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(databaseFile), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  try {
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return commandLine.includes("server") ? pid : null;
  } catch {
    // no /proc (not Linux): a live process with that id is taken for the server
    return pid;
  }
}
