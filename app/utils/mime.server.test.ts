import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { parseMail } from "./mime.server";

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

async function render(message: Parameters<typeof transport.sendMail>[0]) {
  const info = await transport.sendMail({ from: "orders@infy.example", ...message });
  return info.message as Buffer;
}

describe("parseMail", () => {
  it("reads nodemailer's multipart/mixed: headers, quoted-printable text, HTML and a base64 PDF", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.from([0, 255, 128, 10, 13, 61])]);
    const longLine = `Total £54.45 ${"and a very long line ".repeat(10)}`;
    const raw = await render({
      to: "buyer@patel-catering.co.uk",
      cc: ["goods-in@patel-catering.co.uk"],
      subject: "Invoice INV-2026-00001 – £54.45",
      text: `Hello Sam,\n${longLine}\nThanks`,
      html: "<p>Hello <b>Sam</b></p><script>alert(1)</script>",
      attachments: [
        { filename: "INV-2026-00001.pdf", content: pdf, contentType: "application/pdf" },
        { filename: "Délivery nöte.txt", content: "café", contentType: "text/plain" },
      ],
    });
    const mail = await parseMail(raw);
    expect(mail.headers.get("to")).toBe("buyer@patel-catering.co.uk");
    expect(mail.headers.get("cc")).toBe("goods-in@patel-catering.co.uk");
    expect(mail.text).toBe(`Hello Sam,\n${longLine}\nThanks`);
    expect(mail.html).toBe("<p>Hello <b>Sam</b></p><script>alert(1)</script>");
    expect(mail.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size }))).toEqual([
      { filename: "INV-2026-00001.pdf", contentType: "application/pdf", size: pdf.length },
      { filename: "Délivery nöte.txt", contentType: "text/plain", size: 5 },
    ]);
    expect(mail.attachments[0].content.equals(pdf)).toBe(true);
    expect(mail.attachments[1].content.toString("utf8")).toBe("café");
  });

  it("reads a plain single-part message and a base64 text body", async () => {
    expect((await parseMail(await render({ to: "a@b.example", subject: "Hi", text: "Just text" }))).text?.trimEnd()).toBe("Just text");
    const raw = Buffer.from(
      "To: a@b.example\r\nSubject: x\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\nwqMxMi41MA==\r\n",
    );
    expect((await parseMail(raw)).text).toBe("£12.50");
  });

  it("never throws on a broken message", async () => {
    const broken = Buffer.from('Content-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@');
    const mail = await parseMail(broken);
    expect(mail.text).toBeNull();
    expect(mail.attachments).toHaveLength(1);
    expect((await parseMail(Buffer.from(""))).attachments).toEqual([]);
    expect((await parseMail(Buffer.from('Content-Type: multipart/mixed\r\n\r\nno boundary'))).attachments).toEqual([]);
  });
});
