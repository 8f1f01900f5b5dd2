import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeMimeWords, listOutbox, outboxDir, parseHeaders, readOutboxMessage, sendMail } from "./mail.server";

describe("sendMail without SMTP_URL", () => {
  it("writes each message as an .eml file in the outbox, listed newest first", async () => {
    expect(listOutbox()).toEqual({ items: [], total: 0 });
    const first = await sendMail({ to: "a@example.com", subject: "First", text: "One" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await sendMail({
      to: ["b@example.com", "c@example.com"],
      subject: "Invoice INV-2026-00001 – £54.45",
      text: "Two",
      html: "<p>Two</p>",
      attachments: [{ filename: "invoice.pdf", content: Buffer.from("%PDF-1.4"), contentType: "application/pdf" }],
    });
    expect(first.via).toBe("outbox");
    expect(fs.existsSync(path.join(outboxDir(), second.file!))).toBe(true);

    const listed = listOutbox();
    expect(listed.total).toBe(2);
    expect(listed.items.map((item) => item.subject)).toEqual(["Invoice INV-2026-00001 – £54.45", "First"]);
    expect(listed.items[0].to).toBe("b@example.com, c@example.com");
    expect(Date.parse(listed.items[0].date)).toBeGreaterThanOrEqual(Date.parse(listed.items[1].date));
    expect(listOutbox({ limit: 1, offset: 1 }).items.map((item) => item.file)).toEqual([first.file]);

    const raw = readOutboxMessage(second.file!)!.toString("utf8");
    expect(raw).toContain("From: INFY Wholesale <orders@infy-wholesale.example>");
    expect(raw).toContain('filename=invoice.pdf');
    expect(parseHeaders(raw).get("content-type")).toMatch(/^multipart\/mixed/);
    expect(fs.readdirSync(outboxDir()).some((name) => name.endsWith(".partial"))).toBe(false);
  });

  it("reads only outbox files by their own names", () => {
    expect(readOutboxMessage("../app.db")).toBeNull();
    expect(readOutboxMessage("20260101T000000000Z-00000000.eml")).toBeNull();
  });
});

describe("decodeMimeWords", () => {
  it("decodes Q and B encoded words, joined across folds", () => {
    expect(decodeMimeWords("=?UTF-8?Q?Total_=C2=A354.45?=")).toBe("Total £54.45");
    expect(decodeMimeWords("=?UTF-8?B?wqM1?= =?UTF-8?Q?_off?=")).toBe("£5 off");
    expect(decodeMimeWords("Plain subject")).toBe("Plain subject");
  });
});
