import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { addToCartOnce } from "~/domain/cart/add-to-cart.server";
import { cartOwnerOf } from "~/domain/cart/cart-lines.server";
import { parseAddToCartForm, sameSitePath } from "~/domain/cart/cart.schema";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { getOptionalUser, refuseCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { firstIssue } from "~/utils/http.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE } from "~/utils/connection";

/**
 * POST /cart/add: the product page's add-to-cart form (productId, quantity, `variant:<name>` fields,
 * redirectTo, and the page's idempotency key). Works for guests (the cart lives in the session) and
 * signed-in users (cart_items), and always answers with a redirect back and a toast, never an error page.
 * A repeated post with the same key (double click, resubmitted page) adds nothing more.
 *
 * The form is read by `parseAddToCartForm` (the API's zod schema over the form's fields): the variant
 * fields are named after the product's variants, free text that Conform's `parseWithZod` would read as paths.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const [user, session] = await Promise.all([getOptionalUser(request), getSession(request)]);
  await refuseCompanyRole(request, user, "ordering");
  const parsed = parseAddToCartForm(formData);
  if (!parsed.success) {
    const back = sameSitePath(formData.get("redirectTo"));
    return redirectWithToast(request, back, { title: firstIssue(parsed.error).message, variant: "destructive" });
  }

  const db = getDb();
  // customers awaiting approval may fill a cart at list prices; checkout is where they are stopped.
  // A guest's cart lives in the session, which the notice is flashed onto and committed with.
  const result = addToCartOnce(db, cartOwnerOf(user, session), buyerFor(db, user), parsed.data, idempotencyKeyFrom(formData));
  return redirectWithToast(
    request,
    parsed.data.redirectTo,
    result.ok
      ? { title: "Added to Cart!", description: `${result.value.quantity} × ${result.value.productName}` }
      : { title: result.message, description: result.description, variant: "destructive" },
  );
}

/**
 * With JavaScript the product page posts here in the background: a lost reply leaves the page as it is
 * and says so (the page's key means a second press never adds the quantity twice).
 */
export const clientAction = keepPageOnConnectionLoss({
  title: NO_REPLY_TITLE,
  description: "We cannot tell whether it was added to your cart. Check your connection and press Add to Cart again: it will not be added twice.",
});

/** The form's address is not a page: send a visitor who lands here to the cart. */
export async function loader({ request }: LoaderFunctionArgs) {
  // a company's viewer has no cart to be sent to
  await refuseCompanyRole(request, await getOptionalUser(request), "ordering");
  return redirect("/cart");
}
