/**
 * Keeping the page when the connection drops (browser-safe). With JavaScript, a form posts through its
 * route's `clientAction`; when the request never gets an answer (the network failed, or no reply came in
 * SUBMIT_TIMEOUT_MS) the route answers with `ConnectionLost` data instead of throwing, so the page, what was
 * typed and the page's idempotency key all stay, and the buyer can simply press the button again: the key
 * makes the server return the first result if the first post did arrive. `shouldRevalidate` keeps the
 * loaders from running after such an answer (their data, and the key, stay as they are; a reload would
 * fail as well). Redirects, thrown responses and real server errors behave as before.
 */
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { useRef } from "react";
import type { Toast } from "./session.server";

/** After this long without a reply the buyer is told, and may retry safely. */
export const SUBMIT_TIMEOUT_MS = 30_000;

export const CONNECTION_LOST_DESCRIPTION =
  "Could not reach the server. Check your connection and try again: nothing will be done twice.";

/** The title of a lost request's notice for a form the spec gives no failure text for. */
export const NO_REPLY_TITLE = "Could not reach the server";

/** What a form says when its request was lost: its own failure title, and what to do. */
export type LostNotice = {
  title: string;
  description?: string;
  /** which of a page's forms it was, for pages that tell their forms apart by `intent` */
  intent?: string;
};

export type ConnectionLost = {
  connectionLost: true;
  notice: Toast;
  /** new on every lost attempt, so the same notice shows again */
  attempt: string;
  intent?: string;
};

export function connectionLost({ title, description = CONNECTION_LOST_DESCRIPTION, intent }: LostNotice): ConnectionLost {
  return {
    connectionLost: true,
    notice: { title, description, variant: "destructive" },
    attempt: crypto.randomUUID(),
    ...(intent === undefined ? {} : { intent }),
  };
}

export function isConnectionLost(value: unknown): value is ConnectionLost {
  return typeof value === "object" && value !== null && (value as { connectionLost?: unknown }).connectionLost === true;
}

/** The spec's fallback text for a form, then what to do about the lost connection. */
export function lostWith(fallback: string): string {
  return `${fallback.replace(/\.?$/, ".")} ${CONNECTION_LOST_DESCRIPTION}`;
}

/** `fetch` rejects with a TypeError when the request never got an answer (offline, reset, aborted by a proxy). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

const TIMED_OUT = Symbol("timed out");

/**
 * Runs `send` and answers its result, or `ConnectionLost` when it fails at the network level or takes
 * longer than `timeoutMs`. A late reply to a timed-out post is ignored: the retry returns the stored result.
 */
export async function sendKeepingPage<T>(
  send: () => Promise<T>,
  notice: LostNotice | (() => Promise<LostNotice>),
  timeoutMs = SUBMIT_TIMEOUT_MS,
): Promise<T | ConnectionLost> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    const result = await Promise.race([send(), timeout]);
    if (result !== TIMED_OUT) return result as T;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error; // redirects, thrown responses and server errors
  } finally {
    clearTimeout(timer);
  }
  return connectionLost(typeof notice === "function" ? await notice() : notice);
}

/**
 * A route's `clientAction` that keeps the page when the connection drops. `describe` is the form's notice,
 * or a function of the posted form for a page with several forms.
 */
export function keepPageOnConnectionLoss(describe: LostNotice | ((form: FormData) => LostNotice)) {
  return async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
    // the server action reads the body, so the notice reads a copy
    const copy = typeof describe === "function" ? request.clone() : null;
    return sendKeepingPage(serverAction, async () =>
      typeof describe === "function" ? describe(await copy!.formData().catch(() => new FormData())) : describe,
    );
  };
}

/**
 * After a lost reply nothing is reloaded: the page keeps its data and its idempotency key (a reload would
 * issue a new key, and would most likely fail too). Every other case revalidates as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isConnectionLost(actionResult) ? false : defaultShouldRevalidate;

/**
 * The last answer that was not a lost connection: a form keyed on (or filled from) its last answer stays
 * exactly as it was when the next post is lost, so nothing typed is cleared. A fresh page has none.
 */
export function useLastAnswer<T>(data: T | ConnectionLost | undefined): T | undefined {
  const last = useRef<T | undefined>(undefined);
  if (data === undefined) last.current = undefined;
  else if (!isConnectionLost(data)) last.current = data;
  return last.current;
}
