/** The held-back sign-ups' list: a filter of the approval queue, as GET parameters (safe for the browser). */
import { z } from "zod";

const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1).default(1);

/** GET /api/admin/pending-users: `?held=true` lists the held-back sign-ups instead, 25 a `page`. */
export const pendingUsersQuerySchema = z.object({
  held: z.enum(["true", "false"]).optional().catch(undefined).transform((value) => value === "true"),
  page: pageNumber,
});

/** The Users screen: `?pending=held` shows the held-back sign-ups instead of the queue, 25 a `heldPage`. */
export const heldViewQuerySchema = z.object({
  pending: z.enum(["held"]).optional().catch(undefined),
  heldPage: pageNumber,
});
export type HeldViewQuery = z.infer<typeof heldViewQuerySchema>;

/** The Users screen's "reject all held" names the newest held time it showed (ms), so none held since is removed. */
export const rejectHeldFormSchema = z.object({ id: z.coerce.number().int().positive() });
