import { describe, expect, it } from "vitest";
import { workQueue } from "./work-queue";

/** A job that runs until its test lets it finish, noting when it starts and ends. */
function heldJob(name: string, events: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const job = async () => {
    events.push(`${name} starts`);
    await done;
    events.push(`${name} ends`);
    return name;
  };
  return { job, finish };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("workQueue", () => {
  it("runs one job at a time, in the order they came", async () => {
    const queue = workQueue({ running: 1, waiting: 4 });
    const events: string[] = [];
    const a = heldJob("a", events);
    const b = heldJob("b", events);
    const c = heldJob("c", events);
    const results = [queue.run(a.job), queue.run(b.job), queue.run(c.job)];
    await turn();
    expect(events).toEqual(["a starts"]);
    expect(queue.load).toEqual({ running: 1, waiting: 2 });

    a.finish();
    await turn();
    expect(events).toEqual(["a starts", "a ends", "b starts"]);
    b.finish();
    await turn();
    c.finish();
    expect(await Promise.all(results)).toEqual([
      { ran: true, value: "a" },
      { ran: true, value: "b" },
      { ran: true, value: "c" },
    ]);
    expect(events).toEqual(["a starts", "a ends", "b starts", "b ends", "c starts", "c ends"]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("turns a job away, unrun, when the line is full, and takes jobs again once it moves", async () => {
    const queue = workQueue({ running: 1, waiting: 1 });
    const events: string[] = [];
    const a = heldJob("a", events);
    const b = heldJob("b", events);
    const first = queue.run(a.job);
    const second = queue.run(b.job);
    expect(await queue.run(async () => events.push("turned away ran"))).toEqual({ ran: false });

    a.finish();
    await first;
    // a has gone and b runs: there is room in the line again
    const c = heldJob("c", events);
    const third = queue.run(c.job);
    b.finish();
    c.finish();
    expect(await second).toEqual({ ran: true, value: "b" });
    expect(await third).toEqual({ ran: true, value: "c" });
    expect(events).not.toContain("turned away ran");
  });

  it("a job that fails frees its place for the next", async () => {
    const queue = workQueue({ running: 1, waiting: 1 });
    const failing = queue.run(async () => {
      throw new Error("broken picture");
    });
    const next = queue.run(async () => "next");
    await expect(failing).rejects.toThrow("broken picture");
    expect(await next).toEqual({ ran: true, value: "next" });
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it("runs up to `running` jobs at once", async () => {
    const queue = workQueue({ running: 2, waiting: 0 });
    const events: string[] = [];
    const a = heldJob("a", events);
    const b = heldJob("b", events);
    const both = [queue.run(a.job), queue.run(b.job)];
    await turn();
    expect(events).toEqual(["a starts", "b starts"]);
    expect(await queue.run(async () => "c")).toEqual({ ran: false });
    a.finish();
    b.finish();
    await Promise.all(both);
  });
});
