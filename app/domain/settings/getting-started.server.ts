/**
 * The "Getting started" list a real install's admins see on the dashboard: what a wholesaler sets up before
 * the first customer orders. Each step is worked out from the settings and the database every time the
 * dashboard is read, never ticked by hand, so a step is ticked exactly when it is done (and unticked if it is
 * undone: a removed COMPANY_VAT_NUMBER).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "~db/schema";
import { isCatalogueEmpty } from "~/domain/catalog/catalogue-setup.server";
import { isRealInstall } from "~/domain/users/install.server";
import { companySettingsSet } from "~/utils/company.server";
import type { DB } from "~/utils/db.server";

export type SetupStepKey = "company" | "bank" | "mail" | "products" | "customers";

export type SetupStep = {
  key: SetupStepKey;
  label: string;
  /** what to do, or what was found when it is done */
  detail: string;
  done: boolean;
  /** where it is done */
  href: string;
  linkText: string;
  /** a second way to do it (a CSV import beside adding a product) */
  alternative?: { href: string; linkText: string };
};

export const COMPANY_SETTINGS_PATH = "/admin/settings/company";

type Env = Record<string, string | undefined>;

/** Every step, in the order a new wholesaler does them. */
export function gettingStartedSteps(db: DB, env: Env = process.env): SetupStep[] {
  const set = companySettingsSet(env);
  const companyDone = set.COMPANY_NAME && set.COMPANY_ADDRESS && set.COMPANY_EMAIL && set.COMPANY_VAT_NUMBER;
  const bankDone = set.COMPANY_BANK_NAME && set.COMPANY_BANK_SORT_CODE && set.COMPANY_BANK_ACCOUNT_NUMBER;
  const mailDone = Boolean(env.SMTP_URL?.trim());
  const hasProducts = !isCatalogueEmpty(db);
  const hasCustomer =
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "customer"), isNotNull(users.approvedAt), eq(users.isActive, true)))
      .limit(1)
      .get() !== undefined;
  return [
    {
      key: "company",
      label: "Company details and VAT number",
      detail: companyDone
        ? "Name, address, email and VAT number are set: invoices can be issued."
        : "Set COMPANY_NAME, COMPANY_ADDRESS, COMPANY_EMAIL and COMPANY_VAT_NUMBER in .env and restart. No invoice is issued without the VAT number.",
      done: companyDone,
      href: COMPANY_SETTINGS_PATH,
      linkText: "Company settings",
    },
    {
      key: "bank",
      label: "Bank details",
      detail: bankDone
        ? "Invoices tell customers where to pay."
        : "Set COMPANY_BANK_NAME, COMPANY_BANK_SORT_CODE and COMPANY_BANK_ACCOUNT_NUMBER so invoices say where to pay.",
      done: bankDone,
      href: COMPANY_SETTINGS_PATH,
      linkText: "Company settings",
    },
    {
      key: "mail",
      label: "Mail server",
      detail: mailDone
        ? "Mail goes out through your SMTP server."
        : "Set SMTP_URL so order and invoice mails reach customers; until then they wait in the Outbox.",
      done: mailDone,
      href: COMPANY_SETTINGS_PATH,
      linkText: "Company settings",
    },
    {
      key: "products",
      label: "First products",
      detail: hasProducts ? "The catalogue has products." : "Add products one by one, or import a product CSV (Shopify's layout works).",
      done: hasProducts,
      href: "/admin/products?dialog=new",
      linkText: "Add a product",
      alternative: { href: "/admin/products?dialog=import", linkText: "Import a CSV" },
    },
    {
      key: "customers",
      label: "First customer",
      detail: hasCustomer
        ? "An approved customer can sign in and order."
        : "Create your first customer's account (or approve a sign-up) so they can sign in and order at trade prices.",
      done: hasCustomer,
      href: "/admin/users?dialog=new",
      linkText: "Add a customer",
    },
  ];
}

/** The card for this admin: only on a real install, and not once every step is done or they hid it. */
export function gettingStartedCard(db: DB, { hidden }: { hidden: boolean }, env: Env = process.env): SetupStep[] | null {
  if (hidden || !isRealInstall(db)) return null;
  const steps = gettingStartedSteps(db, env);
  return steps.every((step) => step.done) ? null : steps;
}
