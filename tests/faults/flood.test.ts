/**
 * A box facing a connection flood, on loopback and bounded in count and time: the production server (two
 * processes) started with a low open-file limit, so a few thousand half-finished requests take each process
 * past what it may hold; and a server process that stops answering (stopped by a signal, as a process stuck
 * in a loop would be). After each the server answers /healthz on its own, with nobody restarting it.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { floodHalfOpen, healthyWithin } from "../support/flood";
import { startServer, stopHard, tempDir, type RunningServer } from "../../scripts/server-process";

const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await stopHard(server);
});

/** The serving processes of a running server: descendants of its process started as cluster workers. */
function serverWorkers(server: RunningServer): number[] {
  const descendants: number[] = [];
  const queue = [server.process.pid!];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    let children: number[] = [];
    try {
      children = execFileSync("ps", ["-o", "pid=", "--ppid", String(parent)], { encoding: "utf8" })
        .split("\n")
        .map((line) => Number(line.trim()))
        .filter((pid) => pid > 0);
    } catch {
      // no children (ps exits 1)
    }
    descendants.push(...children);
    queue.push(...children);
  }
  return descendants.filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes("SERVER_WORKER=1");
    } catch {
      return false;
    }
  });
}

/** Waits until every server process listens (the first process says so once all have started). */
async function allListening(server: RunningServer) {
  const until = Date.now() + 60_000;
  while (!/listening on .*\(2 processes/.test(server.output.join("")) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(server.output.join("")).toMatch(/listening on .*\(2 processes/);
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const OPEN_FILES = 1024;
const FLOOD = 4000;

describe("floods and stuck processes", () => {
  it("a flood of half-open connections past each process's limit: /healthz answers within 5 s of it ending", async () => {
    const server = await startServer(tempDir("flood"), { WEB_CONCURRENCY: "2" }, { openFiles: OPEN_FILES });
    running.push(server);
    await allListening(server);
    const workers = serverWorkers(server);
    expect(workers).toHaveLength(2);
    // each process takes at most what its open-file limit leaves (connectionLimit): 2 × 768 here
    expect(server.output.join("")).toMatch(/up to 768 connections each/);

    const flood = await floodHalfOpen(server.port, FLOOD);
    expect(flood.opened, "the flood's connections reached the server").toBeGreaterThan(2 * 768);
    // held a while: the processes shed what they cannot hold instead of running out of files
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(flood.closedByServer(), "connections past the limits were closed, not left to pile up").toBeGreaterThan(0);
    await flood.end();

    const answeredIn = await healthyWithin(server.url, 5_000);
    expect(answeredIn, "/healthz answered within 5 s of the flood ending").not.toBeNull();
    // it recovered by itself: the same processes, none replaced
    expect(serverWorkers(server).sort()).toEqual(workers.sort());
    const pages = await Promise.all(Array.from({ length: 10 }, () => fetch(`${server.url}/healthz`)));
    expect(pages.map((page) => page.status)).toEqual(Array(10).fill(200));
    console.log(
      `flood: ${flood.opened} connections (${flood.failed} refused); ${flood.closedByServer()} closed by the server; ` +
        `/healthz ${answeredIn} ms after it ended`,
    );
  });

  it("a server process that stops answering is replaced, and the server keeps answering", async () => {
    const server = await startServer(tempDir("hang"), { WEB_CONCURRENCY: "2" });
    running.push(server);
    await allListening(server);
    const workers = serverWorkers(server);
    expect(workers).toHaveLength(2);
    const stuck = workers[0]!;
    // a stopped process keeps its socket and its place in the cluster but runs nothing: as a process caught in a loop
    process.kill(stuck, "SIGSTOP");

    const until = Date.now() + 60_000;
    while (isRunning(stuck) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isRunning(stuck), "the stuck process was stopped by the first process").toBe(false);
    expect(server.output.join("")).toMatch(new RegExp(`A server process \\(pid ${stuck}\\) has not answered for \\d+ s; replacing it`));

    // a new process takes its place
    while (serverWorkers(server).length < 2 && Date.now() < until + 30_000) await new Promise((resolve) => setTimeout(resolve, 200));
    const now = serverWorkers(server);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(stuck);
    expect(await healthyWithin(server.url, 5_000)).not.toBeNull();
    const pages = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) })));
    expect(pages.map((page) => page.status)).toEqual(Array(20).fill(200));
  });
});
