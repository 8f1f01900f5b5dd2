/**
 * Reading quotes: one version with its lines, totals and the other versions of its number, as the buyer's
 * account, the back office and the API show it (docs/decisions/0072-quote-states.md). Money in JSON is a
 * decimal string (pounds, two places); a line not yet priced has a null price and the totals are null.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { companies, orders, products, quoteLines, quotes, users } from "~db/schema";
import { lineRule, variantGroupsByProduct } from "~/domain/cart/cart.server";
import { hasPackRule, packSummary } from "~/domain/catalog/pack-rules";
import { productPackColumns } from "~/domain/catalog/pack-rules.server";
import { personName } from "~/domain/companies/companies.server";
import { companyWide } from "~/domain/companies/company-roles";
import { lineTotals } from "~/domain/pricing/pricing";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { ukDay } from "~/utils/uk-time";
import { QUOTES_PAGE_SIZE } from "./quote.schema";
import { amongIds, pageOfRows } from "~/domain/shared/record-store.server";
import { quoteLabel, quoteState, QUOTE_STATE_LABELS, type QuoteState } from "./quote-states";

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;

export type QuoteLineJson = {
  id: number;
  productId: number | null;
  productName: string;
  sku: string | null;
  selectedVariants: Record<string, string>;
  quantity: number;
  /** the quoted unit price ex VAT; null until priced */
  unitPrice: string | null;
  vatRate: string;
  /** quantity × unitPrice, ex VAT, and its VAT; null until priced */
  lineTotal: string | null;
  vatAmount: string | null;
};

/** The back office sees what the price was worked from: the buyer's own price, the cost and the margin. */
export type StaffQuoteLineJson = QuoteLineJson & {
  buyerPrice: string;
  costPrice: string;
  /** off the buyer's own price, hundredths as "12.50"; null until priced */
  discountPercent: string | null;
  /** (price − cost) × quantity, and as a % of the price; null until priced */
  margin: string | null;
  marginPercent: string | null;
  /** the product's pack rule now ("Case of 6 · min 12"), for pricing within it; null when it has none */
  packRule: string | null;
};

export type QuoteJson = {
  id: number;
  quoteNumber: string;
  version: number;
  /** "QT-00012 v2" */
  label: string;
  /** the state now: "expired" for a sent quote past its valid-until day (UK time) */
  status: QuoteState;
  statusLabel: string;
  company: { id: number; name: string };
  placedBy: { id: string | null; name: string; email: string | null };
  requestNotes: string | null;
  notes: string | null;
  wantedBy: string | null;
  validUntil: string | null;
  deliveryTerms: string | null;
  sentAt: string | null;
  acceptedAt: string | null;
  order: { id: number; orderNumber: string } | null;
  approvalRequestId: number | null;
  declineReason: string | null;
  createdAt: string;
  /** ex VAT, VAT, inc VAT; null while any line is unpriced */
  subtotal: string | null;
  vatAmount: string | null;
  total: string | null;
  lines: QuoteLineJson[];
  /** every version of this number, oldest first, this one included */
  versions: { id: number; version: number; label: string; status: QuoteState; statusLabel: string }[];
};

export type StaffQuoteJson = Omit<QuoteJson, "lines"> & {
  lines: StaffQuoteLineJson[];
  /** the whole quote's margin ex VAT and as a % of its goods; null while any line is unpriced */
  margin: string | null;
  marginPercent: string | null;
};

/** A list row: no lines. */
export type QuoteSummaryJson = Omit<QuoteJson, "lines" | "versions" | "requestNotes" | "notes" | "deliveryTerms" | "declineReason"> & {
  lineCount: number;
};

export function loadQuoteLines(db: DB, quoteId: number): QuoteLineRow[] {
  return db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)).orderBy(asc(quoteLines.position), asc(quoteLines.id)).all();
}

/** The money of a quote's lines: each line's net and VAT (half-up per line), the sums; null when a line is unpriced. */
export function quoteTotals(lines: readonly Pick<QuoteLineRow, "unitPrice" | "quantity" | "vatRate">[]) {
  if (lines.length === 0 || lines.some((line) => line.unitPrice === null)) return null;
  return lineTotals(lines.map((line) => ({ unitPrice: line.unitPrice!, quantity: line.quantity, vatRate: line.vatRate })));
}

const money = (pence: number | null | undefined) => (pence === null || pence === undefined ? null : toDecimalString(pence));

type Context = {
  companyName: string;
  person: { name: string; email: string } | undefined;
  order: { id: number; orderNumber: string } | null;
};

function contextFor(db: DB, rows: QuoteRow[]): Map<number, Context> {
  const companyIds = [...new Set(rows.map((row) => row.companyId))];
  const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const quoteIds = rows.map((row) => row.id);
  const companyNames = new Map(
    companyIds.length === 0
      ? []
      : db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds)).all().map((c) => [c.id, c.name]),
  );
  const people = new Map(
    userIds.length === 0
      ? []
      : db
          .select({ id: users.id, name: personName, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds))
          .all()
          .map((u) => [u.id, u]),
  );
  // the order placed from the quote: at once, or once the company's approvers let it through
  const placed = new Map(
    quoteIds.length === 0
      ? []
      : db
          .select({ id: orders.id, orderNumber: orders.orderNumber, quoteId: orders.quoteId })
          .from(orders)
          .where(inArray(orders.quoteId, quoteIds))
          .all()
          .map((o) => [o.quoteId!, { id: o.id, orderNumber: o.orderNumber }]),
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        companyName: companyNames.get(row.companyId) ?? "",
        person: row.userId ? people.get(row.userId) : undefined,
        order: placed.get(row.id) ?? null,
      },
    ]),
  );
}

function headerJson(row: QuoteRow, context: Context, now: Date) {
  const state = quoteState(row, now);
  return {
    id: row.id,
    quoteNumber: row.quoteNumber,
    version: row.version,
    label: quoteLabel(row),
    status: state,
    statusLabel: QUOTE_STATE_LABELS[state],
    company: { id: row.companyId, name: context.companyName },
    placedBy: { id: row.userId, name: context.person?.name ?? "Former user", email: context.person?.email ?? null },
    wantedBy: row.wantedBy,
    validUntil: row.validUntil,
    sentAt: row.sentAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    order: context.order,
    approvalRequestId: row.approvalRequestId,
    createdAt: row.createdAt.toISOString(),
  };
}

function lineJson(line: QuoteLineRow, totals: { net: number; vat: number } | undefined): QuoteLineJson {
  return {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    sku: line.sku,
    selectedVariants: line.selectedVariants,
    quantity: line.quantity,
    unitPrice: money(line.unitPrice),
    vatRate: toDecimalString(line.vatRate),
    lineTotal: line.unitPrice === null ? null : money(line.quantity * line.unitPrice),
    vatAmount: money(totals?.vat),
  };
}

function versionsOf(db: DB, quoteNumber: string, now: Date) {
  return db
    .select({ id: quotes.id, version: quotes.version, status: quotes.status, validUntil: quotes.validUntil, quoteNumber: quotes.quoteNumber })
    .from(quotes)
    .where(eq(quotes.quoteNumber, quoteNumber))
    .orderBy(asc(quotes.version))
    .all()
    .map((v) => {
      const state = quoteState(v, now);
      return { id: v.id, version: v.version, label: quoteLabel(v), status: state, statusLabel: QUOTE_STATE_LABELS[state] };
    });
}

/** One version as the buyer and the API see it. */
export function quoteJson(db: DB, row: QuoteRow, now = new Date()): QuoteJson {
  const context = contextFor(db, [row]).get(row.id)!;
  const lines = loadQuoteLines(db, row.id);
  const totals = quoteTotals(lines);
  return {
    ...headerJson(row, context, now),
    requestNotes: row.requestNotes,
    notes: row.notes,
    deliveryTerms: row.deliveryTerms,
    declineReason: row.declineReason,
    subtotal: money(totals?.subtotal),
    vatAmount: money(totals?.vatAmount),
    total: money(totals?.total),
    lines: lines.map((line, index) => lineJson(line, totals?.lines[index])),
    versions: versionsOf(db, row.quoteNumber, now),
  };
}

/**
 * A quote as its buyer sees it: no prices until it has been sent to them. A draft's prices, or those a
 * revision's new version starts from, are the wholesaler's work in progress (docs/decisions/0072).
 */
export function buyerView<Quote extends { sentAt: string | null; subtotal: string | null; vatAmount: string | null; total: string | null; lines?: QuoteLineJson[] }>(
  quote: Quote,
): Quote {
  if (quote.sentAt) return quote;
  return {
    ...quote,
    subtotal: null,
    vatAmount: null,
    total: null,
    ...(quote.lines ? { lines: quote.lines.map((line) => ({ ...line, unitPrice: null, lineTotal: null, vatAmount: null })) } : {}),
  };
}

/** Margin in pence and as hundredths of a percent of the price (null when there is no price). */
export function marginOf(price: number, cost: number, quantity: number) {
  const margin = (price - cost) * quantity;
  return { margin, percent: price === 0 ? null : Math.round(((price - cost) * 10000) / price) };
}

/** One version as the back office sees it: with the buyer's price, the cost and the margin of each line and in total. */
export function staffQuoteJson(db: DB, row: QuoteRow, now = new Date()): StaffQuoteJson {
  const base = quoteJson(db, row, now);
  const lines = loadQuoteLines(db, row.id);
  const rules = packRulesOf(db, lines.flatMap((line) => (line.productId === null ? [] : [line.productId])));
  let marginTotal = 0;
  const staffLines = base.lines.map((json, index): StaffQuoteLineJson => {
    const line = lines[index]!;
    const priced = line.unitPrice !== null;
    const m = priced ? marginOf(line.unitPrice!, line.costPrice, line.quantity) : null;
    if (m) marginTotal += m.margin;
    return {
      ...json,
      buyerPrice: toDecimalString(line.buyerPrice),
      costPrice: toDecimalString(line.costPrice),
      discountPercent:
        priced && line.buyerPrice > 0 ? toDecimalString(Math.round(((line.buyerPrice - line.unitPrice!) * 10000) / line.buyerPrice)) : null,
      margin: m ? toDecimalString(m.margin) : null,
      marginPercent: m?.percent === null || !m ? null : toDecimalString(m.percent),
      packRule: line.productId === null ? null : (rules.get(line.productId) ?? null),
    };
  });
  const totals = quoteTotals(lines);
  return {
    ...base,
    lines: staffLines,
    margin: totals ? toDecimalString(marginTotal) : null,
    marginPercent: totals && totals.subtotal > 0 ? toDecimalString(Math.round((marginTotal * 10000) / totals.subtotal)) : null,
  };
}

/** Each product's pack rule as the storefront words it ("Case of 6 · min 12"), for those that have one. */
function packRulesOf(db: DB, productIds: number[]): Map<number, string> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const groups = variantGroupsByProduct(db, ids);
  return new Map(
    db
      .select({ id: products.id, ...productPackColumns })
      .from(products)
      .where(inArray(products.id, ids))
      .all()
      .flatMap((product) => {
        const rule = lineRule(product, groups.get(product.id) ?? []);
        return hasPackRule(rule) ? [[product.id, packSummary(rule)] as const] : [];
      }),
  );
}

/** The quotes a person of a company may see: a buyer their own, an approver or company admin the company's. */
export function buyerScope(actor: SessionUser): SQL | null {
  if (actor.role !== "customer" || actor.companyId === null) return null;
  return and(eq(quotes.companyId, actor.companyId), companyWide(actor.companyRole) ? undefined : eq(quotes.userId, actor.id)) ?? null;
}

/** The quote when this person may see it; null (404) otherwise, as if unknown. */
export function findVisibleQuote(db: DB, actor: SessionUser, id: number): QuoteRow | null {
  const scope = buyerScope(actor);
  if (!scope) return null;
  return db.select().from(quotes).where(and(eq(quotes.id, id), scope)).get() ?? null;
}

export type QuotePage = { items: QuoteSummaryJson[]; total: number; page: number; pageSize: number; pageCount: number };

/** A page of quotes, newest first (each version is its own row). */
export function pageOfQuotes(db: DB, where: SQL | undefined, page: number, now = new Date()): QuotePage {
  const total = db.select({ n: count() }).from(quotes).where(where).get()?.n ?? 0;
  const newestFirst = [desc(quotes.createdAt), desc(quotes.id)];
  // the page's ids first, off an index, then their rows: a deep page no longer sorts every quote's whole row
  const { items: ids, ...paging } = pageOfRows(total, page, QUOTES_PAGE_SIZE, (limit, offset) =>
    db
      .select({ id: quotes.id })
      .from(quotes)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset)
      .all()
      .map((row) => row.id),
  );
  const rows = ids.length === 0 ? [] : db.select().from(quotes).where(amongIds(quotes.id, ids)).orderBy(...newestFirst).all();
  const context = contextFor(db, rows);
  const lineRows =
    ids.length === 0
      ? []
      : db
          .select({ quoteId: quoteLines.quoteId, unitPrice: quoteLines.unitPrice, quantity: quoteLines.quantity, vatRate: quoteLines.vatRate })
          .from(quoteLines)
          .where(inArray(quoteLines.quoteId, ids))
          .all();
  const items = rows.map((row): QuoteSummaryJson => {
    const lines = lineRows.filter((line) => line.quoteId === row.id);
    const totals = quoteTotals(lines);
    return {
      ...headerJson(row, context.get(row.id)!, now),
      subtotal: money(totals?.subtotal),
      vatAmount: money(totals?.vatAmount),
      total: money(totals?.total),
      lineCount: lines.length,
    };
  });
  return { items, ...paging };
}

/** An order's quote as people know it, "QT-00012 v2" (null when the order did not come from a quote): for invoices. */
export const orderQuoteLabel = sql<string | null>`(select q.quote_number || ' v' || q.version from quotes q where q.id = ${orders.quoteId})`;

/** The SQL for "quotes in this state now": a sent quote is expired once its valid-until day (UK) is over. */
export function stateFilter(state: QuoteState, now = new Date()): SQL {
  const today = ukDay(now);
  if (state === "expired") return and(eq(quotes.status, "sent"), lt(quotes.validUntil, today))!;
  if (state === "sent") return and(eq(quotes.status, "sent"), or(isNull(quotes.validUntil), gte(quotes.validUntil, today)))!;
  return eq(quotes.status, state);
}
