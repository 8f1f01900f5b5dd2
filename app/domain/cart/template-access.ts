/**
 * Who may do what with an order template (docs/decisions/0068-shared-lists.md). A template is private to its
 * maker until shared; a shared list is seen by everyone of the maker's company, loaded by those who may order,
 * and kept up to date by its maker and the company's admins. Pure rules, safe for the browser.
 */
import type { CompanyRole } from "~db/schema";

/** The person asking: who they are, their company and their role in it (from the database, each request). */
export type TemplateActor = { id: string; companyId: number | null; companyRole: CompanyRole | null };

/** What the rules need of a template. */
export type TemplateRef = { userId: string; companyId: number; shared: boolean };

/** The maker's own, or a list shared with the actor's company. Anything else does not exist for them (404). */
export function maySeeTemplate(actor: TemplateActor, template: TemplateRef): boolean {
  if (template.userId === actor.id) return true;
  return template.shared && actor.companyId !== null && template.companyId === actor.companyId;
}

/** A viewer sees the catalogue and prices but orders nothing, so loads nothing and keeps no lists. */
export function mayOrder(actor: TemplateActor): boolean {
  return actor.companyRole !== "viewer";
}

/**
 * Rename, change lines, share or unshare, delete: the maker, and a company admin of a list shared with their
 * company. A company admin never sees a colleague's private template, so cannot change one.
 */
export function mayChangeTemplate(actor: TemplateActor, template: TemplateRef): boolean {
  if (!maySeeTemplate(actor, template) || !mayOrder(actor)) return false;
  return template.userId === actor.id || actor.companyRole === "company_admin";
}

export const TEMPLATE_CHANGE_REFUSED =
  "Only the list's maker or a company admin can change a shared list. Save a copy as your own template to change it.";
