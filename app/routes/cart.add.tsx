import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { addToCart, cartOwnerOf } from "~/domain/cart/cart.server";
import { parseAddToCartForm, sameSitePath } from "~/domain/cart/cart.schema";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { firstIssue } from "~/utils/http.server";
import { commitSession, getSession, type Toast } from "~/utils/session.server";

/**
 * POST /cart/add: the product page's add-to-cart form (productId, quantity, `variant:<name>` fields,
 * redirectTo). Works for guests (the cart lives in the session) and signed-in users (cart_items), and
 * always answers with a redirect back and a toast, never an error page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const [user, session] = await Promise.all([getOptionalUser(request), getSession(request)]);
  const parsed = parseAddToCartForm(formData);

  let redirectTo = sameSitePath(formData.get("redirectTo"));
  let toast: Toast;
  if (!parsed.success) {
    toast = { title: firstIssue(parsed.error).message, variant: "destructive" };
  } else {
    redirectTo = parsed.data.redirectTo;
    const db = getDb();
    // customers awaiting approval may fill a cart at list prices; checkout is where they are stopped
    const result = addToCart(db, cartOwnerOf(user, session), buyerFor(db, user), parsed.data);
    toast = result.ok
      ? { title: "Added to Cart!", description: `${result.value.quantity} × ${result.value.productName}` }
      : { title: result.message, description: result.description, variant: "destructive" };
  }

  session.flash("toast", toast);
  return redirect(redirectTo, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** The form's address is not a page: send a visitor who lands here to the cart. */
export function loader() {
  return redirect("/cart");
}
