/**
 * The customer's return request: one schema shared by the request form, POST /api/returns and the browser.
 * Browser-safe: no server imports.
 */
import { z } from "zod";
import { requestedPage } from "~/utils/paging";

/** Returns per page on /account/returns. */
export const RETURNS_PAGE_SIZE = 20;

export const RETURN_TYPE_OPTIONS = [
  { value: "refund", label: "Refund" },
  { value: "exchange", label: "Exchange" },
] as const;

export const RETURN_REASONS = [
  "Damaged in transit",
  "Wrong item sent",
  "Faulty",
  "No longer needed",
  "Other",
] as const;

export const MAX_CUSTOMER_NOTES = 2000;
export const NOTHING_SELECTED = "Select at least one item to return";
export const ONLY_DELIVERED = "Only delivered orders can be returned";
export const ORDER_NOT_FOUND = "Order not found";

/** "You can return at most 2 of Blue Roll" */
export function tooManyMessage(returnable: number, productName: string) {
  return `You can return at most ${returnable} of ${productName}`;
}

const toNumber = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value);

const id = (message: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ required_error: message, invalid_type_error: message })
      .int(message)
      .positive(message)
      .max(Number.MAX_SAFE_INTEGER, message),
  );

const quantity = z.preprocess(
  // an untouched quantity box means "none of this line"
  (value) => (value === undefined || value === null || value === "" ? 0 : toNumber(value)),
  z
    .number({ invalid_type_error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(0, "Quantity cannot be negative")
    .max(1_000_000, "Quantity is too large"),
);

const returnLineSchema = z.object({
  orderItemId: id("Unknown order item"),
  quantity,
});

export const returnRequestSchema = z
  .object({
    orderId: id(ORDER_NOT_FOUND),
    items: z
      .array(returnLineSchema, { required_error: NOTHING_SELECTED, invalid_type_error: NOTHING_SELECTED })
      .max(500, "Too many items")
      .default([])
      // checked on the list itself, so the message shows alongside any other field's
      .superRefine((items, ctx) => {
        const seen = new Set<number>();
        items.forEach((line, index) => {
          if (seen.has(line.orderItemId)) {
            ctx.addIssue({ code: "custom", path: [index, "orderItemId"], message: "Each item may appear only once" });
          }
          seen.add(line.orderItemId);
        });
        if (!items.some((line) => line.quantity > 0)) ctx.addIssue({ code: "custom", message: NOTHING_SELECTED });
      }),
    returnType: z
      .enum(["refund", "exchange"], {
        errorMap: () => ({ message: "Choose refund or exchange" }),
      })
      .default("refund"),
    reason: z.enum(RETURN_REASONS, {
      errorMap: (issue) => ({
        message: issue.code === "invalid_type" ? "Choose a reason for the return" : "Choose one of the listed reasons",
      }),
    }),
    customerNotes: z.preprocess(
      (value) => (typeof value === "string" ? value.trim() || undefined : value ?? undefined),
      z
        .string({ invalid_type_error: "Notes must be text" })
        .max(MAX_CUSTOMER_NOTES, `Notes must be at most ${MAX_CUSTOMER_NOTES} characters`)
        .optional(),
    ),
  });

export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** The address of the request form for one order. */
export function returnRequestHref(orderId: number) {
  return `/account/returns/new?order=${orderId}`;
}

/** The address of a page of My Returns & Refunds. */
export function returnsHref(page: number) {
  return page > 1 ? `/account/returns?page=${page}` : "/account/returns";
}

/** `/account/returns?page=`: the page asked for; 1 when missing, not a whole number or past page 999,999,999. */
export function parseReturnsPageParam(params: URLSearchParams): number {
  return requestedPage(params.get("page"), 999_999_999);
}

/** "items.2.quantity" (the use-case's field) → "items[2].quantity" (the request form's input name). */
export function returnFormFieldName(field: string) {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** `?order=` of the request form: a positive whole number, or null. */
export function parseReturnOrderParam(params: URLSearchParams): number | null {
  const raw = (params.get("order") ?? "").trim();
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
