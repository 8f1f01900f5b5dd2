/**
 * The demo data set: a small, realistic trade wholesaler — the demo accounts of the contract, a priced
 * catalogue, and six months of orders, invoices, payments, loyalty points, quotes and purchasing, all dated
 * relative to `now` so the insights, forecasts and reports always have recent figures. Deterministic (a
 * seeded PRNG, not Math.random) apart from the dates and password salts.
 */
import { postHistoryJournals } from "~/domain/ledger/history.server";
import { eq } from "drizzle-orm";
import type { DB } from "~/utils/db.server";
import * as s from "~db/schema";
import { writePeople, type Hashes } from "./accounts";
import { DAY, HOUR, ukDate, workingInstant } from "./calendar";
import { writeCatalogue, writeCustomerPrices, writePackRules } from "./catalog";
import { writeBarcodes } from "./barcodes";
import { customerIdOf, type Demo } from "./context";
import { writeAccounts, writeSalesPayments, writeVatReturn } from "./finance";
import { writeRewards, writeVoucher } from "./loyalty";
import { planOrders, writeOrders } from "./orders";
import { RECEIVED_PO_DAYS_AGO, writePurchasing } from "./purchasing";
import { createRandom } from "./random";
import { writeQuotes } from "./quotes";
import { writeTemplateAndRequests } from "./requests";
import { writeReturns } from "./returns";
import { recordOpeningStockLevels, rowWriters } from "./rows";

export function writeDemo(db: DB, hashes: Hashes, now: number) {
  const random = createRandom(20240611);
  const rows = rowWriters(db);
  const people = writePeople(db, rows, hashes, now, random);
  const demo: Demo = {
    db,
    rows,
    random,
    now,
    today: ukDate(now),
    daysAgo: (days) => workingInstant(now, days, random),
    ...people,
    products: writeCatalogue(rows, now, random, people.supplierIds),
    ...writeAccounts(db, now),
  };
  const buyerPrices = writeCustomerPrices(demo);
  writeBarcodes(demo);
  writePackRules(demo);
  const rewards = writeRewards(demo);
  const orders = writeOrders(demo, planOrders(demo, buyerPrices));
  writeSalesPayments(demo, orders);
  writeVoucher(demo, rewards);
  writeReturns(demo, orders);
  writeTemplateAndRequests(demo);
  writeQuotes(demo, orders);
  const receivedPurchaseOrderId = writePurchasing(demo, orders);
  const vatReturn = writeVatReturn(demo);

  recordOpeningStockLevels(db, now);

  // Account balances as books kept before the ledger had them: opening balance plus money in, less money out;
  // then every document posts its journal, as an older install's do when the ledger opens
  for (const [id, balance] of demo.balances) {
    db.update(s.financialAccounts).set({ balance, updatedAt: new Date(now) }).where(eq(s.financialAccounts.id, id)).run();
  }
  postHistoryJournals(db);

  db.insert(s.auditLogs)
    .values([
      {
        userId: demo.adminId,
        action: "user.approved",
        entityType: "user",
        entityId: customerIdOf(demo, "buyer"),
        details: JSON.stringify({ email: "buyer@example.com" }),
        createdAt: new Date(now - 240 * DAY + 20 * HOUR),
      },
      {
        userId: demo.adminId,
        action: "purchase_order.received",
        entityType: "purchase_order",
        entityId: String(receivedPurchaseOrderId),
        details: JSON.stringify({ note: "Stock booked in at goods-in." }),
        createdAt: new Date(now - RECEIVED_PO_DAYS_AGO * DAY),
      },
      {
        userId: demo.adminId,
        action: "vat_return.filed",
        entityType: "vat_return",
        entityId: String(vatReturn.id),
        details: JSON.stringify({ period: vatReturn.period }),
        createdAt: vatReturn.filedAt,
      },
    ])
    .run();
}
