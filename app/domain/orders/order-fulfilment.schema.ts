/**
 * The back office's order commands, shared by the Orders screen (browser and action) and the JSON API:
 * a status change, a bulk status change and the tracking details.
 *
 * The status selector offers pending, processing, shipped, delivered and cancelled (spec §4); the bulk
 * action offers processing, shipped and delivered. `pending_approval` is only ever reached by placing an
 * order, and left through Approve or Reject (order-approvals.schema).
 */
import { z } from "zod";
import {
  BULK_NO_ORDERS_MESSAGE,
  BULK_TOO_MANY_MESSAGE,
  filterFrom,
  MAX_BULK_ORDERS,
  orderIdField,
  type OrderSelection,
} from "./order-list.schema";

export const ADMIN_STATUS_OPTIONS = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type AdminStatusOption = (typeof ADMIN_STATUS_OPTIONS)[number];
export const BULK_STATUS_OPTIONS = ["processing", "shipped", "delivered"] as const;
export type BulkStatusOption = (typeof BULK_STATUS_OPTIONS)[number];

export const STATUS_INVALID_MESSAGE = "Status must be one of pending, processing, shipped, delivered, cancelled";
export const BULK_STATUS_INVALID_MESSAGE = "Choose an action: processing, shipped or delivered";
const TRACKING_NUMBER_MAX = 100;
const CARRIER_MAX = 100;
const TRACKING_URL_MAX = 2000;
export const TRACKING_NUMBER_TOO_LONG = `Tracking number must be ${TRACKING_NUMBER_MAX} characters or fewer`;
export const CARRIER_TOO_LONG = `Carrier must be ${CARRIER_MAX} characters or fewer`;
export const TRACKING_URL_INVALID = "Tracking URL must be a web address starting with http:// or https://";
export const ESTIMATED_DELIVERY_INVALID = "Estimated delivery must be a date (YYYY-MM-DD)";
export const TRACKING_EMPTY_MESSAGE = "Send at least one of trackingNumber, carrier, trackingUrl, estimatedDelivery";

const statusField = z.enum(ADMIN_STATUS_OPTIONS, {
  errorMap: () => ({ message: STATUS_INVALID_MESSAGE }),
});

/** PATCH /api/admin/orders/{orderId}/status {status}; the detail's status form. */
export const orderStatusSchema = z.object({ status: statusField });

/**
 * The bulk toolbar: the ticked orders (`ids`, repeated), or with `all=1` every order matching `filter` (the
 * list's query string), and the status to give them all.
 */
export const bulkStatusSchema = z
  .object({
    ids: z.preprocess(
      (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
      z.array(orderIdField).max(MAX_BULK_ORDERS, BULK_TOO_MANY_MESSAGE),
    ),
    all: z.literal("1").optional().catch(undefined),
    filter: z.string().max(2000).optional(),
    status: z.enum(BULK_STATUS_OPTIONS, { errorMap: () => ({ message: BULK_STATUS_INVALID_MESSAGE }) }),
  })
  .superRefine((value, ctx) => {
    if (!value.all && value.ids.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["ids"], message: BULK_NO_ORDERS_MESSAGE });
    }
  })
  .transform(({ ids, all, filter, status }): { selection: OrderSelection; status: BulkStatusOption } => ({
    selection: all ? { filter: filterFrom(filter) } : { ids },
    status,
  }));

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
