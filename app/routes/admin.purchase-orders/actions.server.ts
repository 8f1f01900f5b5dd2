/** The Purchase Orders screen's form actions: Auto-Generate, a status move, and Create. */
import { parseWithZod } from "@conform-to/zod";
import { idParam } from "~/components/admin/form/list-hrefs";
import { autoGeneratePurchaseOrders } from "~/domain/purchasing/auto-generate.server";
import { createPurchaseOrder } from "~/domain/purchasing/purchase-order-create.server";
import { updatePurchaseOrderStatus } from "~/domain/purchasing/purchase-order-status.server";
import {
  createPurchaseOrderFormSchema,
  GENERATE_FAILED,
  NOTHING_TO_REORDER,
  PURCHASE_ORDER_CREATED,
  PURCHASE_ORDER_NOT_FOUND,
  PURCHASE_ORDERS_GENERATED,
  purchaseOrderStatusSchema,
  STATUS_UPDATE_FAILED,
} from "~/domain/purchasing/purchase-order.schema";
import type { AdminForm } from "~/utils/admin-form.server";
import { failureReply, invalidReply } from "~/utils/form-reply.server";
import { failureToast, redirectWithToast } from "~/utils/toast.server";
import { PURCHASE_ORDERS_PATH, purchaseOrdersHref, returnHref } from "./purchase-orders-screen";

type Ctx = AdminForm;

const CREATE_FIELDS = ["supplierId", "notes", "items"] as const;

export async function autoGenerateAction({ request, db, admin, formData, key }: Ctx) {
  const back = returnHref(formData.get("returnTo"));
  let result;
  try {
    result = autoGeneratePurchaseOrders(db, admin, key);
  } catch (error) {
    console.error("Auto-generating purchase orders failed", error);
    return redirectWithToast(request, back, failureToast(GENERATE_FAILED, "Nothing was created. Please try again."));
  }
  if (!result.ok) return redirectWithToast(request, back, failureToast(GENERATE_FAILED, result.message));
  const { created, message } = result.value;
  // the new orders are the newest, at the top of the unfiltered list
  const to = created.length > 0 ? PURCHASE_ORDERS_PATH : back;
  return redirectWithToast(request, to, { title: created.length > 0 ? PURCHASE_ORDERS_GENERATED : NOTHING_TO_REORDER, description: message });
}

export async function statusAction({ request, db, admin, formData, key }: Ctx) {
  const back = returnHref(formData.get("returnTo"));
  const id = idParam(String(formData.get("id") ?? ""));
  if (id === null) return redirectWithToast(request, back, failureToast(STATUS_UPDATE_FAILED, PURCHASE_ORDER_NOT_FOUND));
  const submission = parseWithZod(formData, { schema: purchaseOrderStatusSchema });
  if (submission.status !== "success") {
    return redirectWithToast(request, back, failureToast(STATUS_UPDATE_FAILED, "Choose the status to move it to"));
  }
  const result = await updatePurchaseOrderStatus(db, admin, id, submission.value, key);
  if (!result.ok) return redirectWithToast(request, back, failureToast(STATUS_UPDATE_FAILED, result.message));
  return redirectWithToast(request, back, { title: "Status updated", description: result.value.description });
}

export function createAction({ request, db, admin, formData, key }: Ctx) {
  const submission = parseWithZod(formData, { schema: createPurchaseOrderFormSchema });
  if (submission.status !== "success") return invalidReply("create", submission);
  const result = createPurchaseOrder(db, admin, submission.value, key);
  // a line's refusal names the line among those filled in, so it is shown on the form as a whole
  if (!result.ok) return failureReply("create", submission, result, CREATE_FIELDS);
  return redirectWithToast(
    request,
    purchaseOrdersHref({}, { view: String(result.value.id) }),
    { title: PURCHASE_ORDER_CREATED, description: `${result.value.orderNumber} for £${result.value.total} (VAT included) is a draft: send it when it is ready.` },
  );
}
