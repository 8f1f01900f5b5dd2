import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  resolve: {
    // The same paths as tsconfig.json; `~db/` must come before `~/`.
    alias: [
      { find: /^~db\//, replacement: fromRoot("./db/") },
      { find: /^~\//, replacement: fromRoot("./app/") },
    ],
  },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: [...configDefaults.exclude, "tests/e2e/**", "build/**", "public/build/**"],
    // Every test file gets its own SQLite file, outbox and settings.
    setupFiles: ["tests/setup/fresh-database.ts"],
    pool: "forks",
    isolate: true,
    maxWorkers: 2,
    // Passwords hash cheaply in tests (PASSWORD_HASH_COST in the setup file); these limits leave a busy
    // machine plenty of room all the same.
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
