import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CartLineRow } from "~/components/cart/cart-line-row";
import { CartMirror } from "~/components/cart/cart-mirror";
import { SaveTemplateForm } from "~/components/cart/save-template-form";
import { UrlDialog } from "~/components/ui/url-dialog";
import { describeSkipped, restoreMirroredCart } from "~/domain/cart/cart-bulk.server";
import { changeLineQuantity, removeLineOfForm } from "~/domain/cart/cart-line-forms.server";
import { restoreMirrorSchema } from "~/domain/cart/cart-mirror.schema";
import { loadCartPage } from "~/domain/cart/cart-page.server";
import { cartInputFromForm } from "~/domain/cart/cart.schema";
import { clearCartOnce } from "~/domain/cart/clear-cart.server";
import { cartOwnerOf, type CartFailure } from "~/domain/cart/cart-lines.server";
import { linesAndItems, wasOrWere } from "~/domain/cart/cart-words";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { getOptionalUser, refuseCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { commitSession, getSession, type Toast } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ClearCartConfirm } from "./clear-cart-confirm";
import {
  CART_PATH,
  CONFIRM_CLEAR,
  GuestTemplatePrompt,
  OrderSummary,
  SAVE_TEMPLATE_DIALOG,
  SAVE_TEMPLATE_PATH,
} from "./order-summary";
import { saveTemplate, type SaveTemplateActionData } from "./save-template.server";
import { OfflineLinesOrder } from "~/components/offline/offline-lines-order";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { TEMPLATE_SAVE_FAILED } from "~/domain/cart/order-template.schema";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE, useLastAnswer, type ConnectionLost } from "~/utils/connection";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Cart") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, session] = await Promise.all([getOptionalUser(request), getSession(request)]);
  await refuseCompanyRole(request, user, "ordering");
  const { guestCartChanged, ...page } = loadCartPage(getDb(), user, cartOwnerOf(user, session));
  // lines of deleted products leave a guest's session now, so they are reported this once
  const headers = guestCartChanged ? { "Set-Cookie": await commitSession(session) } : undefined;
  const params = new URL(request.url).searchParams;
  return json(
    {
      ...page,
      signedIn: user !== null,
      dialog: params.get("dialog") === SAVE_TEMPLATE_DIALOG ? SAVE_TEMPLATE_DIALOG : null,
      // Clear cart asks first: ?confirm=clear is the question, with its own URL
      confirmClear: params.get("confirm") === CONFIRM_CLEAR && page.lines.length > 0,
      saveTemplateKey: issueIdempotencyKey(),
      clearCartKey: issueIdempotencyKey(),
    },
    { headers },
  );
}

/**
 * Post/Redirect/Get back to the cart, with a notice when there is something worth saying. The notice is
 * flashed onto the request's session, which holds a guest's cart, so one commit keeps both.
 */
async function backToCart(request: Request, toast?: Toast) {
  if (toast) return redirectWithToast(request, CART_PATH, toast);
  const session = await getSession(request);
  // a guest's cart lives in the session; a session is only created when there is something to keep
  const keep = session.id || Object.keys(session.data).length > 0;
  return redirect(CART_PATH, keep ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined);
}

const refused = (failure: CartFailure): Toast =>
  failure.description
    ? { title: failure.message, description: failure.description, variant: "destructive" }
    : { title: failure.message, variant: "destructive" };

/**
 * The cart page's forms, told apart by `intent`: the line forms (+, −, quantity, Remove), Clear, Save as
 * Template (signed in) and restoring the browser's copy of a lost cart.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const [user, session] = await Promise.all([getOptionalUser(request), getSession(request)]);
  await refuseCompanyRole(request, user, "ordering");
  const db = getDb();
  const owner = cartOwnerOf(user, session);
  const buyer = buyerFor(db, user);
  const intent = formData.get("intent");

  switch (intent) {
    case "increment":
    case "decrement":
    case "set-quantity": {
      // the line forms name their variant fields after the product's variants (`variant:<name>`), free text
      // that parseWithZod would read as paths: cartInputFromForm gathers them for the API's schemas
      const result = changeLineQuantity(db, owner, buyer, intent, cartInputFromForm(formData));
      return backToCart(request, result.ok ? undefined : refused(result));
    }

    case "remove": {
      const result = removeLineOfForm(db, owner, buyer, cartInputFromForm(formData));
      return backToCart(request, result.ok ? undefined : refused(result));
    }

    case "clear": {
      clearCartOnce(db, owner, idempotencyKeyFrom(formData));
      return backToCart(request, { title: "Cart cleared" });
    }

    case "save-template": {
      if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: SAVE_TEMPLATE_PATH })}`);
      const reply = saveTemplate(db, user, formData);
      return "toast" in reply ? backToCart(request, reply.toast) : reply;
    }

    case "restore-mirror": {
      const submission = parseWithZod(formData, { schema: restoreMirrorSchema });
      if (submission.status !== "success") {
        const message = Object.values(submission.error ?? {}).flat()[0] ?? "Invalid request";
        return backToCart(request, { title: message, variant: "destructive" });
      }
      const result = restoreMirroredCart(db, owner, buyer, submission.value.lines);
      if (!result.ok) return backToCart(request, { title: result.message });
      const { added, units, skipped } = result.value;
      const restored = `${linesAndItems(added, units)} ${wasOrWere(added)} restored to your cart.`;
      if (skipped.length > 0) {
        return backToCart(request, {
          title: added > 0 ? `Restored ${added} of ${added + skipped.length} lines` : "Your items could not be restored",
          description: `${added > 0 ? `${restored} ` : ""}Not available: ${describeSkipped(skipped)}.`,
          variant: "destructive",
        });
      }
      return backToCart(request, { title: "Items restored", description: restored });
    }

    default:
      return backToCart(request, { title: "Unknown cart action", variant: "destructive" });
  }
}

/**
 * With JavaScript a lost reply keeps the cart page as it is: the line controls (fetchers) show the notice on
 * their line, the Save as Template dialog keeps what was typed. + and − post the quantity they lead to and
 * the dialog carries its key, so pressing again never changes anything twice.
 */
export const clientAction = keepPageOnConnectionLoss((form) =>
  form.get("intent") === "save-template" ? { title: TEMPLATE_SAVE_FAILED } : { title: NO_REPLY_TITLE },
);

export { shouldRevalidate } from "~/utils/connection";

export default function CartPage() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as SaveTemplateActionData | ConnectionLost | undefined;
  const lastAnswer = useLastAnswer(posted);
  const actionData = posted && "connectionLost" in posted ? { result: lastAnswer?.result, notice: posted.notice } : lastAnswer;
  const empty = data.lines.length === 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      {/* the dialog shows its own notice */}
      {data.dialog === SAVE_TEMPLATE_DIALOG ? null : <ConnectionLostNotice data={posted} />}
      {data.droppedCount > 0 ? (
        <div role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {`${linesAndItems(data.droppedLines, data.droppedCount)} in your cart ${data.droppedLines === 1 ? "is" : "are"} no longer available and ${wasOrWere(data.droppedLines)} removed.`}
        </div>
      ) : null}

      {/* without JavaScript the form shows here, at the top of the page; with it, as a modal */}
      <UrlDialog
        open={data.dialog === SAVE_TEMPLATE_DIALOG}
        title="Save as Template"
        description={
          data.signedIn ? "Save the products and quantities in your cart to order them again in one click." : undefined
        }
        closeHref={CART_PATH}
      >
        {!data.signedIn ? (
          <GuestTemplatePrompt />
        ) : empty ? (
          <p className="text-sm text-slate-700">Your cart is empty. Add products before saving a template.</p>
        ) : (
          <SaveTemplateForm
            lastResult={actionData?.result}
            notice={actionData?.notice}
            idempotencyKey={data.saveTemplateKey}
          />
        )}
      </UrlDialog>

      <ClearCartConfirm open={data.confirmClear} lineCount={data.lines.length} idempotencyKey={data.clearCartKey} />

      {empty ? (
        <div className="py-16 text-center">
          <h1 className="text-3xl font-bold text-slate-900">Your Cart is Empty</h1>
          <p className="mt-3 text-slate-600">Browse the catalogue and add the products your business needs.</p>
          <Link
            to="/"
            className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Start Shopping
          </Link>
        </div>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Shopping Cart</h1>
          <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
            <ul aria-label="Cart items" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {data.lines.map((line) => (
                <CartLineRow key={`${line.productId}|${line.variantKey}`} line={line} />
              ))}
            </ul>
            <div className="space-y-4">
              <OrderSummary summary={data.summary} signedIn={data.signedIn} />
              {data.signedIn ? <OfflineLinesOrder lines={data.lines} what="cart" label="Order offline" /> : null}
            </div>
          </div>
        </>
      )}

      {/* one instance whether or not the cart is empty, so it knows when the cart was emptied on this page */}
      <CartMirror {...data.mirror} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      title="Your cart could not be shown"
      message="Something went wrong while loading your cart. Please try again in a moment."
      links={[{ to: "/", label: "Back to the homepage" }]}
    />
  );
}
