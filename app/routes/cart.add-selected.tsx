import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { addSelectedNotice, describeLine, describeRefused, NOTHING_ADDED } from "~/domain/cart/add-selected";
import { addSelectedSchema } from "~/domain/cart/add-selected.schema";
import { addSelectedOnce } from "~/domain/cart/add-selected.server";
import { cartOwnerOf } from "~/domain/cart/cart-lines.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { keepAddSelectedResult } from "~/utils/add-selected-result.server";
import { getOptionalUser, refuseCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { sameSitePath } from "~/utils/safe-redirect";
import { getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE } from "~/utils/connection";

const ROW_FIELD = /^items\[(\d+)\]\.(productId|quantity)$/;

/** What each row of the form asked for, as typed: product id → quantity (blank rows left out). */
function typedQuantities(formData: FormData): Record<string, string> {
  const rows = new Map<string, { productId?: string; quantity?: string }>();
  for (const [name, value] of formData.entries()) {
    const match = ROW_FIELD.exec(name);
    if (!match || typeof value !== "string") continue;
    const row = rows.get(match[1]) ?? {};
    row[match[2] as "productId" | "quantity"] = value.trim().slice(0, 20);
    rows.set(match[1], row);
  }
  const typed: Record<string, string> = {};
  for (const row of rows.values()) {
    if (row.productId && /^\d{1,15}$/.test(row.productId) && row.quantity) typed[row.productId] = row.quantity;
  }
  return typed;
}

/**
 * POST /cart/add-selected: the list view's "Add selected to cart" (rows `items[N].productId` and
 * `items[N].quantity`, `redirectTo`, and the page's idempotency key). Every row with a quantity goes into
 * the cart in one go (guests' carts in the session, signed-in buyers' in cart_items); a row that cannot
 * (out of stock, not enough, gone) is refused on its own. Always answers with a redirect back to the
 * listing, naming the result (`?added=`): the page lists what went in and what did not, and the refused
 * rows keep their quantities; a notice says the same. A quantity that is not a whole number, or no
 * quantity at all, adds nothing and keeps every quantity typed. A repeat of the same post adds nothing more.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const [user, session] = await Promise.all([getOptionalUser(request), getSession(request)]);
  await refuseCompanyRole(request, user, "ordering");
  const back = sameSitePath(formData.get("redirectTo"));
  const typed = typedQuantities(formData);

  const submission = parseWithZod(formData, { schema: addSelectedSchema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const errors = Object.entries(submission.error ?? {}).filter(([, messages]) => messages && messages.length > 0);
    const message = errors[0]?.[1]?.[0] ?? "Check the quantities and try again";
    // the rows whose quantity was refused say so beside the box
    const reasons: Record<string, string> = {};
    for (const [path, messages] of errors) {
      const row = /^items\[(\d+)\]/.exec(path);
      const productId = row ? formData.get(`items[${row[1]}].productId`) : null;
      if (typeof productId === "string" && messages?.[0]) reasons[productId] = messages[0];
    }
    const to = await keepAddSelectedResult(request, back, { kept: typed, reasons, added: [], refused: [] });
    return redirectWithToast(request, to, { title: NOTHING_ADDED, description: message, variant: "destructive" });
  }

  const db = getDb();
  // customers awaiting approval may fill a cart at list prices; checkout is where they are stopped
  const outcome = addSelectedOnce(db, cartOwnerOf(user, session), buyerFor(db, user), submission.value, idempotencyKeyFrom(formData));
  const kept: Record<string, string> = {};
  const reasons: Record<string, string> = {};
  for (const line of outcome.refused) {
    kept[line.productId] = typed[line.productId] ?? String(line.quantity);
    reasons[line.productId] = line.reason;
  }
  const to = await keepAddSelectedResult(request, back, {
    kept,
    reasons,
    added: outcome.added.map(describeLine),
    refused: outcome.refused.map(describeRefused),
  });
  return redirectWithToast(request, to, addSelectedNotice(outcome));
}

/**
 * With JavaScript the listing posts here in the background: a lost reply leaves the page as it is, every
 * quantity still typed, and says so (the page's key means a second press never adds the lines twice).
 */
export const clientAction = keepPageOnConnectionLoss({
  title: NO_REPLY_TITLE,
  description:
    "We cannot tell whether the selected items were added to your cart. Check your connection and press Add selected to cart again: nothing will be added twice.",
});

/** The form's address is not a page: send a visitor who lands here to the cart. */
export async function loader({ request }: LoaderFunctionArgs) {
  // a company's viewer has no cart to be sent to
  await refuseCompanyRole(request, await getOptionalUser(request), "ordering");
  return redirect("/cart");
}
