/**
 * How many server processes serve the install: WEB_CONCURRENCY when it is a whole number from 1 to 64,
 * else one per core (the box's cores would otherwise sit idle: one Node process runs JavaScript on one).
 * Limits that guard the whole box, such as concurrent password hashes, are shared out among them.
 */
import os from "node:os";

/** Set on the processes the first one starts (node:cluster workers): they skip start-up work. */
export const SERVER_WORKER_ENV = "SERVER_WORKER";

export function serverProcessCount(env: Record<string, string | undefined> = process.env, cores = os.availableParallelism()) {
  const configured = Number(env.WEB_CONCURRENCY);
  if (env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY !== "" && Number.isInteger(configured) && configured >= 1 && configured <= 64) {
    return configured;
  }
  return Math.max(1, cores);
}

/** This process's share of a box-wide limit: at least 1. */
export function shareOfLimit(limit: number, env: Record<string, string | undefined> = process.env) {
  return Math.max(1, Math.floor(limit / serverProcessCount(env)));
}

export function isServerWorker(env: Record<string, string | undefined> = process.env) {
  return env[SERVER_WORKER_ENV] === "1";
}
