/**
 * The two mails a sign-up sends, one of which goes out for every sign-up: to a new email, that the application
 * was received; to an email that already has an account, that someone tried to open another with it. The
 * sign-up's reply is the same either way, so the mail is where the person learns which it was, and only the
 * owner of the address reads it. Sending never throws (sendNotice logs a failure): the sign-up stands.
 */
import type { CompanySettings } from "~/utils/company.server";
import type { SentMail } from "~/utils/mail.server";
import { sendNotice, type Notice } from "~/domain/shared/notice-mail.server";
import type { SignupInput } from "./auth.schema";

export const APPLICATION_RECEIVED_SUBJECT = "Your trade account application";
export const ACCOUNT_EXISTS_SUBJECT = "Someone tried to open an account with your email";

/** The page where a customer signs in, named in the mails (the mail has no trusted address of the site). */
const LOG_IN_PAGE = "the Log In page of our website (/login)";

export function applicationReceivedNotice(input: SignupInput, company: CompanySettings): Notice {
  return {
    subject: APPLICATION_RECEIVED_SUBJECT,
    greetingName: input.firstName,
    paragraphs: [
      `Thank you for applying for a trade account with ${company.name}. We have received your application.`,
      `You can sign in now on ${LOG_IN_PAGE} with this email address and the password you chose, and browse the catalogue at list prices.`,
      "One of our team will check your business details and approve your account. Once it is approved you will see your trade prices and can place orders.",
      `If you did not apply, reply to this email or write to ${company.email} and we will remove the application.`,
    ],
    details: [
      ["Business", input.businessName],
      ["Email", input.email],
    ],
  };
}

export function accountExistsNotice(
  account: { firstName: string | null; isActive: boolean },
  company: CompanySettings,
): Notice {
  return {
    subject: ACCOUNT_EXISTS_SUBJECT,
    greetingName: account.firstName || "there",
    paragraphs: [
      `Someone has just tried to open a trade account with ${company.name} using this email address. It already has an account with us, so no new account was made and your account has not changed.`,
      account.isActive
        ? `If it was you: you already have an account. Sign in on ${LOG_IN_PAGE} with your existing password.`
        : `If it was you: your account is closed. Write to ${company.email} if you would like it reopened.`,
      "If it was not you, there is nothing to do.",
    ],
    details: [],
  };
}

export function sendApplicationReceived(input: SignupInput): Promise<SentMail | null> {
  return sendNotice("sign-up received", (company) => ({
    recipients: { to: input.email, cc: [] },
    notice: applicationReceivedNotice(input, company),
  }));
}

export function sendAccountExists(email: string, account: { firstName: string | null; isActive: boolean }): Promise<SentMail | null> {
  return sendNotice("sign-up for an existing account", (company) => ({
    recipients: { to: email, cc: [] },
    notice: accountExistsNotice(account, company),
  }));
}
