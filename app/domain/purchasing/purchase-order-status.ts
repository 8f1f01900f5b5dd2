/**
 * The purchase order's states and the moves between them (browser-safe): draft → sent → received, and
 * draft or sent → cancelled. Received and cancelled are final. Any other move is refused (409).
 */
export const PURCHASE_ORDER_STATUSES = ["draft", "sent", "received", "cancelled"] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

const NEXT: Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]> = {
  draft: ["sent", "cancelled"],
  sent: ["received", "cancelled"],
  received: [],
  cancelled: [],
};

const LABELS: Record<PurchaseOrderStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  received: "Received",
  cancelled: "Cancelled",
};

export function purchaseOrderStatusLabel(status: PurchaseOrderStatus) {
  return LABELS[status];
}

/** The states a purchase order in `status` may move to next (what the status select offers). */
export function nextPurchaseOrderStatuses(status: PurchaseOrderStatus): readonly PurchaseOrderStatus[] {
  return NEXT[status];
}

/** Why `from` → `to` is not allowed, or null when it is. `orderNumber` names the order in the message. */
export function statusMoveRefusal(orderNumber: string, from: PurchaseOrderStatus, to: PurchaseOrderStatus): string | null {
  if (NEXT[from].includes(to)) return null;
  if (from === to) return `${orderNumber} is already ${LABELS[to].toLowerCase()}`;
  if (from === "received") return `${orderNumber} has been received and its stock booked in: it cannot be changed`;
  if (from === "cancelled") return `${orderNumber} is cancelled and cannot be changed`;
  if (to === "received") return `${orderNumber} must be sent to the supplier before it can be received`;
  return `${orderNumber} cannot go from ${LABELS[from].toLowerCase()} back to ${LABELS[to].toLowerCase()}`;
}
