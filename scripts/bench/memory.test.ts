import { describe, expect, it } from "vitest";
import { descendants, parentPid, residentKib, sampleMemory } from "./memory";

describe("sampling the server's memory from outside", () => {
  it("reads VmRSS from a /proc status text", () => {
    expect(residentKib("Name:\tnode\nVmPeak:\t 1200 kB\nVmRSS:\t  183456 kB\nThreads:\t11\n")).toBe(183456);
    expect(residentKib("Name:\tkworker\nThreads:\t1\n")).toBeNull();
  });

  it("reads the parent pid even when the command name holds spaces and brackets", () => {
    expect(parentPid("4242 (node) S 4200 4242 4200 0 -1")).toBe(4200);
    expect(parentPid("77 (my (odd) name) R 1 77 77 0 -1")).toBe(1);
    expect(parentPid("garbage")).toBeNull();
  });

  it("finds every process below the one started, and no other", () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 10],
      [13, 12],
      [20, 1],
    ]);
    expect(descendants(10, parents).sort()).toEqual([10, 11, 12, 13]);
    expect(descendants(20, parents)).toEqual([20]);
  });

  it("samples this very process", () => {
    const sampler = sampleMemory(process.pid, 10);
    const figures = sampler.stop();
    expect(figures.processes).toBeGreaterThanOrEqual(1);
    expect(figures.peakProcessMb).toBeGreaterThan(10);
    expect(figures.peakTotalMb).toBeGreaterThanOrEqual(figures.peakProcessMb!);
    expect(figures.byProcess[0]).toMatchObject({ pid: process.pid, peakMb: figures.peakProcessMb });
    expect(figures.byProcess[0]!.command).toMatch(/node/);
  });
});
