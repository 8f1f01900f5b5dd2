import { defineConfig } from "@playwright/test";

// 3100 unless E2E_PORT says otherwise (two checkouts on one box each need their own port).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const CI = Boolean(process.env.CI);

/**
 * Debian's Chromium, not a downloaded browser (this box cannot download one). Without the network
 * flags Chromium keeps trying to reach Google hosts that are unreachable here.
 */
const launchOptions = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 30_000,
  // on a busy 2-core box a reply can take a few seconds
  expect: { timeout: 10_000 },
  // Signs each demo account in once (after the webServer is up) for the tests that only need a session.
  globalSetup: "./tests/e2e/global-setup.ts",
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  reporter: "list",
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    launchOptions,
    locale: "en-GB",
    timezoneId: "Europe/London",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    // Checks tagged @js-independent (see JS_INDEPENDENT in tests/e2e/fixtures.ts) run in the no-js project only,
    // checks tagged @js-only (JS_ONLY) in the js project only.
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@js-independent|@install-wide/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only|@install-wide/ },
    // Checks tagged @install-wide (INSTALL_WIDE) change what every page shows, such as the company logo in the
    // headers: they run once every other check is done, JavaScript on and then off, so no check beside them
    // sees a header they changed.
    { name: "js-install-wide", use: { javaScriptEnabled: true }, grep: /@install-wide/, dependencies: ["js", "no-js"] },
    { name: "no-js-install-wide", use: { javaScriptEnabled: false }, grep: /@install-wide/, dependencies: ["js-install-wide"] },
  ],
  webServer: {
    // The real app on a fresh database: the same `npm start` path (build when needed, migrate, seed).
    command: "rm -rf tests/.tmp/e2e.db tests/.tmp/e2e.db-wal tests/.tmp/e2e.db-shm tests/.tmp/outbox && node scripts/start.js",
    url: `${baseURL}/healthz`,
    timeout: 300_000,
    reuseExistingServer: !CI,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_PATH: "tests/.tmp/e2e.db",
      OUTBOX_DIR: "tests/.tmp/outbox",
      SESSION_SECRET: "e2e-session-secret-not-for-production",
      // a line per request would bury the report: the server's log is in tests/.tmp/logs
      LOG_STDOUT: "false",
      COOKIE_SECURE: "false",
      SMTP_URL: "",
      LLM_API_URL: "",
      // Both projects sign in many times from one address; the production limit would trip.
      SIGN_IN_RATE_LIMIT: "100000",
      // Every sign-up of both projects comes from this one address within the hour, and each must reach the
      // approval queue; the limits themselves are tested against a server of the integration tests' own.
      SIGN_UP_CLIENT_LIMIT: "100000",
      SIGN_UP_TOTAL_LIMIT: "100000",
      SIGN_UP_DAILY_QUEUE: "100000",
      // Cheap password hashes (production uses 17): the seeded demo accounts and every account a test
      // creates hash at N=2^10, so each sign-in is quick. The server logs a warning about it at start.
      PASSWORD_HASH_COST: "10",
    },
  },
});
