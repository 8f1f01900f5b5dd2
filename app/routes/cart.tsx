import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useFetchers,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { CartLineRow, type CartPageLine } from "~/components/cart/cart-line-row";
import { CartMirror } from "~/components/cart/cart-mirror";
import { SaveTemplateForm, type TemplateNotice } from "~/components/cart/save-template-form";
import { UrlDialog } from "~/components/ui/url-dialog";
import { Button } from "~/components/ui/button";
import { describeSkipped, restoreMirroredCart } from "~/domain/cart/cart-bulk.server";
import { restoreMirrorSchema } from "~/domain/cart/cart-mirror.schema";
import { lastOrderPlacedAt, mirrorOwnerOf } from "~/domain/cart/cart-mirror.server";
import { cartInputFromForm, cartLineRefSchema, setLineQuantitySchema, variantKey } from "~/domain/cart/cart.schema";
import {
  cartOwnerOf,
  clearCart,
  getCart,
  LINE_NOT_IN_CART,
  removeLine,
  setLineQuantity,
  type Cart,
} from "~/domain/cart/cart.server";
import {
  saveTemplateSchema,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_NAME_REQUIRED_DESCRIPTION,
  TEMPLATE_SAVE_FAILED,
} from "~/domain/cart/order-template.schema";
import { saveTemplateFromCart } from "~/domain/cart/order-templates.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { firstIssue } from "~/utils/http.server";
import { idempotencyKeyFrom, issueIdempotencyKey, runOnce } from "~/utils/idempotency.server";
import { formatMoney, withVat } from "~/utils/money";
import { commitSession, getSession, type AppSession, type Toast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Cart · INFY Wholesale" }];

const CART_PATH = "/cart";
const SAVE_TEMPLATE_DIALOG = "save-template";
const SAVE_TEMPLATE_PATH = `${CART_PATH}?dialog=${SAVE_TEMPLATE_DIALOG}`;

function pageLine(line: Cart["lines"][number]): CartPageLine {
  return {
    productId: line.productId,
    productName: line.productName,
    productSlug: line.productSlug,
    imageUrl: line.imageUrl,
    selectedVariants: line.selectedVariants,
    variantKey: line.variantKey,
    quantity: line.quantity,
    stockLevel: line.stockLevel,
    unitPriceIncVat: withVat(line.unitPrice, line.vatRate),
    priceChanged: line.priceChanged,
    previousUnitPriceIncVat: line.priceWhenAdded === null ? null : withVat(line.priceWhenAdded, line.vatRate),
    lineTotalExVat: line.lineTotal,
    lineTotalIncVat: line.lineTotal + line.vatAmount,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, session] = await Promise.all([getOptionalUser(request), getSession(request)]);
  const db = getDb();
  const owner = cartOwnerOf(user, session);
  const cart = getCart(db, owner, buyerFor(db, user));
  const headers = new Headers();
  // lines of deleted products leave a guest's session now, so they are reported this once
  if (cart.droppedLines.length > 0 && owner.kind === "guest") headers.append("Set-Cookie", await commitSession(session));

  return json(
    {
      lines: cart.lines.map(pageLine),
      summary: { itemCount: cart.itemCount, subtotal: cart.subtotal, vatAmount: cart.vatAmount, total: cart.total },
      droppedCount: cart.droppedLines.reduce((sum, line) => sum + line.quantity, 0),
      signedIn: user !== null,
      dialog: new URL(request.url).searchParams.get("dialog") === SAVE_TEMPLATE_DIALOG ? SAVE_TEMPLATE_DIALOG : null,
      saveTemplateKey: issueIdempotencyKey(),
      mirror: {
        owner: mirrorOwnerOf(user),
        savedAt: Date.now(),
        lastOrderAt: user ? lastOrderPlacedAt(db, user.id) : null,
        lines: cart.lines.map(({ productId, selectedVariants, quantity }) => ({ productId, selectedVariants, quantity })),
      },
    },
    { headers },
  );
}

type SaveTemplateActionData = {
  result: SubmissionResult<string[]>;
  notice: TemplateNotice;
};

/** Post/Redirect/Get back to the cart, with a notice when there is something worth saying. */
async function backToCart(session: AppSession, toast?: Toast) {
  if (toast) session.flash("toast", toast);
  const headers = new Headers();
  // a guest's cart lives in the session; a session is only created when there is something to keep
  if (session.id || Object.keys(session.data).length > 0) headers.append("Set-Cookie", await commitSession(session));
  return redirect(CART_PATH, { headers });
}

const destructive = (title: string, description?: string): Toast =>
  description ? { title, description, variant: "destructive" } : { title, variant: "destructive" };

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const [user, session] = await Promise.all([getOptionalUser(request), getSession(request)]);
  const db = getDb();
  const owner = cartOwnerOf(user, session);
  const buyer = buyerFor(db, user);
  const intent = formData.get("intent");

  switch (intent) {
    case "increment":
    case "decrement":
    case "set-quantity": {
      const input = cartInputFromForm(formData);
      // + and − post the quantity they lead to, so a repeated post lands on the same number; a post
      // without one steps from the quantity in the cart now
      if ((intent === "increment" || intent === "decrement") && !input.quantity?.trim()) {
        const ref = cartLineRefSchema.safeParse(input);
        const key = ref.success ? variantKey(ref.data.selectedVariants) : null;
        const line = ref.success
          ? getCart(db, owner, buyer).lines.find((candidate) => candidate.productId === ref.data.productId && candidate.variantKey === key)
          : undefined;
        if (!line) return backToCart(session, destructive(LINE_NOT_IN_CART));
        input.quantity = String(line.quantity + (intent === "increment" ? 1 : -1));
      }
      const parsed = setLineQuantitySchema.safeParse(input);
      if (!parsed.success) return backToCart(session, destructive(firstIssue(parsed.error).message));
      const result = setLineQuantity(db, owner, buyer, parsed.data);
      return backToCart(session, result.ok ? undefined : destructive(result.message, result.description));
    }

    case "remove": {
      const parsed = cartLineRefSchema.safeParse(cartInputFromForm(formData));
      if (!parsed.success) return backToCart(session, destructive(firstIssue(parsed.error).message));
      const result = removeLine(db, owner, buyer, parsed.data);
      return backToCart(session, result.ok ? undefined : destructive(result.message, result.description));
    }

    case "clear": {
      clearCart(db, owner);
      return backToCart(session);
    }

    case "save-template": {
      if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: SAVE_TEMPLATE_PATH })}`);
      const submission = parseWithZod(formData, { schema: saveTemplateSchema });
      if (submission.status !== "success") {
        const nameError = submission.error?.name?.[0];
        const notice: TemplateNotice =
          nameError === TEMPLATE_NAME_REQUIRED
            ? { title: TEMPLATE_NAME_REQUIRED, description: TEMPLATE_NAME_REQUIRED_DESCRIPTION }
            : { title: TEMPLATE_SAVE_FAILED, description: nameError ?? submission.error?.description?.[0] };
        return json<SaveTemplateActionData>({ result: submission.reply(), notice }, { status: 400 });
      }
      const input = submission.value;
      try {
        const { result } = runOnce(
          db,
          { ownerId: user.id, scope: "order-templates:save", key: idempotencyKeyFrom(formData) },
          (tx) => saveTemplateFromCart(tx, user.id, getCart(tx, owner, buyer), input),
          (outcome) => outcome.ok,
        );
        if (!result.ok) {
          return json<SaveTemplateActionData>(
            {
              result: submission.reply({ formErrors: [result.message] }),
              notice: { title: TEMPLATE_SAVE_FAILED, description: result.message },
            },
            { status: result.status },
          );
        }
        return backToCart(session, {
          title: "Template saved",
          description: `"${result.value.name}" is in your order templates.`,
        });
      } catch (error) {
        console.error("Saving an order template failed", error);
        return json<SaveTemplateActionData>(
          { result: submission.reply({ formErrors: [TEMPLATE_SAVE_FAILED] }), notice: { title: TEMPLATE_SAVE_FAILED } },
          { status: 500 },
        );
      }
    }

    case "restore-mirror": {
      const parsed = restoreMirrorSchema.safeParse({ lines: formData.get("lines") });
      if (!parsed.success) return backToCart(session, destructive(firstIssue(parsed.error).message));
      const result = restoreMirroredCart(db, owner, buyer, parsed.data.lines);
      if (!result.ok) return backToCart(session, { title: result.message });
      const { added, skipped } = result.value;
      if (skipped.length > 0) {
        return backToCart(
          session,
          destructive(
            added > 0 ? `Restored ${added} of ${added + skipped.length} lines` : "Your items could not be restored",
            `Not available: ${describeSkipped(skipped)}.`,
          ),
        );
      }
      return backToCart(session, {
        title: "Items restored",
        description: `${added} ${added === 1 ? "line is" : "lines are"} back in your cart.`,
      });
    }

    default:
      return backToCart(session, destructive("Unknown cart action"));
  }
}

const linkButton =
  "inline-flex w-full items-center justify-center rounded-md px-4 py-2 text-sm font-semibold shadow-sm transition";

export default function CartPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SaveTemplateActionData | undefined;
  const empty = data.lines.length === 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      {data.droppedCount > 0 ? (
        <div role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {data.droppedCount === 1
            ? "1 item in your cart is no longer available and was removed."
            : `${data.droppedCount} items in your cart are no longer available and were removed.`}
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
            <OrderSummary summary={data.summary} signedIn={data.signedIn} />
          </div>
        </>
      )}

      {/* one instance whether or not the cart is empty, so it knows when the cart was emptied on this page */}
      <CartMirror {...data.mirror} />
    </div>
  );
}

function GuestTemplatePrompt() {
  return (
    <p className="text-sm text-slate-700">
      <Link
        to={`/login?${new URLSearchParams({ redirectTo: SAVE_TEMPLATE_PATH })}`}
        className="font-semibold text-brand-700 hover:underline"
      >
        Log in
      </Link>{" "}
      to save this cart as a template and reorder it in one click.
    </p>
  );
}

function OrderSummary({
  summary,
  signedIn,
}: {
  summary: { itemCount: number; subtotal: number; vatAmount: number; total: number };
  signedIn: boolean;
}) {
  const fetchers = useFetchers();
  const navigation = useNavigation();
  const updating =
    fetchers.some((fetcher) => fetcher.state !== "idle" && fetcher.formAction?.startsWith(CART_PATH)) ||
    (navigation.state !== "idle" && navigation.formAction?.startsWith(CART_PATH) === true);
  const clearing = navigation.state !== "idle" && navigation.formData?.get("intent") === "clear";

  return (
    <aside aria-labelledby="summary-heading" className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
        Order Summary
      </h2>
      <dl className={`space-y-2 text-sm transition-opacity ${updating ? "opacity-60" : ""}`} aria-busy={updating || undefined}>
        <div className="flex justify-between">
          <dt className="text-slate-600">Items</dt>
          <dd data-testid="cart-item-count">{summary.itemCount}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal (ex VAT)</dt>
          <dd data-testid="cart-subtotal">{formatMoney(summary.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-slate-600">VAT</dt>
          <dd data-testid="cart-vat">{formatMoney(summary.vatAmount)}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>Total (inc VAT)</dt>
          <dd data-testid="cart-total">{formatMoney(summary.total)}</dd>
        </div>
      </dl>
      {updating ? (
        <p className="text-xs text-slate-500" role="status">
          Updating totals...
        </p>
      ) : null}
      <Link to="/checkout" className={`${linkButton} bg-brand-700 py-3 text-base text-white hover:bg-brand-800`}>
        Proceed to Checkout
      </Link>
      {signedIn ? (
        <Link
          to={SAVE_TEMPLATE_PATH}
          preventScrollReset
          className={`${linkButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Save as Template
        </Link>
      ) : (
        <GuestTemplatePrompt />
      )}
      <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <Link to="/" className="text-sm font-medium text-brand-700 hover:underline">
          Continue shopping
        </Link>
        <Form method="post" action={CART_PATH}>
          <input type="hidden" name="intent" value="clear" />
          <Button type="submit" variant="secondary" disabled={clearing}>
            {clearing ? "Clearing..." : "Clear cart"}
          </Button>
        </Form>
      </div>
    </aside>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Your cart could not be shown</h1>
      <p className="mt-4 text-slate-600">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Something went wrong while loading your cart. Please try again in a moment."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        Back to the homepage
      </Link>
    </div>
  );
}
