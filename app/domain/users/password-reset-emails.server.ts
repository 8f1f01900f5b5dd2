/**
 * The two mails of a password reset: the link (asked for by the account holder, or sent by an admin), and,
 * once a new password is set, "Your password was changed", so the owner of the address hears of a reset they
 * did not make. Both go to the account's own email only, through the mailer (the outbox without SMTP_URL).
 */
import { renderNotice, sendNotice, type Notice } from "~/domain/shared/notice-mail.server";
import { appLink } from "~/utils/app-url.server";
import { getCompanySettings, type CompanySettings } from "~/utils/company.server";
import { sendMail, type SentMail } from "~/utils/mail.server";
import { formatUkDateTime } from "~/utils/uk-time";

export const RESET_LINK_SUBJECT = "Reset your password";
export const PASSWORD_CHANGED_SUBJECT = "Your password was changed";

/** Whom a mail of the reset goes to: the account's email, greeted by first name. */
export type ResetRecipient = { email: string; firstName: string | null };

/** The page a link opens: the token travels in its path. */
export function resetPasswordPath(token: string): string {
  return `/reset-password/${encodeURIComponent(token)}`;
}

export function resetLinkNotice(
  account: ResetRecipient,
  link: { href: string; expiresAt: number; sentByAdmin: boolean },
  company: CompanySettings,
): Notice {
  return {
    subject: RESET_LINK_SUBJECT,
    greetingName: account.firstName || "there",
    paragraphs: [
      link.sentByAdmin
        ? `Our team has sent you a link to set a new password for your trade account with ${company.name}.`
        : `We received a request to reset the password of your trade account with ${company.name}.`,
      `Open the link below to choose a new password. It works once, until ${formatUkDateTime(link.expiresAt)} (UK time). Setting a new password signs your account out on every other device.`,
      `If you did not ask for this, you can ignore this email: your password stays as it is. If you are worried, write to ${company.email}.`,
    ],
    details: [
      ["Account", account.email],
      ["Link valid until", formatUkDateTime(link.expiresAt)],
    ],
    link: { label: "Choose a new password", href: link.href },
  };
}

export function passwordChangedNotice(account: ResetRecipient, changedAt: number, company: CompanySettings): Notice {
  return {
    subject: PASSWORD_CHANGED_SUBJECT,
    greetingName: account.firstName || "there",
    paragraphs: [
      `The password of your trade account with ${company.name} was changed on ${formatUkDateTime(changedAt)} (UK time), with a password reset link sent to this address.`,
      "Your account has been signed out on every device. Sign in again with your new password.",
      `If you did not change it, write to ${company.email} straight away, and ask for a new reset link on the Log In page of our website (Forgot password?).`,
    ],
    details: [["Account", account.email]],
  };
}

/** Sends a reset link (throws when it could not be sent: an admin is told). */
export function sendResetLink(
  account: ResetRecipient,
  token: string,
  { expiresAt, sentByAdmin }: { expiresAt: number; sentByAdmin: boolean },
): Promise<SentMail> {
  const company = getCompanySettings();
  const notice = resetLinkNotice(account, { href: appLink(resetPasswordPath(token)), expiresAt, sentByAdmin }, company);
  return sendMail({ to: account.email, ...renderNotice(notice, company) });
}

/** Says the password was changed; never throws (the new password stands either way). */
export function sendPasswordChanged(account: ResetRecipient, changedAt: number): Promise<SentMail | null> {
  return sendNotice("password changed", (company) => ({
    recipients: { to: account.email, cc: [] },
    notice: passwordChangedNotice(account, changedAt, company),
  }));
}
