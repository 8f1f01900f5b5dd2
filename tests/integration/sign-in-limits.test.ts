import { beforeAll, describe, expect, it } from "vitest";
import * as apiChangePassword from "~/routes/api.auth.change-password";
import { ACCOUNT_FAILURE_LIMIT, CLIENT_ADDRESS_HEADER, TOO_MANY_ATTEMPTS } from "~/utils/sign-in-limits.server";
import { createUser, TEST_PASSWORD } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { postLogin, signIn } from "./sign-in";

/** Failed sign-ins are held per account, through both doors, and successes never count. */
beforeAll(async () => {
  await createUser({ email: "guessed@example.com" });
  await createUser({ email: "busy@example.com" });
  await createUser({ email: "changer@example.com" });
});

describe("sign-in limits", () => {
  it("holds an account after ten wrong passwords, on the form and the API alike, with Retry-After", async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) {
      const via = i % 2 === 0 ? "api" : "form";
      expect((await postLogin("guessed@example.com", { password: `wrong-${i}`, via })).status).toBe(401);
    }
    // now even the right password waits: the guesser must not learn it was right
    const api = await postLogin("guessed@example.com", { via: "api" });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await readJson(api)).toEqual({ message: TOO_MANY_ATTEMPTS });
    const form = await postLogin("guessed@example.com", { via: "form" });
    expect(form.status).toBe(429);
    expect(form.headers.get("Retry-After")).not.toBeNull();
    expect((await readJson(form)).toast).toMatchObject({ title: "Login failed", description: TOO_MANY_ATTEMPTS });
  });

  it("never counts successes: a busy counter signing in again and again is not held", async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT * 2; i++) await signIn("busy@example.com", { via: "api" });
  });

  it("holds change-password guessing on a signed-in session too", async () => {
    const cookie = await signIn("changer@example.com", { via: "api" });
    const attempt = (currentPassword: string) =>
      callRoute(
        apiChangePassword.action,
        buildRequest("/api/auth/change-password", {
          method: "POST",
          cookie,
          json: { currentPassword, newPassword: "new-secret-1", confirmPassword: "new-secret-1" },
          headers: { [CLIENT_ADDRESS_HEADER]: "203.0.113.9" },
        }),
      );
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect((await attempt(`guess-${i}`)).status).toBe(400);
    const held = await attempt(TEST_PASSWORD);
    expect(held.status).toBe(429);
    expect(held.headers.get("Retry-After")).not.toBeNull();
  });
});
