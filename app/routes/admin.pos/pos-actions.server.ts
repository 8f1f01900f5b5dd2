/**
 * The screen's form posts, each answered with Post/Redirect/Get back to the page the cashier was on (its
 * search, category and page kept): a change to the basket (saved in the session), or Complete Sale.
 */
import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { changeBasket, completeBasketSale } from "~/domain/pos/pos-basket.server";
import { completeSaleFormSchema, posBasketCommandSchema, SALE_COMPLETED, POS_PAYMENT_LABELS } from "~/domain/pos/pos.schema";
import type { DB } from "~/utils/db.server";
import { idempotencyKeyFrom } from "~/utils/idempotency.server";
import { formatMoney } from "~/utils/money";
import { commitSession, getSession, refreshSessionValue } from "~/utils/session.server";
import { errorToast, failureToast, redirectWithToast } from "~/utils/toast.server";
import { POS_PATH } from "./pos-screen";
import { scanPost } from "./scan-actions.server";
import { POS_SCAN_INTENT, POS_SCAN_PARAM } from "~/domain/pos/pos-scan.schema";

const SALE_NOT_COMPLETED = "Sale not completed";
/** With JavaScript, a change to the basket replaces the page in the history rather than adding a step to Back. */
const IN_PLACE = { "X-Remix-Replace": "yes" };

/** Where a post returns to: this screen with the grid's state, without an earlier sale's `sold` box. */
function returnPath(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("sold");
  url.searchParams.delete("index");
  url.searchParams.delete(POS_SCAN_PARAM);
  const search = url.searchParams.toString();
  return search ? `${POS_PATH}?${search}` : POS_PATH;
}

function firstError(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).find((messages) => messages?.length)?.[0] ?? "Invalid request";
}

export async function posAction(db: DB, admin: { id: string }, request: Request) {
  const formData = await request.formData();
  const session = await getSession(request);
  const back = returnPath(request);

  if (formData.get("intent") === "complete") {
    const submission = parseWithZod(formData, { schema: completeSaleFormSchema });
    if (submission.status !== "success") return redirectWithToast(request, back, errorToast(firstError(submission.error)));
    refreshSessionValue(session, "posBasket");
    const result = completeBasketSale(db, admin, session, { ...submission.value, idempotencyKey: idempotencyKeyFrom(formData) });
    if (!result.ok) return redirectWithToast(request, back, failureToast(SALE_NOT_COMPLETED, result.message));
    const sale = result.value;
    const paidBy = POS_PAYMENT_LABELS[submission.value.paymentMethod];
    const sold = new URL(back, "http://localhost");
    sold.searchParams.set("sold", String(sale.orderId));
    return redirectWithToast(request, sold.pathname + sold.search, {
      title: SALE_COMPLETED,
      description: `Order ${sale.orderNumber}: ${formatMoney(sale.total)} paid by ${paidBy.toLowerCase()}. Invoice ${sale.invoiceNumber}.`,
    });
  }

  if (formData.get("intent") === POS_SCAN_INTENT) return scanPost(db, request, session, formData, back, IN_PLACE);

  const submission = parseWithZod(formData, { schema: posBasketCommandSchema });
  if (submission.status !== "success") {
    return redirectWithToast(request, back, errorToast(firstError(submission.error)), { headers: IN_PLACE });
  }
  refreshSessionValue(session, "posBasket");
  const result = changeBasket(db, session, submission.value);
  if (!result.ok) return redirectWithToast(request, back, errorToast(result.message), { headers: IN_PLACE });
  return redirect(back, { headers: { ...IN_PLACE, "Set-Cookie": await commitSession(session) } });
}
