/**
 * People in a company: inviting a colleague, changing a person's role or deactivating them (the Company screen
 * and /api/company/users), and accepting an invitation (/invitation/{token}). Safe for the browser.
 */
import { z } from "zod";
import { COMPANY_ROLES, type CompanyRole } from "~db/schema";
import { confirmationMatches, confirmPasswordField, passwordFields } from "~/domain/users/account.schema";
import { emailField } from "~/domain/users/auth.schema";

export const COMPANY_PATH = "/account/company";

/** How each role reads on the screen, with what it may do. */
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  company_admin: "Company admin",
  approver: "Approver",
  buyer: "Buyer",
  viewer: "Viewer",
};
export const COMPANY_ROLE_HINTS: Record<CompanyRole, string> = {
  company_admin: "manages people and addresses; sees all the company's orders and invoices",
  approver: "sees the company's orders and invoices",
  buyer: "orders; sees their own orders",
  viewer: "sees the catalogue and prices only; cannot order",
};

const ROLE_MESSAGE = "Choose a role: company admin, approver, buyer or viewer";
export const companyRoleField = z.enum(COMPANY_ROLES, { required_error: ROLE_MESSAGE, invalid_type_error: ROLE_MESSAGE, message: ROLE_MESSAGE });

const name = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(100, "Must be 100 characters or fewer");

/** POST /api/company/users and the invite form: who to invite, as what. */
export const inviteColleagueSchema = z.object({
  email: emailField,
  firstName: name("First name is required"),
  lastName: name("Last name is required"),
  role: companyRoleField,
});
export type InviteColleagueInput = z.infer<typeof inviteColleagueSchema>;

const ACTIVE_MESSAGE = "active must be true or false";
/** A form's "true"/"false", or JSON's boolean. */
const activeField = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean({ invalid_type_error: ACTIVE_MESSAGE, required_error: ACTIVE_MESSAGE }),
);

/** PATCH /api/company/users/{id} and the person's row: a new role, or active on or off (at least one). */
export const updateCompanyPersonSchema = z
  .object({ role: companyRoleField.optional(), active: activeField.optional() })
  .refine((value) => value.role !== undefined || value.active !== undefined, {
    message: "Give a role or active to change",
    path: ["role"],
  });
export type UpdateCompanyPersonInput = z.infer<typeof updateCompanyPersonSchema>;

/** The Company screen's forms on one person: change the role, deactivate, reactivate. */
export const companyPersonCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), userId: z.string().min(1).max(100), role: companyRoleField }),
  z.object({ intent: z.literal("deactivate"), userId: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("reactivate"), userId: z.string().min(1).max(100) }),
]);

const TOKEN_MISSING = "The invitation link is incomplete. Open the link in the email again.";
export const invitationTokenField = z
  .string({ required_error: TOKEN_MISSING, invalid_type_error: TOKEN_MISSING })
  .trim()
  .min(1, TOKEN_MISSING)
  .max(200, TOKEN_MISSING);

/** The invitation page's form: the name (filled in from the invitation) and a password typed twice. */
export const acceptInvitationFormSchema = z
  .object({
    firstName: name("First name is required"),
    lastName: name("Last name is required"),
    newPassword: passwordFields.newPassword,
    confirmPassword: confirmPasswordField,
  })
  .superRefine(confirmationMatches);
export type AcceptInvitationInput = { token: string; firstName: string; lastName: string; newPassword: string };

export const ACCEPT_INVITATION_FIELDS = ["firstName", "lastName", "newPassword", "confirmPassword"] as const;
export const INVITE_FIELDS = ["email", "firstName", "lastName", "role"] as const;

export const INVITATION_USED_MESSAGE = "This invitation has already been used. Sign in with the email and password you chose.";
export const INVITATION_EXPIRED_MESSAGE =
  "This invitation has expired: links work for 7 days. Ask your company admin to send a new one.";
export const INVITATION_UNKNOWN_MESSAGE = "This invitation link is not one we sent. Check the link in the email.";
