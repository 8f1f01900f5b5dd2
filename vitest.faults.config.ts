import { defineConfig } from "vitest/config";

/**
 * `npm run test:faults`: tests that start the built server as its own process and stop it the hard way.
 * They run one at a time (each starts servers and seeds a database) after the browser tests have built the app.
 */
export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/faults/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
