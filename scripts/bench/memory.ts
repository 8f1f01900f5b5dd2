/**
 * The server's resident memory, sampled from outside: every few hundred milliseconds the benchmark reads
 * /proc/<pid>/status (VmRSS) of the process it started and of all its descendants (the wrapper `npm start`
 * runs and each serving process), and keeps each one's peak. Nothing is asked of the server itself. Linux
 * only: where /proc is missing the figures say so (null) rather than guess.
 */
import fs from "node:fs";

/** VmRSS of a /proc/<pid>/status text, in KiB; null when it has none (a zombie, a kernel thread). */
export function residentKib(status: string): number | null {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) : null;
}

/** The parent pid in a /proc/<pid>/stat line; the command name in brackets may itself hold spaces or ")". */
export function parentPid(stat: string): number | null {
  const end = stat.lastIndexOf(")");
  if (end < 0) return null;
  const fields = stat.slice(end + 2).split(" ");
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) ? ppid : null;
}

/** `root` and every process below it, given each process's parent. */
export function descendants(root: number, parents: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (found.includes(pid)) continue;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

function read(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** A process's command line, its arguments' paths shortened to their last part ("node start.js"). */
function commandOf(pid: number): string {
  const cmdline = read(`/proc/${pid}/cmdline`);
  if (!cmdline) return "?";
  return cmdline
    .split("\0")
    .filter(Boolean)
    .map((part) => part.split("/").at(-1)!)
    .join(" ")
    .slice(0, 80);
}

function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    const ppid = stat === null ? null : parentPid(stat);
    if (ppid !== null) parents.set(Number(name), ppid);
  }
  return descendants(root, parents);
}

export type MemoryFigures = {
  /** the largest resident size any one process reached, MB; null when nothing could be read */
  peakProcessMb: number | null;
  /** the largest sum over the processes at one sample, MB */
  peakTotalMb: number | null;
  /** how many distinct processes were seen */
  processes: number;
  samples: number;
  /** each process's peak, largest first: which one it was (its command line, shortened) */
  byProcess: { pid: number; command: string; peakMb: number }[];
};

/** Samples `root` and its descendants every `everyMs` until `stop()`, which answers the peaks. */
export function sampleMemory(root: number, everyMs = 250) {
  const peaks = new Map<number, number>();
  const commands = new Map<number, string>();
  let peakTotal = 0;
  let samples = 0;
  const sample = () => {
    if (!fs.existsSync("/proc")) return;
    let total = 0;
    for (const pid of processTree(root)) {
      const status = read(`/proc/${pid}/status`);
      const kib = status === null ? null : residentKib(status);
      if (kib === null) continue;
      total += kib;
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, kib));
      if (!commands.has(pid)) commands.set(pid, commandOf(pid));
    }
    peakTotal = Math.max(peakTotal, total);
    samples++;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop(): MemoryFigures {
      clearInterval(timer);
      sample();
      const mb = (kib: number) => Math.round(kib / 1024);
      return {
        peakProcessMb: peaks.size > 0 ? mb(Math.max(...peaks.values())) : null,
        peakTotalMb: peaks.size > 0 ? mb(peakTotal) : null,
        processes: peaks.size,
        samples,
        byProcess: [...peaks]
          .map(([pid, kib]) => ({ pid, command: commands.get(pid) ?? "?", peakMb: mb(kib) }))
          .sort((a, b) => b.peakMb - a.peakMb),
      };
    },
  };
}
