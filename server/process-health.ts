/**
 * The first process asks each server process, every few seconds, the question /healthz answers (does the
 * database answer?) over the cluster's message channel. A process whose event loop is stuck (a runaway
 * loop, a native call that never returns, a process stopped by a signal) cannot answer; after
 * `deadlineMs` without an answer it is killed and the first process starts another in its place. A
 * process that answers "unhealthy" is left alone: the database is shared, so a new process would not
 * fare better, and /healthz already reports it.
 */
import type { Worker } from "node:cluster";
import type { DB } from "../app/utils/db.server";

const QUESTION = "health-check";
const ANSWER = "health-answer";

type Question = { type: typeof QUESTION; sentAt: number };
type Answer = { type: typeof ANSWER; sentAt: number; databaseAnswers: boolean };

/** What /healthz and the first process's question both check. */
export function databaseAnswers(db: DB): boolean {
  try {
    db.$client.prepare("select 1").get();
    return true;
  } catch {
    return false;
  }
}

/** In a server process: answer the first process's health questions. */
export function answerHealthQuestions(db: DB) {
  process.on("message", (message: unknown) => {
    const question = message as Partial<Question> | null;
    if (question?.type !== QUESTION || !process.send) return;
    const answer: Answer = { type: ANSWER, sentAt: question.sentAt ?? 0, databaseAnswers: databaseAnswers(db) };
    process.send(answer);
  });
}

export type HealthWatch = {
  /** start asking this process, from its start: it has `startUpMs` more to give its first answer */
  watch: (worker: Worker) => void;
  stop: () => void;
};

/** In the first process: ask every watched process each `everyMs`; replace one silent for `deadlineMs`. */
export function watchProcessHealth({
  everyMs = 2_000,
  deadlineMs = 20_000,
  startUpMs = 60_000,
  onSilent,
}: {
  everyMs?: number;
  deadlineMs?: number;
  /** a starting process loads the app before it can answer: a stuck start is replaced too, after this long */
  startUpMs?: number;
  /** called once for a process that stopped answering, with how long it has been silent */
  onSilent: (worker: Worker, silentMs: number) => void;
}): HealthWatch {
  const lastAnswer = new Map<Worker, number>();
  const timer = setInterval(() => {
    const now = Date.now();
    for (const [worker, answeredAt] of lastAnswer) {
      if (worker.isDead()) {
        lastAnswer.delete(worker);
        continue;
      }
      if (now - answeredAt > deadlineMs) {
        lastAnswer.delete(worker);
        onSilent(worker, now - answeredAt);
        continue;
      }
      try {
        worker.send({ type: QUESTION, sentAt: now } satisfies Question);
      } catch {
        // its channel is closing: its exit is handled by the caller
      }
    }
  }, everyMs);
  timer.unref();
  return {
    watch(worker) {
      lastAnswer.set(worker, Date.now() + startUpMs);
      // once it listens it has started: from then on it answers within the deadline like the others
      worker.once("listening", () => {
        if (lastAnswer.has(worker)) lastAnswer.set(worker, Date.now());
      });
      worker.on("message", (message: unknown) => {
        if ((message as Partial<Answer> | null)?.type === ANSWER && lastAnswer.has(worker)) lastAnswer.set(worker, Date.now());
      });
      worker.once("exit", () => lastAnswer.delete(worker));
    },
    stop: () => clearInterval(timer),
  };
}
