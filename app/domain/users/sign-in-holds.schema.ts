/** The Sign-in holds screen's forms and the API's paging (browser-safe). */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";

export const NO_SIGN_IN_HOLDS = "Nothing is held: no account, browser or address has too many failed sign-ins.";

/** GET ?page= of the holds list (and `pageSize` for the API, 1 to 100). */
export const signInHoldsQuerySchema = z.object({
  page: pageField(1_000_000),
  pageSize: z.coerce.number().int().min(1).max(100).catch(50).default(50),
});

/** A row's Clear button, or the Clear all button. */
export const clearHoldFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("clear"), id: z.string({ required_error: "Which hold?" }).trim().min(1).max(2000) }),
  z.object({ intent: z.literal("clear-all") }),
]);
