/**
 * Forgotten passwords: the request for a link (the /forgot-password form and POST /api/auth/forgot-password)
 * and setting a new password with it (the /reset-password/{token} form and POST /api/auth/reset-password).
 * The new password follows the Change Password rules (account.schema.ts). Safe for the browser.
 */
import { z } from "zod";
import { confirmationMatches, confirmPasswordField, passwordFields } from "./account.schema";
import { emailField } from "./auth.schema";

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const TOKEN_MISSING = "The reset link is incomplete. Open the link in the email again, or ask for a new one.";

/** A link's token as sent (43 characters of base64url); anything else is simply not a link we sent. */
export const resetTokenField = z
  .string({ required_error: TOKEN_MISSING, invalid_type_error: TOKEN_MISSING })
  .trim()
  .min(1, TOKEN_MISSING)
  .max(200, TOKEN_MISSING);

/** The reset page's form: the token is in the page's address; the new password is typed twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: passwordFields.newPassword, confirmPassword: confirmPasswordField })
  .superRefine(confirmationMatches);

/** POST /api/auth/reset-password {token, password}. */
export const resetPasswordApiSchema = z.object({ token: resetTokenField, password: passwordFields.newPassword });

export type ResetPasswordInput = { token: string; newPassword: string };

/** What a link that has expired, was used, or was never sent answers (the reset page shows it too). */
export const LINK_NOT_VALID_MESSAGE =
  "This password reset link has expired or has already been used. Please ask for a new one.";

/** The reset page's fields, in the order a refusal may name one. */
export const RESET_PASSWORD_FIELDS = ["newPassword", "confirmPassword"] as const;
