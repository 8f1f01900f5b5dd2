/**
 * Queries of the customer's invoice list (/account/invoices and GET /api/invoices). Browser-safe.
 */
import { z } from "zod";

/** Invoices per page, on the screen and the API. */
export const INVOICE_PAGE_SIZE = 20;
export const INVOICE_NOT_FOUND = "Invoice not found";

/** `?page=` of GET /api/invoices: a whole number from 1 (1 when absent); 400 for anything else. */
export const invoiceListQuerySchema = z.object({
  page: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
      z
        .number({ invalid_type_error: "page must be a whole number" })
        .int("page must be a whole number")
        .min(1, "page must be at least 1")
        .max(1_000_000, "page must be at most 1000000"),
    )
    .default(1),
});

/**
 * `/account/invoices?page=`: the page asked for (1 when missing or not a number — a bad link is not an
 * error) and whether the URL chose it.
 */
export function parseInvoicePageParam(params: URLSearchParams): { page: number; pageGiven: boolean } {
  const value = params.get("page");
  if (value === null || !/^\s*\d{1,7}\s*$/.test(value)) return { page: 1, pageGiven: false };
  const page = Number(value);
  return page > 0 ? { page, pageGiven: true } : { page: 1, pageGiven: false };
}

export function invoicesHref(page: number): string {
  return page > 1 ? `/account/invoices?page=${page}` : "/account/invoices";
}

/** Where a signed-in customer downloads an invoice's PDF from the account pages. */
export function invoicePdfHref(id: number): string {
  return `/account/invoices/${id}.pdf`;
}
