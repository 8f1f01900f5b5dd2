/**
 * The demo company's quotes (docs/decisions/0072-quote-states.md), one in each state a buyer and a sales admin
 * meet, so the quote screens show something on a fresh install: one accepted long ago with its order, one
 * expired, one declined, one revised (v1 revision requested, v2 sent and open to accept) and one just asked
 * for. Lines are priced by the app's own quote pricing (`prepareQuoteLines`: the buyer's own price, the cost,
 * the pack rules); the accepted one is the buyer's order as it was placed. Deterministic: no random draws.
 */
import { eq } from "drizzle-orm";
import { companyIdOfUser } from "~/domain/companies/companies.server";
import { insertQuoteLines, prepareQuoteLines, type QuoteLineInput } from "~/domain/quotes/quote-lines.server";
import { formatQuoteNumber } from "~/domain/quotes/quote-states";
import { nextSequenceValue } from "~/domain/shared/numbering.server";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import * as s from "~db/schema";
import { DAY, HOUR, ukDate } from "./calendar";
import { customerIdOf, productNamed, type Demo, type WrittenOrder } from "./context";

const DELIVERY_TERMS = "Delivered free on our weekly round to your site; two working days' notice for a pallet.";

type Line = [name: string, quantity: number, price: { unitPrice: number } | { discountPercent: number } | null, variants?: Record<string, string>];

export function writeQuotes(demo: Demo, orders: readonly WrittenOrder[]) {
  const { db, now } = demo;
  const buyerId = customerIdOf(demo, "buyer");
  const colleagueId = customerIdOf(demo, "buyer-colleague");
  const companyId = companyIdOfUser(buyerId)!;
  const at = (daysAgo: number, hour = 10) => new Date(now - daysAgo * DAY + (hour - 12) * HOUR);
  const day = (daysFromToday: number) => ukDate(now + daysFromToday * DAY);

  function quote(userId: string, values: Partial<typeof s.quotes.$inferInsert>, lines: Line[] | null, quoteNumber?: string) {
    const row = db
      .insert(s.quotes)
      .values({
        quoteNumber: quoteNumber ?? formatQuoteNumber(nextSequenceValue(db, "quote")),
        companyId,
        userId,
        status: "requested",
        createdAt: at(1),
        updatedAt: at(1),
        ...values,
      })
      .returning()
      .get();
    if (lines) {
      const items: QuoteLineInput[] = lines.map(([name, quantity, price, selectedVariants]) => ({
        productId: productNamed(demo, name).id,
        quantity,
        selectedVariants: selectedVariants ?? {},
        ...(price ?? {}),
      }));
      insertQuoteLines(db, row.id, prepareQuoteLines(db, findSessionUser(db, userId), items).lines);
    }
    return row;
  }

  // accepted: the buyer's order of about seven weeks ago came from a quote, at the prices quoted
  const ordered = orders.filter((o) => o.customer.key === "buyer" && o.status === "delivered" && o.createdAt < now - 45 * DAY).at(-1);
  if (ordered) {
    const placed = new Date(ordered.createdAt);
    const accepted = quote(
      buyerId,
      {
        status: "accepted",
        requestNotes: "Stock for the summer terrace opening: please hold these prices until we confirm the date.",
        notes: "Prices held until the valid-until date.",
        deliveryTerms: DELIVERY_TERMS,
        validUntil: ukDate(ordered.createdAt + 10 * DAY),
        sentAt: new Date(ordered.createdAt - 2 * DAY),
        acceptedAt: placed,
        acceptedOrderId: ordered.id,
        createdAt: new Date(ordered.createdAt - 4 * DAY),
        updatedAt: placed,
      },
      null,
    );
    insertQuoteLines(
      db,
      accepted.id,
      ordered.items.map(({ line }) => ({
        productId: line.product.id,
        productName: line.product.name,
        sku: line.product.sku,
        selectedVariants: line.selectedVariants,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        buyerPrice: line.unitPrice,
        costPrice: line.product.cost,
        vatRate: line.product.vat,
      })),
    );
    db.update(s.orders).set({ quoteId: accepted.id }).where(eq(s.orders.id, ordered.id)).run();
  }

  // expired: sent five weeks ago, never answered
  quote(
    buyerId,
    {
      status: "sent",
      requestNotes: "Winter fuel for the function rooms, delivered before the first frost.",
      deliveryTerms: DELIVERY_TERMS,
      validUntil: day(-21),
      sentAt: at(35),
      createdAt: at(37),
      updatedAt: at(35),
    },
    [
      ["Kiln-Dried Hardwood Logs (Bulk Bag)", 6, { discountPercent: 800 }],
      ["Kindling Wood Net 3kg", 10, { discountPercent: 1000 }],
    ],
  );

  // declined, with the buyer's reason
  quote(
    buyerId,
    {
      status: "declined",
      deliveryTerms: DELIVERY_TERMS,
      validUntil: day(-4),
      sentAt: at(18),
      declinedAt: at(15, 15),
      declineReason: "We found the same boots locally and needed them this week.",
      createdAt: at(19),
      updatedAt: at(15, 15),
    },
    [["S3 Safety Boots", 8, { discountPercent: 500 }, { Size: "9" }]],
  );

  // revised: v1 sent, the colleague asked for more cups; v2 priced again, sent and open to accept
  const cups: Line[] = [
    ["Ripple Wall Coffee Cups (500)", 10, { discountPercent: 1200 }, { Size: "12oz" }],
    ["Sip-Through Cup Lids (1,000)", 5, { discountPercent: 1000 }, { Size: "12/16oz" }],
  ];
  const first = quote(
    colleagueId,
    {
      status: "revision_requested",
      requestNotes: "Cups and lids for the café's takeaway hatch, a season's worth.",
      notes: "Twelve per cent off the cups for ten boxes or more.",
      deliveryTerms: DELIVERY_TERMS,
      wantedBy: day(9),
      validUntil: day(6),
      sentAt: at(8),
      createdAt: at(10),
      updatedAt: at(6),
    },
    cups,
  );
  quote(
    colleagueId,
    {
      version: 2,
      status: "sent",
      requestNotes: "Could you quote for twenty boxes of cups instead of ten?",
      notes: "Fifteen per cent off the cups at twenty boxes.",
      deliveryTerms: DELIVERY_TERMS,
      wantedBy: day(9),
      validUntil: day(12),
      sentAt: at(3),
      createdAt: at(6),
      updatedAt: at(3),
    },
    [["Ripple Wall Coffee Cups (500)", 20, { discountPercent: 1500 }, { Size: "12oz" }], cups[1]!],
    first.quoteNumber,
  );

  // just asked for: being priced
  quote(
    buyerId,
    {
      requestNotes: "Refit of the staff kitchen: cleaning stock for the first month.",
      wantedBy: day(14),
      createdAt: at(1),
      updatedAt: at(1),
    },
    [
      ["Floor Cleaner Concentrate 5L", 6, null],
      ["Antibacterial Hand Soap 5L", 4, null],
      ["Heavy Duty Black Bin Bags (200)", 5, null],
    ],
  );
}
