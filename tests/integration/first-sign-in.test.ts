import { beforeAll, describe, expect, it } from "vitest";
import * as root from "~/root";
import { createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { postLogin, signIn } from "./sign-in";

/** The first sign-in of an account is greeted "Welcome!", every later one "Welcome back!", whichever door it came by. */
beforeAll(async () => {
  await createUser({ email: "new@bistro.test" });
  await createUser({ email: "api-first@bistro.test" });
});

async function toastAfterFormSignIn(email: string) {
  const cookie = await signIn(email);
  return (await readJson(await callRoute(root.loader, buildRequest("/", { cookie })))).toast;
}

describe("the sign-in greeting", () => {
  it("says Welcome the first time and Welcome back after", async () => {
    expect(await toastAfterFormSignIn("new@bistro.test")).toEqual({ title: "Welcome!", description: "Logged in as new@bistro.test" });
    expect(await toastAfterFormSignIn("new@bistro.test")).toEqual({ title: "Welcome back!", description: "Logged in as new@bistro.test" });
  });

  it("counts a first sign-in through the API", async () => {
    await signIn("api-first@bistro.test", { via: "api" });
    expect((await toastAfterFormSignIn("api-first@bistro.test")).title).toBe("Welcome back!");
  });

  it("is not counted by a failed sign-in", async () => {
    await createUser({ email: "typo@bistro.test" });
    const failed = await postLogin("typo@bistro.test", { password: "not-the-password" });
    expect(failed.status).toBe(401);
    expect((await toastAfterFormSignIn("typo@bistro.test")).title).toBe("Welcome!");
  });
});
