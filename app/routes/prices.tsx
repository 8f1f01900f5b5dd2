import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { priceBasisFormSchema } from "~/domain/pricing/price-basis.schema";
import { sameSitePath } from "~/utils/safe-redirect";
import { rememberPriceBasis } from "~/utils/price-basis.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CONNECTION_LOST_DESCRIPTION, keepPageOnConnectionLoss, NO_REPLY_TITLE } from "~/utils/connection";

/**
 * POST /prices: the header's "Prices: inc VAT | ex VAT" switch. Remembers the basis in a cookie and goes
 * back to the page it was posted from (a same-site path; anything else goes home). A preference in a
 * cookie: posting it twice leaves the same state, so the form needs no idempotency key.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const parsed = priceBasisFormSchema.safeParse({ basis: formData.get("basis"), redirectTo: formData.get("redirectTo") });
  if (!parsed.success) {
    return redirectWithToast(request, sameSitePath(formData.get("redirectTo")), {
      title: parsed.error.issues[0]?.message ?? "Choose inc VAT or ex VAT",
      variant: "destructive",
    });
  }
  return redirect(parsed.data.redirectTo, { headers: { "Set-Cookie": await rememberPriceBasis(parsed.data.basis) } });
}

/** Not a page: a visitor who lands here goes home. */
export function loader() {
  return redirect("/");
}

/** With JavaScript the switch posts in the background: a lost reply leaves the page as it was and says so. */
export const clientAction = keepPageOnConnectionLoss({ title: NO_REPLY_TITLE, description: CONNECTION_LOST_DESCRIPTION });
