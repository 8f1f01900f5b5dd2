/**
 * The back office's order list and what is read from it: the list's filters (screen and API), and the
 * selection an export or a picking list covers.
 */
import { z } from "zod";
import { ORDER_STATUSES, type OrderStatus } from "~db/schema";

export { ORDER_STATUSES };
export type { OrderStatus };

export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const MAX_BULK_ORDERS = 500;

export const NO_ORDERS_FOUND = "No orders found";
export const BULK_NO_ORDERS_MESSAGE = "Select at least one order";
export const BULK_TOO_MANY_MESSAGE = `Select at most ${MAX_BULK_ORDERS} orders at a time`;
export const EXPORT_COMPLETE = "Export Complete";
export const PICKING_LIST_EXPORTED = "Picking List Exported";

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

export const orderIdField = z.coerce
  .number({ invalid_type_error: "Order ids must be whole numbers" })
  .int("Order ids must be whole numbers")
  .positive("Order ids must be whole numbers");

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
