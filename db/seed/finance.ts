/** The money side of the demo: the money accounts, customers' payments and a filed VAT return. */
import { computeVatFigures } from "~/domain/vat/vat-figures.server";
import type { DB } from "~/utils/db.server";
import * as s from "~db/schema";
import { addDays, DAY, firstOfMonth, recordedOn, share, ukDate } from "./calendar";
import { moveMoney, type Demo, type WrittenOrder } from "./context";

const OPENING_BANK_BALANCE = 2_500_000;
const OPENING_CASH_BALANCE = 15_000;

export function writeAccounts(db: DB, now: number) {
  const opened = new Date(now - 400 * DAY);
  const [bank, pettyCash, creditCard] = db
    .insert(s.financialAccounts)
    .values(
      [
        {
          name: "Business Current Account",
          type: "bank" as const,
          bankName: "Example Bank plc",
          accountNumber: "12345678",
          sortCode: "12-34-56",
          notes: "Main trading account. Opening balance £25,000.00 brought forward.",
        },
        { name: "Petty Cash", type: "cash" as const, notes: "Trade counter float. Opening balance £150.00." },
        {
          name: "Company Credit Card",
          type: "credit_card" as const,
          bankName: "Example Bank plc",
          accountNumber: "**** 4417",
          notes: "Used for urgent supplier purchases; the balance is the amount owed.",
        },
      ].map((account) => ({ ...account, createdAt: opened, updatedAt: opened })),
    )
    .returning({ id: s.financialAccounts.id })
    .all();
  return {
    accounts: { bank: bank.id, pettyCash: pettyCash.id, creditCard: creditCard.id },
    balances: new Map([
      [bank.id, OPENING_BANK_BALANCE],
      [pettyCash.id, OPENING_CASH_BALANCE],
      [creditCard.id, 0],
    ]),
  };
}

/** Most older invoices paid in full, some in two parts, some part-paid, some overdue; newer ones mostly open. */
export function writeSalesPayments(demo: Demo, orders: WrittenOrder[]) {
  const { rows, random, now, today, accounts } = demo;
  for (const order of orders) {
    if (order.invoiceId === null || order.status === "cancelled") continue;
    const issueDate = ukDate(order.createdAt);
    const age = Math.floor((now - order.createdAt) / DAY);
    const roll = random.next();
    let plan: "full" | "split" | "partial" | "none";
    if (age >= 45) plan = roll < 0.78 ? "full" : roll < 0.86 ? "split" : roll < 0.94 ? "partial" : "none";
    else if (age >= 30) plan = roll < 0.55 ? "full" : roll < 0.75 ? "partial" : "none";
    else plan = roll < 0.35 ? "full" : "none";
    if (plan === "none") continue;

    const small = order.customer.activity?.size === "small";
    const method = small && random.chance(0.3) ? "cash" : random.chance(0.1) ? "credit" : "bank_transfer";
    const accountId = method === "cash" ? accounts.pettyCash : accounts.bank;
    const latestDay = Math.max(1, Math.min(age - 1, 40));
    const payDay = (from: number, to: number) => {
      const date = addDays(issueDate, Math.min(random.int(from, to), latestDay));
      return date > today ? today : date;
    };
    const total = order.total;
    const half = Math.max(1, share(total, 1, 2));
    const payments: [number, string][] =
      plan === "full"
        ? [[total, payDay(5, 30)]]
        : plan === "split"
          ? [
              [half, payDay(5, 14)],
              [total - half, payDay(20, 35)],
            ]
          : [[Math.max(1, share(total, random.int(30, 70), 100)), payDay(7, 30)]];
    payments.sort((a, b) => a[1].localeCompare(b[1]));

    let paid = 0;
    for (const [amount, paymentDate] of payments) {
      if (amount <= 0) continue;
      paid += amount;
      const reference =
        method === "bank_transfer"
          ? `BACS ${order.customer.businessName.split(" ")[0].replace(/\W/g, "").toUpperCase()} ${order.orderNumber}`
          : method === "credit"
            ? `Card ending ${random.int(1000, 9999)}`
            : `Counter receipt ${random.int(1000, 9999)}`;
      rows.payment({
        salesInvoiceId: order.invoiceId,
        amount,
        method,
        paymentDate,
        reference,
        notes: plan === "partial" ? "Part payment; balance to follow." : null,
        financialAccountId: accountId,
        createdBy: demo.adminId,
        createdAt: recordedOn(now, paymentDate),
      });
      moveMoney(demo, accountId, amount);
    }
    rows.setAmountPaid(order.invoiceId, paid);
  }
}

/** A filed return for the month before last, its boxes worked out from the books as they stood when it was filed. */
export function writeVatReturn(demo: Demo) {
  const { db, now, today } = demo;
  const start = firstOfMonth(today, -2);
  const end = addDays(firstOfMonth(today, -1), -1);
  const filedAt = new Date(recordedOn(now, addDays(firstOfMonth(today, -1), 6)));
  const period = start.slice(0, 7);
  const { boxes } = computeVatFigures(db, period, filedAt);
  const row = db
    .insert(s.vatReturns)
    .values({ quarter: period, startDate: start, endDate: end, ...boxes, isFiled: true, filedAt, createdAt: filedAt })
    .returning({ id: s.vatReturns.id })
    .get();
  return { id: row.id, period, filedAt };
}
