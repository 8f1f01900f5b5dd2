/**
 * The last "Add selected to cart" result, kept in the server-side session under an id that the redirect puts
 * in the listing's URL (`?added=`). The listing then shows what went in and what did not, and gives the
 * refused rows their quantities back, with or without JavaScript, for as long as that URL is open; the next
 * post replaces it. (Set, not flashed: the root loader commits the session as it reads the toast, and a
 * second flashed value read by another loader at the same moment could be written back.)
 */
import crypto from "node:crypto";
import type { Session } from "@remix-run/node";
import { z } from "zod";
import { ADD_SELECTED_RESULT_PARAM } from "~/domain/cart/add-selected";
import { getSession, type AppSession, type SessionData, type SessionFlashData } from "./session.server";

const RESULT_KEY = "addSelectedResult";

const storedSchema = z.object({
  id: z.string(),
  /** product id → the quantity to put back in its box, as typed */
  kept: z.record(z.string(), z.string()),
  /** product id → why its line did not go in */
  reasons: z.record(z.string(), z.string()),
  added: z.array(z.string()),
  refused: z.array(z.string()),
});
export type AddSelectedResult = z.infer<typeof storedSchema>;

type ResultSession = Session<SessionData & { [RESULT_KEY]?: AddSelectedResult }, SessionFlashData>;
const withResult = (session: AppSession) => session as unknown as ResultSession;

/** Keeps `result` on the request's session (committed with the redirect's notice); returns `to` naming it. */
export async function keepAddSelectedResult(request: Request, to: string, result: Omit<AddSelectedResult, "id">): Promise<string> {
  const id = crypto.randomBytes(6).toString("base64url");
  withResult(await getSession(request)).set(RESULT_KEY, { id, ...result });
  const url = new URL(to, "http://localhost");
  url.searchParams.set(ADD_SELECTED_RESULT_PARAM, id);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The result the URL names, if it is still the session's last one. */
export async function readAddSelectedResult(request: Request): Promise<AddSelectedResult | null> {
  const id = new URL(request.url).searchParams.get(ADD_SELECTED_RESULT_PARAM);
  if (!id) return null;
  const parsed = storedSchema.safeParse(withResult(await getSession(request)).get(RESULT_KEY));
  return parsed.success && parsed.data.id === id ? parsed.data : null;
}
