/** Sign-up helpers for the browser tests: the form filled in as a person would, and the mails it sent. */
import { request as apiRequest, type Page } from "@playwright/test";
import { ADMIN } from "./fixtures";

export const APPLICATION_SUBJECT = "Your trade account application";
export const EXISTING_ACCOUNT_SUBJECT = "Someone tried to open an account with your email";
export const SIGN_UP_NOTICE = { title: "Check your email", description: "We have sent you a message about your account. You can then sign in." };

export type SignUpDetails = {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  businessName?: string;
  address?: string;
  phone?: string;
};

/** Fills the Sign Up tab's form (the page must show it). */
export async function fillSignUp(page: Page, details: SignUpDetails) {
  const values: [string, string][] = [
    ["First name", details.firstName ?? "Priya"],
    ["Last name", details.lastName ?? "Shah"],
    ["Business name", details.businessName ?? "Shah Catering Ltd"],
    ["Email", details.email],
    ["Password", details.password ?? "secret-pass"],
    ["Address", details.address ?? "12 Mill Lane, Bradford, BD1 1AA"],
    ["Phone number", details.phone ?? "01274 000000"],
  ];
  for (const [label, value] of values) await page.getByLabel(label, { exact: true }).fill(value);
}

/** The subjects of the outbox mails to `email` (the newest hundred mails are read, through the admin API). */
export async function mailSubjectsTo(baseURL: string, email: string): Promise<string[]> {
  const admin = await apiRequest.newContext({ baseURL });
  try {
    const signedIn = await admin.post("/api/auth/login", { data: ADMIN });
    if (!signedIn.ok()) throw new Error(`admin sign-in failed: ${signedIn.status()}`);
    const subjects: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const response = await admin.get(`/api/admin/outbox?page=${page}`);
      const mails = (await response.json()) as { to: string; subject: string }[];
      subjects.push(...mails.filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase())).map((mail) => mail.subject));
      if (page >= Number(response.headers()["x-page-count"] ?? 1)) break;
    }
    return subjects;
  } finally {
    await admin.dispose();
  }
}
