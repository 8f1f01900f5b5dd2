/**
 * A line for heavy work in this process: at most `running` jobs at once, at most `waiting` more waiting their
 * turn (first come, first served); one more is turned away at once rather than held, so a flood of requests
 * cannot pile up memory and answers quickly that the server is busy.
 */
export type WorkQueue = {
  /** Runs `job` when its turn comes; `{ ran: false }` when the line is full (the job is not run). */
  run<T>(job: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Jobs running and waiting now. */
  readonly load: { running: number; waiting: number };
};

export function workQueue({ running: slots = 1, waiting: room }: { running?: number; waiting: number }): WorkQueue {
  let running = 0;
  const line: (() => void)[] = [];
  return {
    async run(job) {
      if (running < slots) running += 1;
      else if (line.length < room) await new Promise<void>((resolve) => line.push(resolve));
      else return { ran: false };
      try {
        return { ran: true, value: await job() };
      } finally {
        // the slot goes straight to the next in line, so a newcomer cannot jump the queue
        const next = line.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get load() {
      return { running, waiting: line.length };
    },
  };
}
