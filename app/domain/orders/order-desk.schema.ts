/**
 * The back office's order commands, shared by the Orders screen (browser and action) and the JSON API:
 * the list's filters, a status change, a bulk status change and the tracking details.
 *
 * The status selector offers pending, processing, shipped, delivered and cancelled (spec §4); the bulk
 * action offers processing, shipped and delivered. `pending_approval` is only ever reached by placing an
 * order, and left through Approve or Reject.
 */
import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus } from "~db/schema";

export { ORDER_STATUSES };
export type { OrderStatus };

export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const MAX_BULK_ORDERS = 500;

export const ADMIN_STATUS_OPTIONS = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type AdminStatusOption = (typeof ADMIN_STATUS_OPTIONS)[number];
export const BULK_STATUS_OPTIONS = ["processing", "shipped", "delivered"] as const;
export type BulkStatusOption = (typeof BULK_STATUS_OPTIONS)[number];

export const NO_ORDERS_FOUND = "No orders found";
export const NO_PENDING_ORDERS = "No Pending Orders";
export const STATUS_INVALID_MESSAGE = "Status must be one of pending, processing, shipped, delivered, cancelled";
export const BULK_STATUS_INVALID_MESSAGE = "Choose an action: processing, shipped or delivered";
export const BULK_NO_ORDERS_MESSAGE = "Select at least one order";
export const BULK_TOO_MANY_MESSAGE = `Select at most ${MAX_BULK_ORDERS} orders at a time`;
export const TRACKING_NUMBER_MAX = 100;
export const CARRIER_MAX = 100;
export const TRACKING_URL_MAX = 2000;
export const TRACKING_NUMBER_TOO_LONG = `Tracking number must be ${TRACKING_NUMBER_MAX} characters or fewer`;
export const CARRIER_TOO_LONG = `Carrier must be ${CARRIER_MAX} characters or fewer`;
export const TRACKING_URL_INVALID = "Tracking URL must be a web address starting with http:// or https://";
export const ESTIMATED_DELIVERY_INVALID = "Estimated delivery must be a date (YYYY-MM-DD)";
export const TRACKING_EMPTY_MESSAGE = "Send at least one of trackingNumber, carrier, trackingUrl, estimatedDelivery";

/** GET ?page=&q=&status= for the screen and the API; anything unreadable falls back to the whole list. */
export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** GET ?page= of the approvals queue. */
export const approvalListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
});

const statusField = z.enum(ADMIN_STATUS_OPTIONS, {
  errorMap: () => ({ message: STATUS_INVALID_MESSAGE }),
});

/** PATCH /api/admin/orders/{orderId}/status {status}; the detail's status form. */
export const orderStatusSchema = z.object({ status: statusField });
export type OrderStatusInput = z.infer<typeof orderStatusSchema>;

const orderIdField = z.coerce
  .number({ invalid_type_error: "Order ids must be whole numbers" })
  .int("Order ids must be whole numbers")
  .positive("Order ids must be whole numbers");

/** The bulk toolbar: the ticked orders (`ids`, repeated) and the status to give them all. */
export const bulkStatusSchema = z.object({
  ids: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(orderIdField).min(1, BULK_NO_ORDERS_MESSAGE).max(MAX_BULK_ORDERS, BULK_TOO_MANY_MESSAGE),
  ),
  status: z.enum(BULK_STATUS_OPTIONS, { errorMap: () => ({ message: BULK_STATUS_INVALID_MESSAGE }) }),
});
export type BulkStatusInput = z.infer<typeof bulkStatusSchema>;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Only a web page may be a tracking link: a `javascript:` or `data:` address would run in the customer's browser. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Optional text: absent stays undefined (unchanged), blank or null becomes null (cleared). */
const clearable = <T extends z.ZodTypeAny>(inner: T) =>
  z
    .union([z.null(), z.string({ invalid_type_error: "Must be text" })])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null ? null : value.trim() || null))
    .pipe(inner.nullable().optional());

const trackingFields = {
  trackingNumber: clearable(z.string().max(TRACKING_NUMBER_MAX, TRACKING_NUMBER_TOO_LONG)),
  carrier: clearable(z.string().max(CARRIER_MAX, CARRIER_TOO_LONG)),
  trackingUrl: clearable(
    z.string().max(TRACKING_URL_MAX, TRACKING_URL_INVALID).refine(isWebAddress, TRACKING_URL_INVALID),
  ),
  estimatedDelivery: clearable(z.string().refine(isCalendarDate, ESTIMATED_DELIVERY_INVALID)),
};

/**
 * PATCH /api/admin/orders/{orderId}/tracking: only the fields sent change; null or "" clears one.
 * At least one field must be sent.
 */
export const trackingSchema = z
  .object(trackingFields)
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: TRACKING_EMPTY_MESSAGE });
export type TrackingInput = z.infer<typeof trackingSchema>;

/**
 * The detail's tracking form always sends all four fields (Conform drops blanks), so a blank field there
 * means "clear it".
 */
export const trackingFormSchema = z.object(trackingFields).transform(
  (value): Required<{ [K in keyof typeof value]: Exclude<(typeof value)[K], undefined> }> => ({
    trackingNumber: value.trackingNumber ?? null,
    carrier: value.carrier ?? null,
    trackingUrl: value.trackingUrl ?? null,
    estimatedDelivery: value.estimatedDelivery ?? null,
  }),
);

export const EXPORT_COMPLETE = "Export Complete";
export const PICKING_LIST_EXPORTED = "Picking List Exported";

/**
 * The orders an export or a picking list covers: `ids` repeated (a form's ticked boxes) or comma-separated
 * (GET /api/admin/orders/export?ids=1,2,3).
 */
export const exportIdsSchema = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
      .flatMap((item) => String(item).split(","))
      .map((item) => item.trim())
      .filter(Boolean),
  z.array(orderIdField).min(1, BULK_NO_ORDERS_MESSAGE).max(MAX_BULK_ORDERS, BULK_TOO_MANY_MESSAGE),
);

/** The `ids` of a query string, read with exportIdsSchema. */
export function exportIdsFrom(params: URLSearchParams) {
  return exportIdsSchema.safeParse(params.getAll("ids"));
}
