/**
 * The short emails that tell a customer something happened to their order or return: a greeting, a few
 * paragraphs, the facts as label/value lines, an optional link, and the company's footer. Plain text and HTML
 * say the same thing. Sending never throws: the change the mail reports has been committed already, so a
 * failure is logged and the caller carries on.
 */
import { getCompanySettings, type CompanySettings } from "~/utils/company.server";
import { sendMail, type SentMail } from "~/utils/mail.server";
import type { MailRecipients } from "./order-mail-recipients";

export function escapeHtml(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export function companyFooter(company: CompanySettings) {
  return [company.name, company.address, company.phone, company.email, company.vatNumber ? `VAT number ${company.vatNumber}` : null]
    .filter(Boolean)
    .join(" · ");
}

export type Notice = {
  subject: string;
  greetingName: string;
  paragraphs: string[];
  details: [label: string, value: string][];
  /** an http(s) address only */
  link?: { label: string; href: string } | null;
};

export function renderNotice(notice: Notice, company: CompanySettings) {
  const footer = companyFooter(company);
  const text = [
    `Hello ${notice.greetingName},`,
    "",
    ...notice.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...notice.details.map(([label, value]) => `${label}: ${value}`),
    ...(notice.link ? [`${notice.link.label}: ${notice.link.href}`] : []),
    "",
    footer,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en-GB"><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;">
<p>Hello ${escapeHtml(notice.greetingName)},</p>
${notice.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
<p>${notice.details.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join("<br>")}</p>
${notice.link ? `<p><a href="${escapeHtml(notice.link.href)}">${escapeHtml(notice.link.label)}</a></p>` : ""}
<p style="color:#64748b;font-size:12px;">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: notice.subject, text, html };
}

/**
 * Builds a notice from what the database holds now and sends it to its recipients (orderMailRecipients).
 * Never throws: a failure (reading, rendering or sending) is logged with `what` and answered as null; so is
 * nothing to send (`build` null).
 */
export async function sendNotice(
  what: string,
  build: (company: CompanySettings) => { recipients: MailRecipients; notice: Notice } | null,
): Promise<SentMail | null> {
  try {
    const company = getCompanySettings();
    const built = build(company);
    if (!built) return null;
    return await sendMail({ ...built.recipients, ...renderNotice(built.notice, company) });
  } catch (error) {
    console.error(`The ${what} email could not be sent`, error);
    return null;
  }
}
