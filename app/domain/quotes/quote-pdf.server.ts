/**
 * A quote as a PDF, in the house style of the invoices (pdfkit, the shared letterhead, lines table and
 * totals), and the text of the mail it is attached to.
 */
import { eq } from "drizzle-orm";
import { quotes } from "~db/schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import { appLink } from "~/utils/app-url.server";
import { getCompanySettings, type CompanySettings } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";
import { fail, ok, type Result } from "~/utils/result";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";
import { drawAddressBlocks, drawLetterhead, drawLineTable, drawTotals, INK, pageBox, renderPdf, startClosingSection } from "~/utils/pdf-document.server";
import { formatUkDate } from "~/utils/uk-time";
import { QUOTE_NOT_FOUND } from "./quote.schema";
import { findVisibleQuote, quoteJson, type QuoteJson } from "./quote-read.server";
import { quoteLabel, quotePdfFilename } from "./quote-states";
import { quotesRefusal } from "./quotes.server";

const pence = (value: string | null) => parseDecimalToHundredths(value ?? "0") ?? 0;
const pounds = (value: string | null) => formatMoney(pence(value));

/** "24 Dec 2026" for an ISO day */
export const ukDayText = (isoDay: string) => formatUkDate(`${isoDay}T12:00:00Z`);

export function renderQuotePdf(quote: QuoteJson, company: CompanySettings): Promise<Buffer> {
  return renderPdf(
    { Title: `Quote ${quote.label}`, Author: company.name, Subject: `Quote ${quote.label} from ${company.name}` },
    quote.label,
    (doc) => {
      const { left, width } = pageBox(doc);
      const meta: [string, string][] = [
        ["Quote", quote.quoteNumber],
        ["Version", String(quote.version)],
        ["Date", formatUkDate(quote.sentAt ?? quote.createdAt)],
        ...(quote.validUntil ? [["Valid until", ukDayText(quote.validUntil)] as [string, string]] : []),
        ...(quote.wantedBy ? [["Wanted by", ukDayText(quote.wantedBy)] as [string, string]] : []),
      ];
      // a draft (priced, not yet sent) is only ever seen by the back office, and says so
      let y = drawLetterhead(doc, company, quote.sentAt ? "QUOTE" : "DRAFT QUOTE", meta);
      y = drawAddressBlocks(doc, y, [
        ["For", [quote.company.name, quote.placedBy.name, quote.placedBy.email ?? ""].filter(Boolean)],
        ["Delivery terms", quote.deliveryTerms ? quote.deliveryTerms.split(/\n/) : ["As our standard delivery terms"]],
      ]);
      y = drawLineTable(
        doc,
        y,
        quote.lines.map((line) => {
          const options = Object.entries(line.selectedVariants).map(([name, option]) => `${name}: ${option}`).join(", ");
          return {
            sku: line.sku,
            description: options ? `${line.productName} (${options})` : line.productName,
            quantity: line.quantity,
            unitPrice: pence(line.unitPrice),
            vatRate: pence(line.vatRate),
            vatAmount: pence(line.vatAmount),
            total: pence(line.lineTotal),
          };
        }),
      );
      y = drawTotals(doc, y, [
        ["Subtotal (ex VAT)", pounds(quote.subtotal), false],
        ["VAT", pounds(quote.vatAmount), false],
        ["Total (inc VAT)", pounds(quote.total), true],
      ]);
      const closing = [
        ...(quote.notes ? quote.notes.split(/\n/) : []),
        quote.validUntil
          ? `These prices hold until the end of ${ukDayText(quote.validUntil)} (UK time). Delivery is charged as on our usual terms unless the delivery terms above say otherwise.`
          : "",
        `Accept, decline or ask for a revision in your account: ${appLink(`/account/quotes/${quote.id}`)}`,
      ].filter(Boolean);
      y = startClosingSection(doc, y, closing.length + 1);
      doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text("Notes", left, y, { width });
      doc.font("Helvetica").fontSize(9);
      for (const line of closing) doc.text(line, left, doc.y, { width });
    },
  );
}

export function quoteMailText(quote: QuoteJson, company: CompanySettings): string {
  return [
    `Dear ${quote.placedBy.name},`,
    "",
    `Please find attached our quote ${quote.label} for ${quote.company.name}.`,
    "",
    `Total: ${pounds(quote.total)} inc VAT (${pounds(quote.subtotal)} ex VAT, VAT ${pounds(quote.vatAmount)})`,
    ...(quote.validUntil ? [`Valid until: ${ukDayText(quote.validUntil)}`] : []),
    ...(quote.deliveryTerms ? [`Delivery terms: ${quote.deliveryTerms}`] : []),
    "",
    `To accept it (it becomes an order at these prices), decline it or ask for a revision: ${appLink(`/account/quotes/${quote.id}`)}`,
    "",
    company.name,
  ].join("\n");
}


export const QUOTE_PDF_NOT_PRICED = "This quote has not been priced yet: its PDF can be downloaded once every line has a price";
export const quoteNotSentYet = (label: string) => `Quote ${label} has not been sent to you yet: its PDF can be downloaded once it is`;

export type QuotePdf = { pdf: Buffer; filename: string };

async function pdfOf(quote: QuoteJson): Promise<QuotePdf> {
  return { pdf: await renderQuotePdf(quote, getCompanySettings()), filename: quotePdfFilename(quote) };
}

/**
 * A version of a quote as a PDF, for the buyer: the quotes they may see (a buyer their own, approvers and
 * company admins the company's; anyone else 404), once it has been sent to them (409 before: its prices are
 * the wholesaler's work in progress). Every later state (accepted, declined, expired, revised) keeps its PDF.
 */
export async function buyerQuotePdf(db: DB, actor: SessionUser, id: number): Promise<Result<QuotePdf>> {
  const refused = quotesRefusal(actor);
  if (refused) return refused;
  const row = findVisibleQuote(db, actor, id);
  if (!row) return fail(404, QUOTE_NOT_FOUND);
  if (!row.sentAt) return fail(409, quoteNotSentYet(quoteLabel(row)));
  return ok(await pdfOf(quoteJson(db, row)));
}

/** A version of a quote as a PDF, for the back office: any quote whose lines are all priced (a draft says DRAFT). */
export async function staffQuotePdf(db: DB, id: number): Promise<Result<QuotePdf>> {
  const row = db.select().from(quotes).where(eq(quotes.id, id)).get();
  if (!row) return fail(404, QUOTE_NOT_FOUND);
  const quote = quoteJson(db, row);
  if (quote.total === null) return fail(409, QUOTE_PDF_NOT_PRICED);
  return ok(await pdfOf(quote));
}
