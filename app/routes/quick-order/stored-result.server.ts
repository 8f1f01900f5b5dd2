import { redirect, type Session } from "@remix-run/node";
import crypto from "node:crypto";
import { z } from "zod";
import {
  addedMessage,
  CSV_PROCESSED,
  NOTHING_ADDED,
  quickOrderHref,
  summariseErrors,
  type QuickOrderTab,
} from "~/domain/cart/quick-order.schema";
import type { QuickOrderOutcome } from "~/domain/cart/quick-order.server";
import { commitSession, getSession, type AppSession, type SessionData, type SessionFlashData } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// ─── The last result, kept in the session ───────────────────────────────────
//
// After a post the page redirects (Post/Redirect/Get). A result with failures is kept in the server-side
// session under an id that the redirect puts in the URL (`&result=`): the page shows the failures and gives
// the failed lines back to the textarea for as long as that URL is open, with or without JavaScript. The
// next quick order replaces it. (Sessions are rows in the database, so a long text does not strain a cookie.)

const RESULT_KEY = "quickOrderResult";
/** "Use N" buttons shown at most: one per line a pack rule refused */
const MAX_FIXES_SHOWN = 20;

const storedResultSchema = z.object({
  id: z.string(),
  tab: z.enum(["entry", "csv"]),
  added: z.number().int().nonnegative(),
  errors: z.array(z.string()),
  more: z.number().int().nonnegative(),
  text: z.string(),
  /** the lines a pack rule refused, with the valid quantity their "Use N" button posts */
  fixes: z.array(z.object({ lineNumber: z.number().int(), quantity: z.number().int(), entry: z.string() })).default([]),
});
type StoredResult = z.infer<typeof storedResultSchema>;

type QuickOrderSession = Session<SessionData & { [RESULT_KEY]?: StoredResult }, SessionFlashData>;
const withResult = (session: AppSession) => session as unknown as QuickOrderSession;

export function readStoredResult(session: AppSession, id: string | null): StoredResult | null {
  if (!id) return null;
  const parsed = storedResultSchema.safeParse(withResult(session).get(RESULT_KEY));
  return parsed.success && parsed.data.id === id ? parsed.data : null;
}

/**
 * Post/Redirect/Get. Everything added: a toast ("Added N product(s) to cart"; for a CSV, "CSV Processed").
 * Any failure: the page shows what was added and the first three failures under "Some Items Failed", and
 * Quick Entry's box holds the failed lines again.
 */
export async function respond(
  request: Request,
  tab: Exclude<QuickOrderTab, "reorder">,
  outcome: QuickOrderOutcome,
  failedText: string,
) {
  const session = await getSession(request);
  const store = withResult(session);
  if (outcome.errors.length === 0) {
    // the request's session: the notice is flashed onto it and it is committed once, without the old result
    store.unset(RESULT_KEY);
    return redirectWithToast(
      request,
      quickOrderHref(tab),
      outcome.added > 0
        ? tab === "csv"
          ? { title: CSV_PROCESSED, description: addedMessage(outcome.added) }
          : { title: addedMessage(outcome.added) }
        : {
            title: NOTHING_ADDED,
            description:
              tab === "csv"
                ? "The file has no rows with a SKU and a whole-number quantity of at least 1."
                : "Enter one item per line: SKU, quantity.",
            variant: "destructive",
          },
    );
  }

  const { shown, more } = summariseErrors(outcome.errors);
  const id = crypto.randomBytes(6).toString("base64url");
  store.set(RESULT_KEY, { id, tab, added: outcome.added, errors: shown, more, text: failedText, fixes: outcome.fixes.slice(0, MAX_FIXES_SHOWN) });
  return redirect(quickOrderHref(tab, id), { headers: { "Set-Cookie": await commitSession(session) } });
}
