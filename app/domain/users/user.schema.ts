/**
 * The back office's user commands, shared by the Users form (browser and action) and the JSON API.
 * The form says 'Please enter a valid email address'; the API's schema says 'Invalid email address'
 * (the spec gives both). The password is required when creating and optional when editing: an edit
 * changes it only when one is given.
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { USER_ROLES } from "~db/schema";
import { PASSWORD_MIN_LENGTH } from "./auth.schema";
import { customerDeliveryChargeField } from "~/domain/ordering/ordering-settings.schema";
import { STAFF_ROLES } from "./staff-roles";

export { USER_ROLES };

const PASSWORD_REQUIRED_MESSAGE = "Password is required for new users";
const PASSWORD_TOO_SHORT_MESSAGE = "Password must be at least 6 characters";
const FORM_EMAIL_MESSAGE = "Please enter a valid email address";
const API_EMAIL_MESSAGE = "Invalid email address";
const ROLE_MESSAGE = "Role must be one of customer, admin, supplier";

const emailField = (message: string) =>
  z
    .string({ required_error: "Email is required", invalid_type_error: message })
    .trim()
    .min(1, "Email is required")
    .max(254, message)
    .email(message)
    .transform((email) => email.toLowerCase());

const passwordField = z
  .string({ required_error: PASSWORD_REQUIRED_MESSAGE, invalid_type_error: PASSWORD_REQUIRED_MESSAGE })
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(1024, "Password is too long");

/** Optional text: blank becomes null (cleared); absent stays undefined (unchanged, for PATCH). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null || value === "" ? null : value));

const roleField = z.enum(USER_ROLES, { errorMap: () => ({ message: ROLE_MESSAGE }) });
/** A back-office user's staff role (only a full admin may set it); absent leaves it as it is. */
const staffRoleField = z.enum(STAFF_ROLES, { errorMap: () => ({ message: "Staff role must be one of admin, sales, warehouse, accounts" }) });

const priceTierIdField = z
  .number({ invalid_type_error: "Price tier must be a number or null" })
  .int("Price tier must be a whole number")
  .positive("Price tier must be a positive number")
  .nullable();

const booleanField = (label: string) =>
  z.boolean({ invalid_type_error: `${label} must be true or false`, required_error: `${label} must be true or false` });

const profileFields = {
  firstName: optionalText("First name", 100),
  lastName: optionalText("Last name", 100),
  businessName: optionalText("Business name", 200),
  phone: optionalText("Phone", 50),
  address: optionalText("Address", 500),
  vatNumber: optionalText("VAT number", 50),
};

/** POST /api/admin/users */
export const createUserSchema = z.object({
  email: emailField(API_EMAIL_MESSAGE),
  password: passwordField,
  ...profileFields,
  role: roleField.default("customer"),
  /** for role admin: what the back-office user may use; a new back-office user without one is a full admin */
  staffRole: staffRoleField.optional(),
  priceTierId: priceTierIdField.default(null),
  isActive: booleanField("isActive").default(true),
  requiresApproval: booleanField("requiresApproval").default(false),
  /** the customer's own delivery charge per order in pounds ex VAT ("5.00"); null = the standard charge */
  deliveryCharge: customerDeliveryChargeField.optional().transform((value) => value ?? null),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PATCH /api/admin/users/{id}: only the fields given change. */
export const updateUserSchema = z.object({
  email: emailField(API_EMAIL_MESSAGE).optional(),
  password: passwordField.optional(),
  ...profileFields,
  role: roleField.optional(),
  staffRole: staffRoleField.optional(),
  priceTierId: priceTierIdField.optional(),
  isActive: booleanField("isActive").optional(),
  requiresApproval: booleanField("requiresApproval").optional(),
  deliveryCharge: customerDeliveryChargeField.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/**
 * The Users screen's forms. Every field is posted, so a blank text box clears the field, an unticked box is
 * false and "No tier" is null. Conform turns blank inputs into undefined before these run. The edit form has
 * no password field (the spec: the password is not sent when editing).
 */
const formText = (label: string, max: number) => optionalText(label, max).transform((value) => value ?? null);
const formFields = {
  email: emailField(FORM_EMAIL_MESSAGE),
  firstName: formText("First name", 100),
  lastName: formText("Last name", 100),
  businessName: formText("Business name", 200),
  phone: formText("Phone", 50),
  address: formText("Address", 500),
  vatNumber: formText("VAT number", 50),
  role: roleField,
  // "Not staff" (blank) leaves it unset; the select is only on a full admin's form
  staffRole: staffRoleField.optional(),
  priceTierId: priceTierIdField.optional().transform((value) => value ?? null),
  isActive: z.boolean().default(false),
  requiresApproval: z.boolean().default(false),
  deliveryCharge: customerDeliveryChargeField,
};
export const createUserFormSchema = z.object({ ...formFields, password: passwordField });
export const editUserFormSchema = z.object(formFields);

export function userFormSchema(mode: "create" | "edit") {
  return mode === "create" ? createUserFormSchema : editUserFormSchema;
}

export const USERS_PAGE_SIZE = 25;

/** GET /admin/users and /api/admin/users filters. */
export const userListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  role: roleField.optional().catch(undefined),
  page: pageField(100_000),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** Delete, approve and reject on the Users screen name the user by `id`. */
export const userIdFormSchema = z.object({ id: z.string().trim().min(1) });
