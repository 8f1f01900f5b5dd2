/**
 * The JSON API of the two books of invoices (/api/admin/invoices/sales/... and /purchase/...), written
 * once: the paged list, an invoice's payments (GET the list, POST a payment, 201), its PDF and sending it
 * by email. Every handler calls requireApiStaff for the book's area first; an unknown invoice answers 404 with `notFound`; a
 * use case's refusal answers its status with {message, field}. Each route file documents its statuses.
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import {
  INVOICE_EMAIL_SENT,
  PAYMENT_RECORDED,
  recordPaymentSchema,
  salesInvoiceApiQuerySchema,
  type RecordPaymentInput,
} from "~/domain/invoices/sales-invoice.schema";
import type { StaffArea } from "~/domain/users/staff-roles";
import { requireApiStaff, requireStaff } from "~/utils/auth.server";
import { getDb, type DB } from "~/utils/db.server";
import * as http from "~/utils/http.server";
import { apiIdempotencyKey } from "~/utils/idempotency.server";
import { pdfDownloadResponse } from "~/utils/invoice-pdf.server";
import { toDecimalString } from "~/utils/money";
import type { InvoiceDocumentLine } from "~/utils/pdf-document.server";
import type { Result } from "~/utils/result";

type Actor = { id: string };
type ListQuery = z.infer<typeof salesInvoiceApiQuerySchema>;
type PageOf<Row> = { items: Row[]; total: number; page: number; pageSize: number; pageCount: number };

/** GET: a page of invoices (`q`, `status`, `page`, `pageSize` 1 to 100) with the paging headers. */
export function invoiceListApi<Row>(area: StaffArea, list: (db: DB, query: ListQuery) => PageOf<Row>) {
  const loader = http.apiRoute(async ({ request }: LoaderFunctionArgs) => {
    await requireApiStaff(request, area);
    return http.pagedJsonResponse(list(getDb(), http.parseQuery(request, salesInvoiceApiQuerySchema)));
  });
  const action = http.apiRoute(async ({ request }) => {
    await requireApiStaff(request, area);
    return http.methodNotAllowed(["GET"]);
  });
  return { loader, action };
}

/** GET: the invoice's payments, oldest first; POST: records one (201 {message, payment, invoice}). */
export function invoicePaymentsApi<Payment, Recorded extends object>(spec: {
  area: StaffArea;
  notFound: string;
  list: (db: DB, invoiceId: number) => Payment[] | null;
  record: (db: DB, actor: Actor, invoiceId: number, input: RecordPaymentInput, key: string | null) => Result<Recorded>;
}) {
  const loader = http.apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
    await requireApiStaff(request, spec.area);
    const payments = spec.list(getDb(), http.requireIntParam(params.id, spec.notFound));
    return payments ? json(payments) : http.jsonError(404, spec.notFound);
  });
  const action = http.apiRoute(async ({ request, params }: ActionFunctionArgs) => {
    const admin = await requireApiStaff(request, spec.area);
    if (request.method !== "POST") return http.methodNotAllowed(["GET", "POST"]);
    const id = http.requireIntParam(params.id, spec.notFound);
    const key = apiIdempotencyKey(request);
    const input = await http.parseJsonBody(request, recordPaymentSchema);
    const result = spec.record(getDb(), admin, id, input, key);
    if (!result.ok) return http.failureResponse(result);
    return json({ message: PAYMENT_RECORDED, ...result.value }, { status: 201 });
  });
  return { loader, action };
}

/** GET: the invoice as a PDF download (application/pdf), named after its number. */
export function invoicePdfApi(spec: { area: StaffArea; notFound: string; render: RenderPdf }) {
  const loader = http.apiRoute(async ({ request, params }: LoaderFunctionArgs) => {
    await requireApiStaff(request, spec.area);
    const rendered = await spec.render(getDb(), http.requireIntParam(params.id, spec.notFound));
    if (!rendered) return http.jsonError(404, spec.notFound);
    return pdfDownloadResponse(rendered.pdf, `${rendered.invoiceNumber}.pdf`);
  });
  return { loader, action: () => http.methodNotAllowed(["GET"]) };
}

type RenderPdf = (db: DB, id: number) => Promise<{ pdf: Buffer; invoiceNumber: string } | null>;

/**
 * The back office's Print: GET /admin/<invoices>/{id}.pdf, the invoice as a PDF shown in the browser's
 * viewer (to print), still saved under its number. A page route: signed-out visitors sign in first.
 */
export function invoicePrintLoader(
  spec: {
    notFound: string;
    render: (db: DB, id: number, user: Actor) => ReturnType<RenderPdf>;
    /** who may print: the back office's staff of `area`, or a page of the supplier area's own `guard` */
  } & ({ area: StaffArea } | { guard: (request: Request) => Promise<Actor> }),
) {
  const guard = "guard" in spec ? spec.guard : (request: Request) => requireStaff(request, spec.area);
  return async ({ request, params }: LoaderFunctionArgs) => {
    const user = await guard(request);
    const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : 0;
    const rendered = id > 0 ? await spec.render(getDb(), id, user) : null;
    if (!rendered) {
      throw new Response(spec.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const response = pdfDownloadResponse(rendered.pdf, `${rendered.invoiceNumber}.pdf`);
    response.headers.set("Content-Disposition", `inline; filename="${rendered.invoiceNumber.replace(/[^\w.-]/g, "_")}.pdf"`);
    return response;
  };
}

/** POST: emails the invoice with its PDF → {message: 'Invoice sent via email successfully', to}. */
export function invoiceEmailApi(spec: {
  area: StaffArea;
  notFound: string;
  send: (db: DB, actor: Actor, id: number, key: string | null) => Promise<Result<{ to: string }> | { ok: false; status: 502; message: string }>;
}) {
  const action = http.apiRoute(async ({ request, params }: ActionFunctionArgs) => {
    const admin = await requireApiStaff(request, spec.area);
    if (request.method !== "POST") return http.methodNotAllowed(["POST"]);
    const id = http.requireIntParam(params.id, spec.notFound);
    const result = await spec.send(getDb(), admin, id, apiIdempotencyKey(request));
    if (!result.ok) return http.jsonError(result.status, result.message);
    return json({ message: INVOICE_EMAIL_SENT, to: result.value.to });
  });
  const loader = http.apiRoute(async ({ request }) => {
    await requireApiStaff(request, spec.area);
    return http.methodNotAllowed(["POST"]);
  });
  return { loader, action };
}

/** A new invoice's amounts and lines in JSON (money as "12.50", rates as "20.00"), as the create calls answer. */
export function invoiceAmountsJson(invoice: { subtotal: number; vatAmount: number; total: number; amountPaid: number; lines: InvoiceDocumentLine[] }) {
  return {
    subtotal: toDecimalString(invoice.subtotal),
    vatAmount: toDecimalString(invoice.vatAmount),
    total: toDecimalString(invoice.total),
    amountPaid: toDecimalString(invoice.amountPaid),
    items: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: toDecimalString(line.unitPrice),
      vatRate: toDecimalString(line.vatRate),
      vatAmount: toDecimalString(line.vatAmount),
      total: toDecimalString(line.total),
    })),
  };
}
