/**
 * Queries of the customer's invoice list (/account/invoices and GET /api/invoices). Browser-safe.
 */
import { z } from "zod";
import { askedPage } from "~/utils/paging";

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
  const page = askedPage(params.get("page"), 9_999_999);
  return { page: page ?? 1, pageGiven: page !== null };
}

/**
 * `/account/invoices?placedBy=`: one colleague's invoices, for the roles that see the company's (a person's id;
 * blank or too long is no filter: a bad link is not an error).
 */
export function parseInvoicePlacedByParam(params: URLSearchParams): string | null {
  const value = params.get("placedBy")?.trim() ?? "";
  return value !== "" && value.length <= 100 ? value : null;
}

export function invoicesHref(page: number, placedBy: string | null = null): string {
  const params = new URLSearchParams();
  if (placedBy) params.set("placedBy", placedBy);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/account/invoices?${query}` : "/account/invoices";
}

/** Where a signed-in customer downloads an invoice's PDF from the account pages. */
export function invoicePdfHref(id: number): string {
  return `/account/invoices/${id}.pdf`;
}
