/**
 * Who an order's mails go to (placed, approved, rejected, shipped, cancelled, and its returns): the account's
 * email. The shipping email typed at checkout is free text, so it gets a copy only when it is at the same
 * company domain as the account (the part after the @, ignoring case): a colleague at the buyer's firm, never
 * an outside address someone typed in.
 */
export type MailRecipients = { to: string; cc: string[] };

function domainOf(email: string): string | null {
  const at = email.lastIndexOf("@");
  const domain = at === -1 ? "" : email.slice(at + 1).trim().toLowerCase();
  return domain === "" ? null : domain;
}

/** Whether two addresses are at the same domain (case-insensitive). */
export function sameCompanyDomain(a: string, b: string): boolean {
  const domain = domainOf(a);
  return domain !== null && domain === domainOf(b);
}

/** The account's email as To, the shipping email as Cc when it is another address at the same domain. */
export function orderMailRecipients(accountEmail: string, shippingEmail: string | null | undefined): MailRecipients {
  const shipping = shippingEmail?.trim() ?? "";
  const copy =
    shipping !== "" && shipping.toLowerCase() !== accountEmail.trim().toLowerCase() && sameCompanyDomain(accountEmail, shipping);
  return { to: accountEmail, cc: copy ? [shipping] : [] };
}
