/**
 * Signs every demo account in once per parallel worker slot, through POST /api/auth/login, and saves each
 * session as Playwright storage state under tests/.tmp/auth/. Tests that only need to be signed in as a demo
 * account reuse these sessions (see `signIn` in fixtures.ts) instead of going through the /login form.
 * Runs after the webServer is up. The sessions are server-side rows in the test database, valid for both
 * projects; no test signs them out (the tests that sign out or change a password use their own sessions).
 */
import fs from "node:fs";
import { request, type FullConfig } from "@playwright/test";
import { AUTH_STATE_DIR, authStatePath, DEMO_ACCOUNTS, type DemoAccountName } from "./fixtures";

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error("global setup needs use.baseURL");
  fs.rmSync(AUTH_STATE_DIR, { recursive: true, force: true });
  fs.mkdirSync(AUTH_STATE_DIR, { recursive: true });
  const slots = Array.from({ length: Math.max(1, config.workers) }, (_, index) => index);
  await Promise.all(
    (Object.keys(DEMO_ACCOUNTS) as DemoAccountName[]).flatMap((name) =>
      slots.map(async (slot) => {
        const context = await request.newContext({ baseURL });
        try {
          const response = await context.post("/api/auth/login", { data: DEMO_ACCOUNTS[name] });
          if (!response.ok()) throw new Error(`signing in ${DEMO_ACCOUNTS[name].email} failed: ${response.status()}`);
          await context.storageState({ path: authStatePath(name, slot) });
        } finally {
          await context.dispose();
        }
      }),
    ),
  );
}
