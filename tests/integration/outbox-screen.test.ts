/**
 * The outbox through both doors: the /admin/outbox screens (list, one mail, an attachment) and
 * GET /api/admin/outbox. Mails are written by the app's own sendMail, as every mail the shop sends is.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_PAGE_SIZE } from "~/domain/shared/outbox.server";
import * as listPage from "~/routes/admin.outbox";
import * as mailPage from "~/routes/admin.outbox_.$id";
import * as attachmentRoute from "~/routes/admin.outbox_.$id.attachments.$index";
import * as apiOutbox from "~/routes/api.admin.outbox";
import { sendMail } from "~/utils/mail.server";
import { createUser } from "./factories";
import { buildRequest, callRoute, readJson, redirectLocation } from "./http";
import { signIn } from "./sign-in";

const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.from([0, 1, 2, 250, 251, 13, 10, 61, 61])]);
let adminCookie: string;
let buyerCookie: string;
let invoiceMailId: string;

beforeAll(async () => {
  await createUser({ email: "admin@example.com", role: "admin" });
  await createUser({ email: "buyer@example.com" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  buyerCookie = await signIn("buyer@example.com", { via: "api" });
  for (let n = 1; n <= OUTBOX_PAGE_SIZE; n += 1) {
    await sendMail({ to: `customer${n}@example.com`, subject: `Order ORD-${String(n).padStart(6, "0")} confirmed`, text: `Mail ${n}` });
  }
  await new Promise((resolve) => setTimeout(resolve, 5)); // the invoice mail is the newest
  const sent = await sendMail({
    to: "accounts@acme-catering.co.uk",
    cc: ["goods-in@acme-catering.co.uk"],
    subject: "Invoice INV-2026-00042 from INFY – £54.45",
    text: "Hello Bea,\nPlease find invoice INV-2026-00042 attached. Total £54.45.",
    html: '<p>Hello Bea,</p><script>alert("x")</script><p onclick="steal()">Total &pound;54.45</p>',
    attachments: [{ filename: "INV-2026-00042.pdf", content: PDF, contentType: "application/pdf" }],
  });
  invoiceMailId = sent.file!.replace(/\.eml$/, "");
});

function get(handler: Parameters<typeof callRoute>[0], path: string, cookie?: string, params: Record<string, string> = {}) {
  return callRoute(handler, buildRequest(path, { cookie }), params);
}

describe("GET /api/admin/outbox", () => {
  it("pages the mails newest first with recipients, subject, time and attachments", async () => {
    const response = await get(apiOutbox.loader, "/api/admin/outbox", adminCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe(String(OUTBOX_PAGE_SIZE + 1));
    expect(response.headers.get("X-Page-Count")).toBe("2");
    const mails = await readJson(response);
    expect(mails).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(mails[0]).toEqual({
      id: invoiceMailId,
      to: "accounts@acme-catering.co.uk",
      cc: "goods-in@acme-catering.co.uk",
      subject: "Invoice INV-2026-00042 from INFY – £54.45",
      sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      size: expect.any(Number),
      attachments: [
        { index: 0, filename: "INV-2026-00042.pdf", contentType: "application/pdf", size: PDF.length, url: `/admin/outbox/${invoiceMailId}/attachments/0` },
      ],
    });
    const times = mails.map((mail: { sentAt: string }) => mail.sentAt);
    expect([...times].sort().reverse()).toEqual(times);

    const second = await readJson(await get(apiOutbox.loader, "/api/admin/outbox?page=2", adminCookie));
    expect(second).toHaveLength(1);
    expect(second[0].subject).toBe("Order ORD-000001 confirmed");
  });

  it("answers 401 signed out and 403 to a customer", async () => {
    expect((await get(apiOutbox.loader, "/api/admin/outbox")).status).toBe(401);
    expect((await get(apiOutbox.loader, "/api/admin/outbox", buyerCookie)).status).toBe(403);
  });
});

describe("the outbox screens", () => {
  it("lists the mails a page at a time", async () => {
    const first = await readJson(await get(listPage.loader, "/admin/outbox", adminCookie));
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: OUTBOX_PAGE_SIZE + 1 });
    expect(first.items[0]).toMatchObject({ id: invoiceMailId, attachments: [{ filename: "INV-2026-00042.pdf" }] });
    const second = await readJson(await get(listPage.loader, "/admin/outbox?page=2", adminCookie));
    expect(second.items.map((mail: { to: string }) => mail.to)).toEqual(["customer1@example.com"]);
  });

  it("opens one mail: its headers, its text, and its HTML only as text", async () => {
    const mail = await readJson(await get(mailPage.loader, `/admin/outbox/${invoiceMailId}`, adminCookie, { id: invoiceMailId }));
    expect(mail).toMatchObject({
      from: expect.stringContaining("@"),
      to: "accounts@acme-catering.co.uk",
      cc: "goods-in@acme-catering.co.uk",
      subject: "Invoice INV-2026-00042 from INFY – £54.45",
      text: "Hello Bea,\nPlease find invoice INV-2026-00042 attached. Total £54.45.",
    });
    expect(mail.htmlAsText).toContain("Total £54.45");
    expect(mail.htmlAsText).not.toMatch(/<|script|onclick|alert/);
  });

  it("downloads an attachment as itself: the PDF with its type and name", async () => {
    const response = await get(attachmentRoute.loader, `/admin/outbox/${invoiceMailId}/attachments/0`, adminCookie, {
      id: invoiceMailId,
      index: "0",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="INV-2026-00042.pdf"');
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("never reads outside the outbox, and answers 404 for what is not there", async () => {
    for (const id of ["../app", "../../app.db", "..%2F..%2Fapp.db", `${invoiceMailId}/../../app`, "20260101T000000000Z-00000000", ""]) {
      const read = await get(mailPage.loader, `/admin/outbox/${encodeURIComponent(id)}`, adminCookie, { id });
      expect(read.status).toBe(404);
      const file = await get(attachmentRoute.loader, `/admin/outbox/${encodeURIComponent(id)}/attachments/0`, adminCookie, { id, index: "0" });
      expect(file.status).toBe(404);
    }
    for (const index of ["1", "-1", "x", "0.5"]) {
      const file = await get(attachmentRoute.loader, `/admin/outbox/${invoiceMailId}/attachments/${index}`, adminCookie, { id: invoiceMailId, index });
      expect(file.status).toBe(404);
    }
  });

  it("sends anyone but an admin away", async () => {
    for (const [handler, params] of [
      [listPage.loader, {}],
      [mailPage.loader, { id: invoiceMailId }],
      [attachmentRoute.loader, { id: invoiceMailId, index: "0" }],
    ] as const) {
      expect(redirectLocation(await get(handler, "/admin/outbox", buyerCookie, params))).toBe("/");
      expect(redirectLocation(await get(handler, "/admin/outbox"))).toMatch(/^\/login/);
    }
  });
});
