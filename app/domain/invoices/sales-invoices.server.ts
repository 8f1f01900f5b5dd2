/**
 * The back office's sales invoices: the list (filtered by the derived status), one invoice with its lines
 * and payments, recording a payment, emailing the invoice as a PDF, and creating an invoice by hand.
 * Both doors call these: the /admin/sales-invoices screen and /api/admin/invoices/sales/....
 */
import { and, asc, count, desc, eq, gt, gte, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { financialAccounts, idempotencyKeys, orders, payments, products, salesInvoiceItems, salesInvoices, users } from "~db/schema";
import { getCompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { runOnce } from "~/utils/idempotency.server";
import { renderSalesInvoicePdf, type SalesInvoiceDocument } from "~/utils/invoice-pdf.server";
import { sendMail } from "~/utils/mail.server";
import { formatMoney, toDecimalString } from "~/utils/money";
import { fail, ok, type Result } from "~/utils/result";
import {
  INVOICE_EMAIL_FAILED,
  paymentAmountMessage,
  SALES_INVOICE_NOT_FOUND,
  SALES_INVOICES_PAGE_SIZE,
  type ManualInvoiceInput,
  type PaymentMethod,
  type RecordPaymentInput,
  type SalesInvoiceListQuery,
} from "./sales-invoice.schema";
import { recordAudit } from "~/domain/shared/audit.server";
import { containsPattern } from "~/domain/catalog/catalog.schema";
import { deriveInvoiceStatus, formatInvoiceDate, invoiceOutstanding, type InvoiceStatus } from "./invoice-status";
import { addDaysToDate, PAYMENT_TERMS_DAYS, ukToday } from "./invoices.server";
import { nextInvoiceNumber } from "~/domain/shared/numbering.server";
import { lineTotals } from "~/domain/pricing/pricing";
import { loadSalesInvoiceDocument } from "./invoice-document.server";
import { REPEAT_SCOPE, scopeFor } from "~/domain/shared/repeat-scopes";

export type Actor = { id: string };

export const VOID_INVOICE_PAYMENT = "This invoice is void (its order was cancelled): no payment can be recorded against it";
export const VOID_INVOICE_EMAIL = "This invoice is void (its order was cancelled) and cannot be sent";
export const NO_CUSTOMER_EMAIL = "This invoice has no customer email address to send it to";
export const FINANCIAL_ACCOUNT_NOT_FOUND = "Financial account not found";
export const CUSTOMER_NOT_FOUND = "Customer not found: choose a customer account";
export const ORDER_NOT_FOUND = "Order not found";

// ─── Reading ────────────────────────────────────────────────────────────────

const listColumns = {
  id: salesInvoices.id,
  invoiceNumber: salesInvoices.invoiceNumber,
  orderId: salesInvoices.orderId,
  customerId: salesInvoices.customerId,
  status: salesInvoices.status,
  subtotal: salesInvoices.subtotal,
  vatAmount: salesInvoices.vatAmount,
  total: salesInvoices.total,
  amountPaid: salesInvoices.amountPaid,
  issueDate: salesInvoices.issueDate,
  dueDate: salesInvoices.dueDate,
  customerEmail: users.email,
  customerFirstName: users.firstName,
  customerLastName: users.lastName,
  customerBusinessName: users.businessName,
  orderNumber: orders.orderNumber,
  shippingName: orders.shippingName,
  shippingEmail: orders.shippingEmail,
  shippingAddress: orders.shippingAddress,
  shippingCity: orders.shippingCity,
  shippingPostcode: orders.shippingPostcode,
};

type ListRow = {
  id: number;
  invoiceNumber: string;
  orderId: number | null;
  customerId: string | null;
  status: string;
  subtotal: number;
  vatAmount: number;
  total: number;
  amountPaid: number;
  issueDate: string;
  dueDate: string;
  customerEmail: string | null;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerBusinessName: string | null;
  orderNumber: string | null;
  shippingName: string | null;
  shippingEmail: string | null;
  shippingAddress: string | null;
  shippingCity: string | null;
  shippingPostcode: string | null;
};

/** A sales invoice as the API and the list show it: money as 2-decimal strings, the status derived. */
export type AdminSalesInvoiceJson = {
  id: number;
  invoiceNumber: string;
  orderId: number | null;
  customerId: string | null;
  status: InvoiceStatus;
  subtotal: string;
  vatAmount: string;
  total: string;
  amountPaid: string;
  /** total − amountPaid; "0.00" for a void invoice */
  outstanding: string;
  issueDate: string;
  dueDate: string;
  customer: { id: string; email: string; firstName: string | null; lastName: string | null; businessName: string | null } | null;
  order: {
    id: number;
    orderNumber: string | null;
    shippingName: string | null;
    shippingEmail: string | null;
    shippingAddress: string | null;
    shippingCity: string | null;
    shippingPostcode: string | null;
  } | null;
};

function invoiceJson(row: ListRow, today: string): AdminSalesInvoiceJson {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    orderId: row.orderId,
    customerId: row.customerId,
    status: deriveInvoiceStatus(row, today),
    subtotal: toDecimalString(row.subtotal),
    vatAmount: toDecimalString(row.vatAmount),
    total: toDecimalString(row.total),
    amountPaid: toDecimalString(row.amountPaid),
    outstanding: toDecimalString(invoiceOutstanding(row)),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    customer:
      row.customerId && row.customerEmail !== null
        ? {
            id: row.customerId,
            email: row.customerEmail,
            firstName: row.customerFirstName,
            lastName: row.customerLastName,
            businessName: row.customerBusinessName,
          }
        : null,
    order:
      row.orderId !== null
        ? {
            id: row.orderId,
            orderNumber: row.orderNumber,
            shippingName: row.shippingName,
            shippingEmail: row.shippingEmail,
            shippingAddress: row.shippingAddress,
            shippingCity: row.shippingCity,
            shippingPostcode: row.shippingPostcode,
          }
        : null,
  };
}

/** The SQL of "this invoice's derived status is `status`", the same rule as deriveInvoiceStatus. */
function statusCondition(status: InvoiceStatus, today: string): SQL {
  const live = ne(salesInvoices.status, "void");
  const owing = lt(salesInvoices.amountPaid, salesInvoices.total);
  switch (status) {
    case "void":
      return eq(salesInvoices.status, "void");
    case "paid":
      return and(live, gte(salesInvoices.amountPaid, salesInvoices.total))!;
    case "overdue":
      return and(live, owing, lt(salesInvoices.dueDate, today))!;
    case "partially_paid":
      return and(live, owing, gte(salesInvoices.dueDate, today), gt(salesInvoices.amountPaid, 0))!;
    case "unpaid":
      return and(live, owing, gte(salesInvoices.dueDate, today), eq(salesInvoices.amountPaid, 0))!;
  }
}

function likeEscaped(column: SQL | typeof users.email, pattern: string) {
  return sql`${column} like ${pattern} escape '\\'`;
}

export type SalesInvoicePage = {
  items: AdminSalesInvoiceJson[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * One page of invoices, newest issue date first (then newest id, so pages never overlap). `q` matches the
 * invoice number, the customer's email or business name, or the order number; `status` is the derived one.
 */
export function listSalesInvoices(
  db: DB,
  query: SalesInvoiceListQuery,
  { pageSize = SALES_INVOICES_PAGE_SIZE, today = ukToday() }: { pageSize?: number; today?: string } = {},
): SalesInvoicePage {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        likeEscaped(sql`${salesInvoices.invoiceNumber}`, pattern),
        likeEscaped(sql`coalesce(${users.email}, '')`, pattern),
        likeEscaped(sql`coalesce(${users.businessName}, '')`, pattern),
        likeEscaped(sql`coalesce(${orders.orderNumber}, '')`, pattern),
      )!,
    );
  }
  if (query.status) conditions.push(statusCondition(query.status, today));
  const where = conditions.length ? and(...conditions) : undefined;
  const total =
    db
      .select({ n: count() })
      .from(salesInvoices)
      .leftJoin(users, eq(users.id, salesInvoices.customerId))
      .leftJoin(orders, eq(orders.id, salesInvoices.orderId))
      .where(where)
      .get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = db
    .select(listColumns)
    .from(salesInvoices)
    .leftJoin(users, eq(users.id, salesInvoices.customerId))
    .leftJoin(orders, eq(orders.id, salesInvoices.orderId))
    .where(where)
    .orderBy(desc(salesInvoices.issueDate), desc(salesInvoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { items: rows.map((row) => invoiceJson(row, today)), total, page, pageCount, pageSize };
}

/** A payment as read (the spec's "Invoice payment"), plus the account it went into. */
export type InvoicePaymentJson = {
  id: number;
  paymentDate: string;
  amount: string;
  paymentMethod: PaymentMethod;
  reference: string | null;
  notes: string | null;
  financialAccountId: number | null;
  financialAccountName: string | null;
  createdAt: string;
};

function paymentRows(db: DB, invoiceId: number): InvoicePaymentJson[] {
  return db
    .select({
      id: payments.id,
      paymentDate: payments.paymentDate,
      amount: payments.amount,
      paymentMethod: payments.paymentMethod,
      reference: payments.reference,
      notes: payments.notes,
      financialAccountId: payments.financialAccountId,
      financialAccountName: financialAccounts.name,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(financialAccounts, eq(financialAccounts.id, payments.financialAccountId))
    .where(eq(payments.salesInvoiceId, invoiceId))
    .orderBy(asc(payments.paymentDate), asc(payments.id))
    .all()
    .map((row) => ({ ...row, amount: toDecimalString(row.amount), createdAt: row.createdAt.toISOString() }));
}

/** The invoice's payments, oldest first; null when there is no such invoice. */
export function listInvoicePayments(db: DB, invoiceId: number): InvoicePaymentJson[] | null {
  const invoice = db.select({ id: salesInvoices.id }).from(salesInvoices).where(eq(salesInvoices.id, invoiceId)).get();
  return invoice ? paymentRows(db, invoiceId) : null;
}

export type AdminSalesInvoiceDetail = {
  id: number;
  orderId: number | null;
  customerId: string | null;
  document: SalesInvoiceDocument;
  payments: InvoicePaymentJson[];
};

/** One invoice with its lines, bill-to, ship-to and payments, or null. */
export function getAdminSalesInvoice(db: DB, id: number, { today = ukToday() }: { today?: string } = {}): AdminSalesInvoiceDetail | null {
  const loaded = loadSalesInvoiceDocument(db, id, { today });
  if (!loaded) return null;
  const { id: invoiceId, orderId, customerId, storedStatus: _stored, ...document } = loaded;
  return { id: invoiceId, orderId, customerId, document, payments: paymentRows(db, invoiceId) };
}

export type FinancialAccountOption = { id: number; name: string; type: string };

/** The financial accounts a payment can be paid into, by name. */
export function listFinancialAccountOptions(db: DB): FinancialAccountOption[] {
  return db
    .select({ id: financialAccounts.id, name: financialAccounts.name, type: financialAccounts.type })
    .from(financialAccounts)
    .orderBy(asc(financialAccounts.name), asc(financialAccounts.id))
    .all();
}

// ─── Recording a payment ────────────────────────────────────────────────────

export type RecordedPayment = {
  payment: InvoicePaymentJson;
  invoice: { id: number; invoiceNumber: string; status: InvoiceStatus; amountPaid: string; outstanding: string };
};

const storeSuccess = (result: { ok: boolean }) => result.ok;

/**
 * Records a payment against a sales invoice, once per idempotency key, in one IMMEDIATE transaction: the
 * amount must be above 0 and no more than what is outstanding; a void invoice takes no payment (409).
 * The invoice's amountPaid rises; a named financial account's balance moves by the amount (a credit card
 * account's balance is money owed, so money received into it lowers the balance). Audited.
 */
export function recordPayment(
  db: DB,
  actor: Actor,
  invoiceId: number,
  input: RecordPaymentInput,
  key: string | null = null,
  { today = ukToday() }: { today?: string } = {},
): Result<RecordedPayment> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.salesInvoicePayment, invoiceId), key },
    (tx): Result<RecordedPayment> => {
      const invoice = tx.select().from(salesInvoices).where(eq(salesInvoices.id, invoiceId)).get();
      if (!invoice) return fail(404, SALES_INVOICE_NOT_FOUND);
      if (invoice.status === "void") return fail(409, VOID_INVOICE_PAYMENT);
      const outstanding = invoiceOutstanding(invoice);
      if (input.amount <= 0 || input.amount > outstanding) {
        return fail(400, paymentAmountMessage(formatMoney(outstanding)), "amount");
      }
      let account: { id: number; name: string; type: string } | undefined;
      if (input.financialAccountId !== undefined) {
        account = tx
          .select({ id: financialAccounts.id, name: financialAccounts.name, type: financialAccounts.type })
          .from(financialAccounts)
          .where(eq(financialAccounts.id, input.financialAccountId))
          .get();
        if (!account) return fail(400, FINANCIAL_ACCOUNT_NOT_FOUND, "financialAccountId");
      }
      const paymentDate = input.paymentDate ?? today;
      const row = tx
        .insert(payments)
        .values({
          salesInvoiceId: invoice.id,
          amount: input.amount,
          paymentMethod: input.paymentMethod,
          paymentDate,
          reference: input.reference,
          notes: input.notes,
          financialAccountId: account?.id ?? null,
          createdBy: actor.id,
        })
        .returning({ id: payments.id, createdAt: payments.createdAt })
        .get();
      const amountPaid = invoice.amountPaid + input.amount;
      tx.update(salesInvoices).set({ amountPaid }).where(eq(salesInvoices.id, invoice.id)).run();
      if (account) {
        const change = account.type === "credit_card" ? -input.amount : input.amount;
        tx.update(financialAccounts)
          .set({ balance: sql`${financialAccounts.balance} + ${change}`, updatedAt: new Date() })
          .where(eq(financialAccounts.id, account.id))
          .run();
      }
      const after = { ...invoice, amountPaid };
      const status = deriveInvoiceStatus(after, today);
      recordAudit(tx, {
        actorId: actor.id,
        action: "sales_invoice.payment_recorded",
        entityType: "sales_invoice",
        entityId: invoice.id,
        details: {
          invoiceNumber: invoice.invoiceNumber,
          paymentId: row.id,
          amount: input.amount,
          paymentMethod: input.paymentMethod,
          paymentDate,
          financialAccountId: account?.id ?? null,
          amountPaid: { from: invoice.amountPaid, to: amountPaid },
          status,
        },
      });
      return ok({
        payment: {
          id: row.id,
          paymentDate,
          amount: toDecimalString(input.amount),
          paymentMethod: input.paymentMethod,
          reference: input.reference,
          notes: input.notes,
          financialAccountId: account?.id ?? null,
          financialAccountName: account?.name ?? null,
          createdAt: row.createdAt.toISOString(),
        },
        invoice: {
          id: invoice.id,
          invoiceNumber: invoice.invoiceNumber,
          status,
          amountPaid: toDecimalString(amountPaid),
          outstanding: toDecimalString(invoiceOutstanding(after)),
        },
      });
    },
    storeSuccess,
  );
  return result;
}

// ─── Emailing the invoice ───────────────────────────────────────────────────

export type SentInvoiceEmail = { invoiceNumber: string; to: string; subject: string };
/** A mail server that refused or could not be reached is not the client's fault: 502. */
export type MailFailure = { ok: false; status: 502; message: string };


/** `Invoice INV-2026-00012 from Trade Counter Ltd`, with the PDF attached and the balance in the text. */
function invoiceMail(invoice: SalesInvoiceDocument, companyName: string, companyEmail: string) {
  const lines = [
    `Dear ${invoice.billTo.name ?? invoice.billTo.businessName ?? "customer"},`,
    "",
    `Please find attached invoice ${invoice.invoiceNumber}${invoice.orderNumber ? ` for order ${invoice.orderNumber}` : ""}, issued ${formatInvoiceDate(invoice.issueDate)}.`,
    "",
    `Total: ${formatMoney(invoice.total)} (including VAT ${formatMoney(invoice.vatAmount)})`,
    `Amount paid: ${formatMoney(invoice.amountPaid)}`,
    `Outstanding balance: ${formatMoney(invoice.outstanding)}`,
    `Due date: ${formatInvoiceDate(invoice.dueDate)}`,
    "",
    `Payment is due within ${PAYMENT_TERMS_DAYS} days of the invoice date. Please quote ${invoice.invoiceNumber} as the reference.`,
    `Questions about this invoice: ${companyEmail}.`,
    "",
    companyName,
  ];
  return lines.join("\n");
}

/**
 * Emails the invoice, with its PDF attached, to the customer's address (the account's, else the order's).
 * A repeated idempotency key answers the first result and sends nothing. A void invoice is not sent (409).
 * When the mail cannot be sent the answer is the mail server's message (or 'Failed to send invoice').
 */
export async function sendInvoiceEmail(
  db: DB,
  actor: Actor,
  invoiceId: number,
  key: string | null = null,
): Promise<Result<SentInvoiceEmail> | MailFailure> {
  const ref = { ownerId: actor.id, scope: scopeFor(REPEAT_SCOPE.salesInvoiceEmail, invoiceId), key };
  if (key) {
    const previous = db
      .select({ result: idempotencyKeys.result })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.ownerId, ref.ownerId), eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, key)))
      .get();
    if (previous?.result) return JSON.parse(previous.result) as Result<SentInvoiceEmail>;
  }
  const loaded = loadSalesInvoiceDocument(db, invoiceId);
  if (!loaded) return fail(404, SALES_INVOICE_NOT_FOUND);
  if (loaded.storedStatus === "void") return fail(409, VOID_INVOICE_EMAIL);
  const to = loaded.billTo.email;
  if (!to) return fail(409, NO_CUSTOMER_EMAIL);

  const company = getCompanySettings();
  const subject = `Invoice ${loaded.invoiceNumber} from ${company.name}`;
  let messageId: string;
  let file: string | null;
  try {
    const pdf = await renderSalesInvoicePdf(loaded, company);
    const sent = await sendMail({
      to,
      subject,
      text: invoiceMail(loaded, company.name, company.email),
      attachments: [{ filename: `${loaded.invoiceNumber}.pdf`, content: pdf, contentType: "application/pdf" }],
    });
    messageId = sent.messageId;
    file = sent.file;
  } catch (error) {
    console.error(`Sending invoice ${loaded.invoiceNumber} failed`, error);
    const message = error instanceof Error && error.message.trim() ? error.message.trim() : INVOICE_EMAIL_FAILED;
    return { ok: false, status: 502, message };
  }
  const { result } = runOnce(db, ref, (tx) => {
    recordAudit(tx, {
      actorId: actor.id,
      action: "sales_invoice.emailed",
      entityType: "sales_invoice",
      entityId: loaded.id,
      details: { invoiceNumber: loaded.invoiceNumber, to, subject, messageId, outboxFile: file },
    });
    return ok({ invoiceNumber: loaded.invoiceNumber, to, subject });
  });
  return result;
}

// ─── Creating an invoice by hand ────────────────────────────────────────────

export type CreatedInvoice = { id: number; invoiceNumber: string; total: string };

/** Numbers of the automatic series; a typed one could later collide with an invoice checkout issues. */
const AUTOMATIC_NUMBER = /^INV-\d{4}-\d{5,}$/i;

/**
 * Creates a sales invoice by hand: for a customer (role customer), optionally for one of their orders
 * that has no invoice yet (an order has at most one: 409). The number is the next of the INV-YYYY-NNNNN
 * series unless one is given (unique: 409). Dated today (UK) and due 30 days later unless dates are given.
 * A line naming a product takes that product's name, price and VAT rate. Totals are computed here —
 * VAT per line, rounded half-up — and the invoice starts unpaid. Audited.
 */
export function createManualInvoice(
  db: DB,
  actor: Actor,
  input: ManualInvoiceInput,
  key: string | null = null,
): Result<CreatedInvoice> {
  const { result } = runOnce(
    db,
    { ownerId: actor.id, scope: REPEAT_SCOPE.salesInvoiceCreate, key },
    (tx): Result<CreatedInvoice> => {
      const customer = tx
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.id, input.customerId))
        .get();
      if (!customer || customer.role !== "customer") return fail(400, CUSTOMER_NOT_FOUND, "customerId");

      let orderNumber: string | null = null;
      if (input.orderId !== undefined) {
        const order = tx
          .select({ id: orders.id, userId: orders.userId, orderNumber: orders.orderNumber })
          .from(orders)
          .where(eq(orders.id, input.orderId))
          .get();
        if (!order) return fail(400, ORDER_NOT_FOUND, "orderId");
        if (order.userId !== customer.id) return fail(400, `Order ${order.orderNumber} belongs to another customer`, "orderId");
        const existing = tx
          .select({ invoiceNumber: salesInvoices.invoiceNumber })
          .from(salesInvoices)
          .where(eq(salesInvoices.orderId, order.id))
          .get();
        if (existing) {
          return fail(409, `Order ${order.orderNumber} already has invoice ${existing.invoiceNumber}`, "orderId");
        }
        orderNumber = order.orderNumber;
      }

      const issueDate = input.issueDate ?? ukToday();
      const dueDate = input.dueDate ?? addDaysToDate(issueDate, PAYMENT_TERMS_DAYS);
      if (dueDate < issueDate) return fail(400, "Due date cannot be before the issue date", "dueDate");

      let invoiceNumber: string;
      if (input.invoiceNumber) {
        const taken = tx
          .select({ id: salesInvoices.id })
          .from(salesInvoices)
          .where(sql`lower(${salesInvoices.invoiceNumber}) = lower(${input.invoiceNumber})`)
          .get();
        if (taken) return fail(409, `Invoice number ${input.invoiceNumber} is already in use`, "invoiceNumber");
        if (AUTOMATIC_NUMBER.test(input.invoiceNumber)) {
          return fail(
            400,
            "Numbers like INV-2026-00012 are given automatically: leave the invoice number blank to take the next one, or use another format",
            "invoiceNumber",
          );
        }
        invoiceNumber = input.invoiceNumber;
      } else {
        invoiceNumber = nextInvoiceNumber(tx, issueDate);
      }

      const lines: { productId: number | null; description: string; quantity: number; unitPrice: number; vatRate: number }[] = [];
      for (const [index, line] of input.items.entries()) {
        if (line.productId !== undefined) {
          const product = tx
            .select({ id: products.id, name: products.name, salesPrice: products.salesPrice, vatRate: products.vatRate })
            .from(products)
            .where(eq(products.id, line.productId))
            .get();
          if (!product) return fail(400, "Product not found", `items.${index}.productId`);
          lines.push({
            productId: product.id,
            description: product.name,
            quantity: line.quantity,
            unitPrice: product.salesPrice,
            vatRate: product.vatRate,
          });
        } else {
          lines.push({
            productId: null,
            description: line.description!,
            quantity: line.quantity,
            unitPrice: line.unitPrice!,
            vatRate: line.vatRate!,
          });
        }
      }
      const totals = lineTotals(lines);

      const invoice = tx
        .insert(salesInvoices)
        .values({
          orderId: input.orderId ?? null,
          invoiceNumber,
          customerId: customer.id,
          status: "unpaid",
          subtotal: totals.subtotal,
          vatAmount: totals.vatAmount,
          total: totals.total,
          amountPaid: 0,
          issueDate,
          dueDate,
        })
        .returning({ id: salesInvoices.id })
        .get();
      tx.insert(salesInvoiceItems)
        .values(
          lines.map((line, i) => ({
            invoiceId: invoice.id,
            productId: line.productId,
            description: line.description,
            quantity: line.quantity,
            unitPrice: line.unitPrice,
            vatRate: line.vatRate,
            vatAmount: totals.lines[i].vat,
            total: totals.lines[i].net,
          })),
        )
        .run();
      recordAudit(tx, {
        actorId: actor.id,
        action: "sales_invoice.created",
        entityType: "sales_invoice",
        entityId: invoice.id,
        details: {
          invoiceNumber,
          customerId: customer.id,
          orderId: input.orderId ?? null,
          orderNumber,
          issueDate,
          dueDate,
          lines: lines.length,
          subtotal: totals.subtotal,
          vatAmount: totals.vatAmount,
          total: totals.total,
        },
      });
      return ok({ id: invoice.id, invoiceNumber, total: toDecimalString(totals.total) });
    },
    storeSuccess,
  );
  return result;
}
