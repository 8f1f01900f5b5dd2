/**
 * Payment reminders: the dry run lists what would go today; the timer sends nothing until reminders are turned
 * on; each level goes once per invoice (a second sweep, a restart, sends nothing again), with the invoice PDF, to
 * the company's admins and approvers, and is written on the invoice's history; a paid invoice or a company on
 * hold gets none. Both doors: the Reminders screen's forms and /api/admin/credit-reminders.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, reminderSends, salesInvoices, users } from "~db/schema";
import { LEVELS_REPEATED } from "~/domain/credit/reminders.schema";
import { sendDueReminders } from "~/domain/credit/reminders.server";
import { auditHistory } from "~/domain/shared/audit-history.server";
import { addDaysToDate, ukToday } from "~/domain/invoices/invoices.server";
import * as remindersPage from "~/routes/admin.credit-reminders";
import * as apiReminders from "~/routes/api.admin.credit-reminders";
import * as apiSend from "~/routes/api.admin.credit-reminders.send";
import * as apiPayments from "~/routes/api.admin.invoices.sales.$id.payments";
import { getDb } from "~/utils/db.server";
import { companyIdOf, createInvoicedOrder, createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { mailsDuring } from "./outbox";
import { signIn } from "./sign-in";

const db = () => getDb();
const TODAY = ukToday();
let admin: string;
let accounts: string;
let sales: string;
let owner: typeof users.$inferSelect;
const inv: Record<string, { id: number; invoiceNumber: string }> = {};

beforeAll(async () => {
  await createUser({ email: "boss@wholesale.example.com", role: "admin" });
  await createUser({ email: "ledger@wholesale.example.com", role: "admin", staffRole: "accounts" });
  await createUser({ email: "rep@wholesale.example.com", role: "admin", staffRole: "sales" });
  owner = await createUser({ email: "owner@acme-builders.co.uk", businessName: "Acme Builders Ltd" });
  await createUser({ email: "site@acme-builders.co.uk", companyId: companyIdOf(owner.id), companyRole: "buyer" });
  const held = await createUser({ email: "owner@disputed.co.uk", businessName: "Disputed Ltd" });
  db().update(companies).set({ onHoldAt: new Date(), holdReason: "Disputed delivery" }).where(eq(companies.id, companyIdOf(held.id))).run();
  const product = createProduct({ name: "Cement 25kg", salesPrice: 10_000, stockLevel: 1000 });
  // net 30 from issue: issued 37 days ago is 7 days overdue; 27 days ago is due in 3 days; 100 days ago is 70 late
  inv.week = createInvoicedOrder(owner, [{ product, quantity: 1 }], addDaysToDate(TODAY, -37));
  inv.soon = createInvoicedOrder(owner, [{ product, quantity: 1 }], addDaysToDate(TODAY, -27));
  inv.old = createInvoicedOrder(owner, [{ product, quantity: 1 }], addDaysToDate(TODAY, -100));
  inv.notYet = createInvoicedOrder(owner, [{ product, quantity: 1 }], addDaysToDate(TODAY, -10));
  inv.held = createInvoicedOrder(held, [{ product, quantity: 1 }], addDaysToDate(TODAY, -37));
  admin = await signIn("boss@wholesale.example.com");
  accounts = await signIn("ledger@wholesale.example.com");
  sales = await signIn("rep@wholesale.example.com");
});

const dryRun = async (cookie = accounts) => readJson(await callRoute(apiReminders.loader, buildRequest("/api/admin/credit-reminders", { cookie })));

describe("payment reminders", () => {
  it("the dry run lists the highest level each open invoice has reached, none for a company on hold, and the timer sends nothing while off", async () => {
    const run = await dryRun();
    expect(run.enabled).toBe(false);
    expect(run.due.map((r: { invoiceNumber: string; levelLabel: string; outstanding: string }) => [r.invoiceNumber, r.levelLabel, r.outstanding])).toEqual([
      [inv.old.invoiceNumber, "45 days overdue", "120.00"],
      [inv.week.invoiceNumber, "7 days overdue", "120.00"],
      [inv.soon.invoiceNumber, "3 days before the due date", "120.00"],
    ]);
    expect(run.due[0].to).toEqual(["owner@acme-builders.co.uk"]);
    const mails = await mailsDuring(async () => expect(await sendDueReminders(db(), { byTimer: true })).toEqual({ sent: 0, skipped: 0 }));
    expect(mails).toEqual([]);
    expect((await callRoute(apiReminders.loader, buildRequest("/api/admin/credit-reminders", { cookie: sales }))).status).toBe(403);
  });

  it("settings are saved through the API and the form; bad levels are refused on their row", async () => {
    const put = (body: unknown) => callRoute(apiReminders.action, buildRequest("/api/admin/credit-reminders", { method: "PUT", json: body, cookie: accounts }));
    const bad = await put({ enabled: true, levels: [{ days: 7, wording: "a" }, { days: 7, wording: "b" }] });
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toMatchObject({ message: LEVELS_REPEATED });
    expect((await dryRun()).enabled).toBe(false);
    const form = await callRoute(
      remindersPage.action,
      buildRequest("/admin/credit-reminders", {
        form: {
          intent: "settings",
          enabled: "on",
          "levels[0].days": "-3",
          "levels[0].wording": "Falls due in three days.",
          "levels[1].days": "7",
          "levels[1].wording": "A week overdue: please pay.",
          "levels[2].days": "45",
          "levels[2].wording": "Well overdue: your account may be held.",
          "levels[3].days": "",
          "levels[3].wording": "",
        },
        cookie: admin,
      }),
    );
    expect(redirectLocation(form)).toBe("/admin/credit-reminders");
    const saved = await dryRun();
    expect(saved.enabled).toBe(true);
    expect(saved.levels.map((level: { days: number }) => level.days)).toEqual([-3, 7, 45]);
  });

  it("the timer sends each due reminder once, with the invoice PDF, to admins and approvers, on the invoice's history", async () => {
    const first = await mailsDuring(async () => expect(await sendDueReminders(db(), { byTimer: true })).toEqual({ sent: 3, skipped: 0 }));
    const subjects = first.map((mail) => mail.subject);
    for (const expected of [`Overdue: invoice ${inv.old.invoiceNumber}`, `Overdue: invoice ${inv.week.invoiceNumber}`, `Payment reminder: invoice ${inv.soon.invoiceNumber}`]) {
      expect(subjects.filter((subject) => subject.startsWith(expected)), expected).toHaveLength(1);
    }
    const week = first.find((mail) => mail.subject.includes(inv.week.invoiceNumber))!;
    expect(week.to).toBe("owner@acme-builders.co.uk");
    expect(week.body).toContain("A week overdue: please pay.");
    // the whole mail as written: the invoice PDF attached
    expect(week.body).toContain(`filename=${inv.week.invoiceNumber}.pdf`);
    expect(week.body).toContain("Content-Type: application/pdf");
    const history = auditHistory(db(), "sales_invoice", inv.week.id);
    expect(history[0]).toMatchObject({ action: "sales_invoice.reminder_sent", who: "System", note: "7 days overdue, to owner@acme-builders.co.uk" });

    // another sweep, or a restarted server, sends nothing again; nor does the send button
    const again = await mailsDuring(async () => {
      expect(await sendDueReminders(db(), { byTimer: true })).toEqual({ sent: 0, skipped: 0 });
      const button = await callRoute(apiSend.action, buildRequest("/api/admin/credit-reminders/send", { method: "POST", cookie: accounts }));
      expect(await readJson(button)).toEqual({ sent: 0, skipped: 0 });
    });
    expect(again).toEqual([]);
    expect(db().select().from(reminderSends).all()).toHaveLength(3);
    expect((await dryRun()).due).toEqual([]);
  });

  it("a paid invoice gets no more reminders; the next level of an unpaid one goes when its day comes", async () => {
    const paid = await callRoute(
      apiPayments.action,
      buildRequest(`/api/admin/invoices/sales/${inv.soon.id}/payments`, { json: { amount: "120.00", paymentMethod: "bank_transfer" }, cookie: admin }),
      { id: String(inv.soon.id) },
    );
    expect(paid.status).toBe(201);
    // 18 days on: the paid invoice would have reached 7 days overdue and the week-late one is not yet 45 days
    // late; the invoice issued 10 days ago is now 2 days from due
    const later = new Date(Date.now() + 18 * 86_400_000);
    const mails = await mailsDuring(async () => expect(await sendDueReminders(db(), { now: later, byTimer: true })).toEqual({ sent: 1, skipped: 0 }));
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining(inv.notYet.invoiceNumber)]);
    expect(db().select().from(reminderSends).where(eq(reminderSends.salesInvoiceId, inv.soon.id)).all().map((row) => row.level)).toEqual([-3]);
    expect(db().select().from(salesInvoices).where(eq(salesInvoices.id, inv.held.id)).get()!.amountPaid).toBe(0);
    expect(db().select().from(reminderSends).where(eq(reminderSends.salesInvoiceId, inv.held.id)).all()).toEqual([]);
  });

  it("the screen's Send button sends what is due by hand, and refuses sales", async () => {
    const refused = await callRoute(remindersPage.action, buildRequest("/admin/credit-reminders", { form: { intent: "send" }, cookie: sales }));
    expect(redirectLocation(refused)).toBe("/admin");
    const sent = await callRoute(remindersPage.action, buildRequest("/admin/credit-reminders", { form: { intent: "send" }, cookie: accounts }));
    expect(redirectLocation(sent)).toBe("/admin/credit-reminders");
  });
});
