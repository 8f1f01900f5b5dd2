/** Account self-service commands, shared by the dashboard's form (client and server) and the JSON API. */
import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./auth.schema";

const CURRENT_PASSWORD_REQUIRED = "Current password is required";
const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${PASSWORD_MIN_LENGTH} characters`;
const CONFIRM_PASSWORD_REQUIRED = "Please confirm your password";
const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const PASSWORD_MAX_LENGTH = 1024;

const passwordText = (message: string) => z.string({ required_error: message, invalid_type_error: message });

export const passwordFields = {
  currentPassword: passwordText(CURRENT_PASSWORD_REQUIRED)
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(PASSWORD_MAX_LENGTH, "Password is too long"),
  newPassword: passwordText(NEW_PASSWORD_TOO_SHORT)
    .min(PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX_LENGTH, "Password is too long"),
};
export const confirmPasswordField = passwordText(CONFIRM_PASSWORD_REQUIRED).min(1, CONFIRM_PASSWORD_REQUIRED);

export function confirmationMatches(value: { newPassword: string; confirmPassword?: string }, ctx: z.RefinementCtx) {
  if (value.confirmPassword !== undefined && value.confirmPassword !== value.newPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: PASSWORDS_DONT_MATCH, path: ["confirmPassword"] });
  }
}

/** The Change Password form: the new password must be typed twice. */
export const changePasswordFormSchema = z
  .object({ ...passwordFields, confirmPassword: confirmPasswordField })
  .superRefine(confirmationMatches);

/**
 * POST /api/auth/change-password {currentPassword, newPassword}: the confirmation is the form's concern, so
 * here it is optional, and checked against newPassword only when a client sends it.
 */
export const changePasswordSchema = z
  .object({ ...passwordFields, confirmPassword: confirmPasswordField.optional() })
  .superRefine(confirmationMatches);

export type ChangePasswordInput = { currentPassword: string; newPassword: string };
