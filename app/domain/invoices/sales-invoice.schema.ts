/**
 * Commands and queries of the back office's sales invoices (/admin/sales-invoices and
 * /api/admin/invoices/sales/...): the list's filters, recording a payment and creating an invoice by hand.
 * Browser-safe: the screen's forms validate with the same schemas as the server.
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { parseDecimalToHundredths } from "~/utils/money";
import { INVOICE_STATUSES } from "./invoice-status";

export const SALES_INVOICES_PAGE_SIZE = 25;
const SALES_INVOICES_API_PAGE_SIZE_MAX = 100;

export const PAYMENT_METHODS = ["bank_transfer", "cash", "credit"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: "Bank transfer",
  cash: "Cash",
  credit: "Credit",
};

// The spec's notices and messages, exactly.
export const INVOICE_CREATED = "Invoice created";
export const PAYMENT_RECORDED = "Payment recorded";
export const INVOICE_EMAIL_SENT = "Invoice sent via email successfully";
export const INVOICE_EMAIL_FAILED = "Failed to send invoice";
export const NO_LINE_ITEMS = "Please add at least one line item";
export const NO_INVOICE_SELECTED = "No invoice selected";
export const SALES_INVOICE_NOT_FOUND = "Invoice not found";

/** 'Amount must be greater than 0 and not exceed {outstanding amount}', the outstanding as "£12.50". */
export function paymentAmountMessage(outstandingText: string) {
  return `Amount must be greater than 0 and not exceed ${outstandingText}`;
}

export const REFERENCE_MAX = 100;
export const INVOICE_NUMBER_MAX = 50;
export const NOTES_MAX = 2000;
export const DESCRIPTION_MAX = 500;
const MAX_LINES = 200;
const MAX_QUANTITY = 1_000_000;
/** Rows the Create Invoice form shows at first; "More lines" adds this many again, up to FORM_LINES_MAX. */
export const FORM_LINES_STEP = 5;
export const FORM_LINES_MAX = 50;

/** A list filter value in `?status=`: the derived statuses. */
const invoiceStatusFilter = z.enum(INVOICE_STATUSES);

export const optionalText = (max: number, label: string) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** `?q=&status=&page=` of the list (screen and API). Bad values fall back to "no filter" on the screen. */
export const salesInvoiceListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  status: invoiceStatusFilter.optional().catch(undefined),
  page: pageField(100_000),
});
export type SalesInvoiceListQuery = z.infer<typeof salesInvoiceListQuerySchema>;

/** The API's query: the same filters, a page size up to 100, and a 400 for a status it does not know. */
export const salesInvoiceApiQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, "q must be at most 200 characters")
    .optional()
    .transform((value) => value || undefined),
  status: z
    .enum(INVOICE_STATUSES, { errorMap: () => ({ message: `status must be one of ${INVOICE_STATUSES.join(", ")}` }) })
    .optional(),
  page: pageField(100_000),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(SALES_INVOICES_API_PAGE_SIZE_MAX)
    .catch(SALES_INVOICES_PAGE_SIZE)
    .default(SALES_INVOICES_PAGE_SIZE),
});

/**
 * Pounds as a number (12.5) or text ("12.50", "£12.50") with at most two decimals → integer pence. Signs
 * are kept: whether a negative or zero amount is allowed is the caller's rule.
 */
export function poundsField(label: string) {
  return z
    .union([z.number(), z.string()], {
      required_error: `${label} is required`,
      invalid_type_error: `${label} must be a number`,
    })
    .transform((value, ctx) => {
      const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "x") : value.trim().replace(/^£/, "");
      if (text === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} is required` });
        return z.NEVER;
      }
      if (!/^-?\d{1,10}(\.\d+)?$/.test(text)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be a number` });
        return z.NEVER;
      }
      if (/\.\d{3,}$/.test(text)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must have at most 2 decimal places` });
        return z.NEVER;
      }
      return parseDecimalToHundredths(text)!;
    });
}

/** A VAT percentage from 0 to 100 with at most one decimal ("20", 17.5, "20.00") → hundredths (2000). */
const vatPercentField = poundsField("VAT rate").superRefine((value, ctx) => {
  if (value < 0 || value > 10000) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "VAT rate must be between 0 and 100" });
  else if (value % 10 !== 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "VAT rate must have at most one decimal place" });
});

function isRealDate(text: string) {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const dateField = (label: string) =>
  z
    .string({ invalid_type_error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isRealDate(value)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be a date (YYYY-MM-DD)` });
        return z.NEVER;
      }
      return value;
    });

/** An optional record id: blank or null means none. */
export const optionalId = (label: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ invalid_type_error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a whole number`)
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
  );

/**
 * POST /api/admin/invoices/sales/{id}/payments and the Record Payment form: {amount, paymentMethod,
 * paymentDate?, reference?, notes?, financialAccountId?}. The amount is checked against what is
 * outstanding by the use-case, which knows it.
 */
export const recordPaymentSchema = z.object({
  amount: poundsField("Amount"),
  // the purchase form types it as free text, so surrounding spaces are forgiven
  paymentMethod: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.enum(PAYMENT_METHODS, {
      errorMap: () => ({ message: `Payment method must be one of ${PAYMENT_METHODS.join(", ")}` }),
    }),
  ),
  paymentDate: dateField("Payment date"),
  reference: optionalText(REFERENCE_MAX, "Reference"),
  notes: optionalText(NOTES_MAX, "Notes"),
  financialAccountId: optionalId("Financial account"),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

const lineSchema = z
  .object({
    productId: optionalId("Product"),
    description: optionalText(DESCRIPTION_MAX, "Description"),
    quantity: z.coerce
      .number({ required_error: "Quantity is required", invalid_type_error: "Quantity must be a whole number" })
      .int("Quantity must be a whole number")
      .min(1, "Quantity must be at least 1")
      .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY.toLocaleString("en-GB")}`),
    // A line naming a product takes the product's price and VAT rate, so these are only needed without one.
    unitPrice: poundsField("Unit price")
      .refine((value) => value >= 0, "Unit price must be 0 or more")
      .optional(),
    vatRate: vatPercentField.optional(),
  })
  .superRefine((line, ctx) => {
    if (line.productId) return;
    if (!line.description) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["description"], message: "Description is required" });
    }
    if (line.unitPrice === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["unitPrice"], message: "Unit price is required" });
    }
    if (line.vatRate === undefined) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["vatRate"], message: "VAT rate is required" });
    }
  });
export type ManualInvoiceLine = z.infer<typeof lineSchema>;

const INVOICE_NUMBER_CHARACTERS = /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/;
const INVOICE_NUMBER_CHARACTERS_MESSAGE = "Invoice number may contain letters, digits, spaces and . _ / -";

const invoiceNumberField = optionalText(INVOICE_NUMBER_MAX, "Invoice number").refine(
  (value) => value === null || INVOICE_NUMBER_CHARACTERS.test(value),
  INVOICE_NUMBER_CHARACTERS_MESSAGE,
);

/** An invoice number that must be given (a supplier's own number on their invoice). */
export const requiredInvoiceNumberField = z
  .string({ required_error: "Invoice number is required", invalid_type_error: "Invoice number is required" })
  .trim()
  .min(1, "Invoice number is required")
  .max(INVOICE_NUMBER_MAX, `Invoice number must be at most ${INVOICE_NUMBER_MAX} characters`)
  .regex(INVOICE_NUMBER_CHARACTERS, INVOICE_NUMBER_CHARACTERS_MESSAGE);

const header = {
  customerId: z
    .string({ required_error: "Customer is required", invalid_type_error: "Customer is required" })
    .trim()
    .min(1, "Customer is required")
    .max(100, "Customer not found"),
  orderId: optionalId("Order"),
  invoiceNumber: invoiceNumberField,
  issueDate: dateField("Issue date"),
  dueDate: dateField("Due date"),
};

/** A refinement: the due date is not before the invoice's own date (`dateKey`: issueDate or invoiceDate). */
export function dueNotBefore<Key extends string>(dateKey: Key, label: string) {
  return (value: { [K in Key]: string | null } & { dueDate: string | null }, ctx: z.RefinementCtx) => {
    const from = value[dateKey];
    if (from && value.dueDate && value.dueDate < from) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["dueDate"], message: `Due date cannot be before the ${label}` });
    }
  };
}
const datesInOrder = dueNotBefore("issueDate", "issue date");

/**
 * POST /api/admin/invoices/sales/manual. The spec's body also carries subtotal, vatAmount, total, status
 * and a total per item: those are not read (zod drops them) — the server computes the totals from the lines
 * and a new invoice is always unpaid.
 */
export const manualInvoiceSchema = z.object({ ...header, items: invoiceItemsField() }).superRefine(datesInOrder);

/** The API's `items`: at least one line ('Please add at least one line item'), at most MAX_LINES. */
export function invoiceItemsField() {
  return z
    .array(lineSchema, { required_error: NO_LINE_ITEMS, invalid_type_error: NO_LINE_ITEMS })
    .min(1, NO_LINE_ITEMS)
    .max(MAX_LINES, `An invoice can have at most ${MAX_LINES} lines`);
}
export type ManualInvoiceInput = z.infer<typeof manualInvoiceSchema>;

/** A form row nobody filled in: no product, no description and no price other than 0. */
function isBlankRow(value: unknown) {
  if (!value || typeof value !== "object") return true;
  const row = value as Record<string, unknown>;
  const empty = (field: unknown) => field === undefined || field === null || (typeof field === "string" && field.trim() === "");
  const price = row.unitPrice;
  return empty(row.productId) && empty(row.description) && (empty(price) || parseDecimalToHundredths(String(price)) === 0);
}

/**
 * The Create Invoice form: a fixed set of rows (it works without JavaScript), of which the blank ones are
 * ignored. Blank rows become null before validation, so an error stays on the row it belongs to.
 */
export const manualInvoiceFormSchema = z.object({ ...header, items: invoiceFormRowsField() }).superRefine(datesInOrder);

/** The form's `items`: its rows with the blank ones dropped, and at least one left. */
export function invoiceFormRowsField() {
  return z
    .array(z.preprocess((row) => (isBlankRow(row) ? null : row), lineSchema.nullable()))
    .max(FORM_LINES_MAX)
    .default([])
    .transform((rows) => rows.filter((row): row is ManualInvoiceLine => row !== null))
    .refine((rows) => rows.length > 0, NO_LINE_ITEMS);
}
