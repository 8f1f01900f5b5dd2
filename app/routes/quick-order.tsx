import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  MaxPartSizeExceededError,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type Session,
} from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import crypto from "node:crypto";
import { z } from "zod";
import { CsvUploadForm } from "~/components/quick-order/csv-upload-form";
import { QuickEntryForm } from "~/components/quick-order/quick-entry-form";
import { QuickOrderResult } from "~/components/quick-order/quick-order-result";
import { QuickOrderTabs } from "~/components/quick-order/quick-order-tabs";
import { ReorderList } from "~/components/quick-order/reorder-list";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { cartOwnerOf } from "~/domain/cart/cart.server";
import { FAILED_TO_FETCH_ORDER_ITEMS, REORDER_INTENT, reorderSchema } from "~/domain/orders/order-history.schema";
import { listCustomerOrders, reorderIntoCart, reorderToast } from "~/domain/orders/order-history.server";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { keepLines } from "~/domain/cart/quick-order";
import {
  CSV_FILE_TOO_LARGE,
  CSV_PROCESSED,
  CSV_UPLOAD_INTENT,
  MAX_CSV_BYTES,
  NOTHING_ADDED,
  QUICK_ENTRY_INTENT,
  QUICK_ENTRY_TOO_LONG,
  QUICK_ORDER_TAB_LABELS,
  REORDER_LIST_LIMIT,
  addedMessage,
  csvUploadSchema,
  parseQuickOrderTab,
  quickEntrySchema,
  quickOrderHref,
  summariseErrors,
  type QuickOrderTab,
} from "~/domain/cart/quick-order.schema";
import {
  quickOrderExamples,
  submitQuickEntry,
  submitQuickOrderCsv,
  type QuickOrderOutcome,
} from "~/domain/cart/quick-order.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { firstIssue, readBodyText } from "~/utils/http.server";
import { idempotencyKeyFrom, issueIdempotencyKey, runOnce } from "~/utils/idempotency.server";
import {
  commitSession,
  getSession,
  type AppSession,
  type SessionData,
  type SessionFlashData,
  type Toast,
} from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Quick Order · INFY Wholesale" }];

// ─── The last result, kept in the session ───────────────────────────────────
//
// After a post the page redirects (Post/Redirect/Get). A result with failures is kept in the server-side
// session under an id that the redirect puts in the URL (`&result=`): the page shows the failures and gives
// the failed lines back to the textarea for as long as that URL is open, with or without JavaScript. The
// next quick order replaces it. (Sessions are rows in the database, so a long text does not strain a cookie.)

const RESULT_KEY = "quickOrderResult";

const storedResultSchema = z.object({
  id: z.string(),
  tab: z.enum(["entry", "csv"]),
  added: z.number().int().nonnegative(),
  errors: z.array(z.string()),
  more: z.number().int().nonnegative(),
  text: z.string(),
});
type StoredResult = z.infer<typeof storedResultSchema>;

type QuickOrderSession = Session<SessionData & { [RESULT_KEY]?: StoredResult }, SessionFlashData>;
const withResult = (session: AppSession) => session as unknown as QuickOrderSession;

function readStoredResult(session: AppSession, id: string | null): StoredResult | null {
  if (!id) return null;
  const parsed = storedResultSchema.safeParse(withResult(session).get(RESULT_KEY));
  return parsed.success && parsed.data.id === id ? parsed.data : null;
}

// ─── Loader ─────────────────────────────────────────────────────────────────

export async function loader({ request }: LoaderFunctionArgs) {
  // a quick order is for trade customers: guests sign in first (pending customers may fill a cart)
  const user = await requireUser(request);
  const url = new URL(request.url);
  const tab = parseQuickOrderTab(url.searchParams.get("tab"));
  const db = getDb();
  const result = readStoredResult(await getSession(request), url.searchParams.get("result"));

  const orders =
    tab === "reorder"
      ? listCustomerOrders(db, user.id, { limit: REORDER_LIST_LIMIT }).map((order) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          createdAt: order.createdAt,
          status: order.status,
          total: order.total,
          itemCount: order.items.length,
        }))
      : [];

  return json(
    {
      tab,
      examples: tab === "entry" ? quickOrderExamples(db, 2) : [],
      orders,
      result: result && result.tab === tab ? { added: result.added, errors: result.errors, more: result.more } : null,
      resultId: result?.id ?? null,
      entryText: result?.tab === "entry" && tab === "entry" ? result.text : "",
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

// ─── Action ─────────────────────────────────────────────────────────────────

type ActionData = { intent: typeof QUICK_ENTRY_INTENT | typeof CSV_UPLOAD_INTENT; result: SubmissionResult<string[]> };

/** A textarea at the line limit is about 200 KB; a form post larger than this is refused unread. */
const MAX_FORM_BYTES = 1024 * 1024;
/** The file's own limit plus room for the multipart envelope and the other fields. */
const MAX_UPLOAD_BYTES = MAX_CSV_BYTES + 64 * 1024;

type ReadForm = { formData: FormData } | { tooLarge: ActionData["intent"] };

/** Reads the post, never more than its limit: a CSV upload (multipart) or a plain form (urlencoded). */
async function readForm(request: Request): Promise<ReadForm> {
  const type = request.headers.get("Content-Type") ?? "";
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (type.startsWith("multipart/form-data")) {
    if (declared > MAX_UPLOAD_BYTES) return { tooLarge: CSV_UPLOAD_INTENT };
    try {
      const formData = await unstable_parseMultipartFormData(
        request,
        unstable_createMemoryUploadHandler({ maxPartSize: MAX_CSV_BYTES }),
      );
      return { formData };
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) return { tooLarge: CSV_UPLOAD_INTENT };
      return { formData: new FormData() };
    }
  }
  try {
    const text = await readBodyText(request, MAX_FORM_BYTES);
    const formData = new FormData();
    for (const [name, value] of new URLSearchParams(text)) formData.append(name, value);
    return { formData };
  } catch (error) {
    if (error instanceof Response && error.status === 413) return { tooLarge: QUICK_ENTRY_INTENT };
    throw error;
  }
}

/** A form the server refused before reading it: the message goes under the field, like any other. */
function tooLargeReply(intent: ActionData["intent"]) {
  const field = intent === CSV_UPLOAD_INTENT ? "file" : "lines";
  const message = intent === CSV_UPLOAD_INTENT ? CSV_FILE_TOO_LARGE : QUICK_ENTRY_TOO_LONG;
  return json<ActionData>(
    { intent, result: { status: "error", initialValue: null, error: { [field]: [message] } } },
    { status: 400 },
  );
}

/** The key is per page view; the content is part of the scope, so a different order is never mistaken for a repeat. */
function contentScope(intent: string, content: string) {
  return `quick-order:${intent}:${crypto.createHash("sha256").update(content).digest("hex").slice(0, 32)}`;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const read = await readForm(request);
  if ("tooLarge" in read) return tooLargeReply(read.tooLarge);
  const { formData } = read;
  const intent = formData.get("intent");

  if (intent === QUICK_ENTRY_INTENT) {
    const submission = parseWithZod(formData, { schema: quickEntrySchema });
    if (submission.status !== "success") {
      return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const text = submission.value.lines;
    const outcome = addOnce(user, formData, contentScope(intent, text), (tx, buyer) =>
      submitQuickEntry(tx, user.id, buyer, text),
    );
    return respond(request, "entry", outcome, keepLines(text, outcome.failedLineNumbers));
  }

  if (intent === CSV_UPLOAD_INTENT) {
    const submission = parseWithZod(formData, { schema: csvUploadSchema });
    if (submission.status !== "success") {
      return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const text = await submission.value.file.text();
    const outcome = addOnce(user, formData, contentScope(intent, text), (tx, buyer) =>
      submitQuickOrderCsv(tx, user.id, buyer, text),
    );
    return respond(request, "csv", outcome, "");
  }

  if (intent === REORDER_INTENT) return reorder(request, user, formData);

  return redirectWithToast(request, quickOrderHref("entry"), {
    title: "Unknown action",
    description: "Choose Quick Entry, CSV Upload or Reorder and try again.",
    variant: "destructive",
  });
}

/** Runs a quick order once per idempotency key: a double click or a resubmitted page shows the same result. */
function addOnce(
  user: SessionUser,
  formData: FormData,
  scope: string,
  work: (tx: ReturnType<typeof getDb>, buyer: ReturnType<typeof buyerFor>) => QuickOrderOutcome,
): QuickOrderOutcome {
  const db = getDb();
  // customers awaiting approval may fill a cart at list prices; checkout is where they are stopped
  return runOnce(db, { ownerId: user.id, scope, key: idempotencyKeyFrom(formData) }, (tx) => work(tx, buyerFor(tx, user)))
    .result;
}

async function redirectWithToast(request: Request, to: string, toast: Toast) {
  const session = await getSession(request);
  session.flash("toast", toast);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * Post/Redirect/Get. Everything added: a toast ("Added N product(s) to cart"; for a CSV, "CSV Processed").
 * Any failure: the page shows what was added and the first three failures under "Some Items Failed", and
 * Quick Entry's box holds the failed lines again.
 */
async function respond(request: Request, tab: Exclude<QuickOrderTab, "reorder">, outcome: QuickOrderOutcome, failedText: string) {
  const session = await getSession(request);
  const store = withResult(session);
  if (outcome.errors.length === 0) {
    store.unset(RESULT_KEY);
    if (outcome.added > 0) {
      session.flash(
        "toast",
        tab === "csv" ? { title: CSV_PROCESSED, description: addedMessage(outcome.added) } : { title: addedMessage(outcome.added) },
      );
    } else {
      session.flash("toast", {
        title: NOTHING_ADDED,
        description:
          tab === "csv"
            ? "The file has no rows with a SKU and a whole-number quantity of at least 1."
            : "Enter one item per line: SKU, quantity.",
        variant: "destructive",
      });
    }
    return redirect(quickOrderHref(tab), { headers: { "Set-Cookie": await commitSession(session) } });
  }

  const { shown, more } = summariseErrors(outcome.errors);
  const id = crypto.randomBytes(6).toString("base64url");
  store.set(RESULT_KEY, { id, tab, added: outcome.added, errors: shown, more, text: failedText });
  return redirect(quickOrderHref(tab, id), { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Reorder: the order's lines go back in the cart at today's prices, then the cart (as on /account/orders). */
async function reorder(request: Request, user: SessionUser, formData: FormData) {
  const back = quickOrderHref("reorder");
  const parsed = reorderSchema.safeParse({ intent: formData.get("intent"), orderId: formData.get("orderId") });
  if (!parsed.success) {
    return redirectWithToast(request, back, {
      title: FAILED_TO_FETCH_ORDER_ITEMS,
      description: firstIssue(parsed.error).message,
      variant: "destructive",
    });
  }
  const { orderId } = parsed.data;
  const db = getDb();
  const owner = cartOwnerOf(user, await getSession(request));
  const { result } = runOnce(
    db,
    // the same scope as the order history's Reorder: one use-case, one notion of "this click again"
    { ownerId: user.id, scope: `reorder:${orderId}`, key: idempotencyKeyFrom(formData) },
    (tx) => reorderIntoCart(tx, owner, buyerFor(tx, user), user.id, orderId),
    (outcome) => outcome.ok,
  );
  if (!result.ok) {
    return redirectWithToast(request, back, {
      title: FAILED_TO_FETCH_ORDER_ITEMS,
      description: result.message,
      variant: "destructive",
    });
  }
  return redirectWithToast(request, result.value.added > 0 ? "/cart" : back, reorderToast(result.value));
}

// ─── Page ───────────────────────────────────────────────────────────────────

const TAB_INTROS: Record<QuickOrderTab, string> = {
  entry: "Type or paste SKUs and quantities, one item per line, and add them all to your cart at once.",
  csv: "Upload a spreadsheet saved as CSV, with a column for the SKU and one for the quantity.",
  reorder: `Put the items of one of your last ${REORDER_LIST_LIMIT} orders back in your cart, at today's prices.`,
};

export default function QuickOrderPage() {
  const { tab, examples, orders, result, resultId, entryText, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = (intent: ActionData["intent"]) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Quick Order</h1>
      <p className="mt-2 text-slate-600">
        Order by SKU in bulk: type your list, upload a CSV, or repeat a recent order. Everything goes into your{" "}
        <Link to="/cart" className="font-medium text-brand-700 hover:underline">
          cart
        </Link>{" "}
        for you to check before checkout.
      </p>

      <div className="mt-8">
        <QuickOrderTabs active={tab} />
        <section
          aria-label={QUICK_ORDER_TAB_LABELS[tab]}
          className="space-y-6 rounded-b-xl border border-t-0 border-slate-200 bg-white p-6 shadow-sm"
        >
          <p className="text-sm text-slate-600">{TAB_INTROS[tab]}</p>
          {result ? <QuickOrderResult result={result} /> : null}
          {tab === "entry" ? (
            <QuickEntryForm
              key={resultId ?? "new"}
              idempotencyKey={idempotencyKey}
              examples={examples}
              defaultText={entryText}
              lastResult={lastResult(QUICK_ENTRY_INTENT)}
            />
          ) : null}
          {tab === "csv" ? (
            <CsvUploadForm key={resultId ?? "new"} idempotencyKey={idempotencyKey} lastResult={lastResult(CSV_UPLOAD_INTENT)} />
          ) : null}
          {tab === "reorder" ? <ReorderList orders={orders} idempotencyKey={idempotencyKey} /> : null}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Quick order is unavailable</h1>
      <p className="mt-4 text-slate-600">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Something went wrong with quick order. Check your cart, then try again in a moment."}
      </p>
      <Link to="/quick-order" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        Try again
      </Link>
    </div>
  );
}
