/**
 * The form action of an invoice screen (sales or purchase), written once. Its forms post `intent`:
 * `pay` (Record Payment, with `id`), `email` (Send Email, with `id`) and `create` (Create Invoice); each is
 * parsed with the command's zod schema, passed to the book's use case, and answered Post/Redirect/Get with
 * the spec's notice, or with the form's errors when it must show again.
 */
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny, z } from "zod";
import { idParam } from "~/components/admin/form/list-hrefs";
import type { RecordedPayment } from "~/domain/invoices/invoice-payments.server";
import {
  INVOICE_CREATED,
  INVOICE_EMAIL_FAILED,
  INVOICE_EMAIL_SENT,
  NO_INVOICE_SELECTED,
  PAYMENT_RECORDED,
  recordPaymentSchema,
  type RecordPaymentInput,
  type SalesInvoiceListQuery,
} from "~/domain/invoices/sales-invoice.schema";
import type { StaffArea } from "~/domain/users/staff-roles";
import { requireStaff } from "~/utils/auth.server";
import { getDb, type DB } from "~/utils/db.server";
import { failureReply, invalidReply } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { addDaysToDate, PAYMENT_TERMS_DAYS, ukToday } from "~/domain/invoices/invoices.server";
import type { Result } from "~/utils/result";
import { errorToast, redirectWithToast } from "~/utils/toast.server";

type Actor = { id: string };

const PAYMENT_FIELDS = ["amount", "paymentMethod", "paymentDate", "reference", "notes", "financialAccountId"] as const;

export type InvoiceScreenBook<Schema extends ZodTypeAny> = {
  /** the part of the back office the book belongs to, whose staff may post its forms */
  area: StaffArea;
  address: {
    returnList: (value: FormDataEntryValue | null) => SalesInvoiceListQuery;
    href: (list: Partial<SalesInvoiceListQuery>, extra?: Record<string, string | undefined>) => string;
  };
  record: (db: DB, actor: Actor, id: number, input: RecordPaymentInput, key: string | null) => Result<RecordedPayment>;
  email: (db: DB, actor: Actor, id: number, key: string | null) => Promise<{ ok: true; value: { invoiceNumber: string; to: string } } | { ok: false; message: string }>;
  createSchema: Schema;
  /** the create form's fields a refusal may name */
  createFields: readonly string[];
  create: (db: DB, actor: Actor, input: z.output<Schema>, key: string | null) => Result<{ id: number; invoiceNumber: string; total: string }>;
};

export async function invoiceScreenAction<Schema extends ZodTypeAny>(request: Request, book: InvoiceScreenBook<Schema>) {
  const admin = await requireStaff(request, book.area);
  const db = getDb();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const key = idempotencyKeyFrom(formData);
  const list = book.address.returnList(formData.get("returnTo"));
  const listHref = book.address.href(list);
  const id = idParam(String(formData.get("id") ?? ""));
  const viewHref = (invoiceId: number) => book.address.href(list, { view: String(invoiceId) });

  if (intent === "pay") {
    if (id === null) return redirectWithToast(request, listHref, errorToast(NO_INVOICE_SELECTED));
    const submission = parseWithZod(formData, { schema: recordPaymentSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = book.record(db, admin, id, submission.value, key);
    if (!result.ok) {
      if (result.status === 404) return redirectWithToast(request, listHref, errorToast(result.message));
      if (result.status === 409) return redirectWithToast(request, viewHref(id), errorToast(result.message));
      return failureReply(intent, submission, result, PAYMENT_FIELDS);
    }
    const { payment, invoice } = result.value;
    return redirectWithToast(request, viewHref(id), {
      title: PAYMENT_RECORDED,
      description:
        `£${payment.amount} against ${invoice.invoiceNumber}. Outstanding balance: £${invoice.outstanding}.` +
        (payment.financialAccountId === null ? " No account was named, so the money is in Suspense until a journal moves it." : ""),
    });
  }

  if (intent === "email") {
    if (id === null) return redirectWithToast(request, listHref, errorToast(NO_INVOICE_SELECTED));
    const result = await book.email(db, admin, id, key);
    if (!result.ok) return redirectWithToast(request, viewHref(id), errorToast(result.message || INVOICE_EMAIL_FAILED));
    return redirectWithToast(request, viewHref(id), {
      title: INVOICE_EMAIL_SENT,
      description: `${result.value.invoiceNumber} was sent to ${result.value.to}.`,
    });
  }

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: book.createSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = book.create(db, admin, submission.value, key);
    if (!result.ok) {
      // the use-case names a line's field as items.2.productId; the form's inputs are items[2].productId
      const field = result.field?.replace(/^items\.(\d+)\.(\w+)$/, "items[$1].$2");
      const fields = field ? [...book.createFields, field] : book.createFields;
      return failureReply(intent, submission, { ...result, field }, fields);
    }
    return redirectWithToast(request, viewHref(result.value.id), {
      title: INVOICE_CREATED,
      description: `${result.value.invoiceNumber} for £${result.value.total} (VAT included).`,
    });
  }

  return redirectWithToast(request, listHref, errorToast("Unknown action"));
}

/**
 * Which page of an invoice screen the address shows: ?view=12 (the invoice), ?pay=12 (its Record Payment,
 * only while something is owed), ?dialog=new (Create Invoice); `missing` when the invoice named is not there.
 */
export function invoiceScreenPages<Invoice>(params: URLSearchParams, get: (id: number) => Invoice | null, owing: (invoice: Invoice) => number) {
  const payId = idParam(params.get("pay"));
  const viewId = payId ?? idParam(params.get("view"));
  const invoice = viewId ? get(viewId) : null;
  return {
    invoice,
    missing: viewId !== null && invoice === null,
    paying: payId !== null && invoice !== null && owing(invoice) > 0,
    creating: !invoice && params.get("dialog") === "new",
  };
}

/** What every invoice screen's forms start with: today (UK), the default due date and a fresh idempotency key. */
export function invoiceFormDefaults() {
  const today = ukToday();
  return {
    paymentTermsDays: PAYMENT_TERMS_DAYS,
    today,
    defaultDueDate: addDaysToDate(today, PAYMENT_TERMS_DAYS),
    idempotencyKey: issueIdempotencyKey(),
  };
}
