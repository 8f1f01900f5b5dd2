/**
 * The invitation to join a company's trade account: a link to /invitation/{token}, through the mailer (the outbox
 * without SMTP_URL), to the invited address only.
 */
import { formatUkDateTime } from "~/utils/uk-time";
import { renderNotice, type Notice } from "~/domain/shared/notice-mail.server";
import { appLink } from "~/utils/app-url.server";
import { getCompanySettings, type CompanySettings } from "~/utils/company.server";
import { sendMail, type SentMail } from "~/utils/mail.server";

export const invitationSubject = (companyName: string) => `You are invited to order for ${companyName}`;

export function invitationPath(token: string): string {
  return `/invitation/${encodeURIComponent(token)}`;
}

export type InvitationMail = {
  email: string;
  firstName: string | null;
  companyName: string;
  invitedBy: string;
  roleLabel: string;
  token: string;
  expiresAt: number;
};

export function invitationNotice(mail: InvitationMail, href: string, company: CompanySettings): Notice {
  return {
    subject: invitationSubject(mail.companyName),
    greetingName: mail.firstName || "there",
    paragraphs: [
      `${mail.invitedBy} has invited you to join ${mail.companyName}'s trade account with ${company.name}, as ${mail.roleLabel.toLowerCase()}.`,
      `Open the link below to choose your password. It works once, until ${formatUkDateTime(mail.expiresAt)} (UK time).`,
      `If you were not expecting this, you can ignore this email. Questions: ${company.email}.`,
    ],
    details: [
      ["Company", mail.companyName],
      ["Your email", mail.email],
      ["Role", mail.roleLabel],
      ["Link valid until", formatUkDateTime(mail.expiresAt)],
    ],
    link: { label: "Accept the invitation", href },
  };
}

/** Sends the invitation (throws when it could not be sent: the inviting admin is told). */
export function sendInvitation(mail: InvitationMail): Promise<SentMail> {
  const company = getCompanySettings();
  const notice = invitationNotice(mail, appLink(invitationPath(mail.token)), company);
  return sendMail({ to: mail.email, ...renderNotice(notice, company) });
}
