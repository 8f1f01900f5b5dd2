import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CONNECTION_LOST_DESCRIPTION,
  isConnectionLost,
  keepPageOnConnectionLoss,
  lostWith,
  sendKeepingPage,
  shouldRevalidate,
  SUBMIT_TIMEOUT_MS,
} from "./connection";

const notice = { title: "Order failed" };

afterEach(() => {
  vi.useRealTimers();
});

describe("sendKeepingPage", () => {
  it("answers the server's result when it comes", async () => {
    await expect(sendKeepingPage(async () => ({ ok: true }), notice)).resolves.toEqual({ ok: true });
  });

  it("turns a network failure (fetch's TypeError) into a lost-connection answer with the form's notice", async () => {
    const answer = await sendKeepingPage(() => Promise.reject(new TypeError("Failed to fetch")), notice);
    expect(isConnectionLost(answer)).toBe(true);
    expect(answer).toMatchObject({
      connectionLost: true,
      notice: { title: "Order failed", description: CONNECTION_LOST_DESCRIPTION, variant: "destructive" },
    });
  });

  it("lets redirects, thrown responses and server errors through", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/" } });
    await expect(sendKeepingPage(() => Promise.reject(redirect), notice)).rejects.toBe(redirect);
    const serverError = new Error("Unexpected Server Error");
    await expect(sendKeepingPage(() => Promise.reject(serverError), notice)).rejects.toBe(serverError);
  });

  it("gives up after 30 s without a reply", async () => {
    vi.useFakeTimers();
    const pending = sendKeepingPage(() => new Promise(() => {}), notice);
    await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isConnectionLost(await pending)).toBe(true);
  });

  it("gives each lost attempt its own id, so the same notice shows again", async () => {
    const lost = () => sendKeepingPage(() => Promise.reject(new TypeError("Failed to fetch")), notice);
    const [first, second] = await Promise.all([lost(), lost()]);
    expect(isConnectionLost(first) && isConnectionLost(second) && first.attempt !== second.attempt).toBe(true);
  });
});

describe("keepPageOnConnectionLoss", () => {
  it("picks the notice from the posted form, which the server action still reads whole", async () => {
    const clientAction = keepPageOnConnectionLoss((form) => ({
      title: form.get("intent") === "delete" ? "Failed to delete" : "Failed to load",
      intent: String(form.get("intent")),
    }));
    const request = new Request("http://localhost/account/templates", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete" }),
    });
    let sent = "";
    const answer = await clientAction({
      request,
      params: {},
      serverAction: async () => {
        sent = await request.text();
        throw new TypeError("Failed to fetch");
      },
    } as never);
    expect(sent).toBe("intent=delete");
    expect(answer).toMatchObject({ connectionLost: true, intent: "delete", notice: { title: "Failed to delete" } });
  });
});

describe("shouldRevalidate", () => {
  const args = (actionResult: unknown) => ({ actionResult, defaultShouldRevalidate: true }) as never;

  it("keeps the page's data (and key) after a lost answer, and revalidates otherwise", () => {
    expect(shouldRevalidate(args({ connectionLost: true, notice, attempt: "a" }))).toBe(false);
    expect(shouldRevalidate(args({ result: {} }))).toBe(true);
    expect(shouldRevalidate(args(undefined))).toBe(true);
  });
});

describe("lostWith", () => {
  it("puts the spec's fallback text before what to do", () => {
    expect(lostWith("Failed to redeem reward")).toBe(`Failed to redeem reward. ${CONNECTION_LOST_DESCRIPTION}`);
    expect(lostWith("Something went wrong. Please try again.")).toBe(
      `Something went wrong. Please try again. ${CONNECTION_LOST_DESCRIPTION}`,
    );
  });
});
