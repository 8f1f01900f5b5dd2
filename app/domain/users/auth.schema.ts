/** Sign-in and sign-up commands, shared by the forms (client and server) and the JSON API. */
import { z } from "zod";

const requiredText = (message: string, max = 200) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be ${max} characters or fewer`);

export const emailField = z
  .string({ required_error: "Email is required", invalid_type_error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Please enter a valid email address")
  .email("Please enter a valid email address")
  .transform((email) => email.toLowerCase());

export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ required_error: "Password is required", invalid_type_error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const PASSWORD_MIN_LENGTH = 6;

export const signupSchema = z.object({
  email: emailField,
  password: z
    .string({
      required_error: "Password must be at least 6 characters long",
      invalid_type_error: "Password must be at least 6 characters long",
    })
    .min(PASSWORD_MIN_LENGTH, "Password must be at least 6 characters long")
    .max(1024, "Password is too long"),
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  businessName: requiredText("Business name is required", 200),
  address: requiredText("Address is required", 500),
  phone: requiredText("Phone number is required", 50),
  vatNumber: z
    .string()
    .trim()
    .max(50, "Must be 50 characters or fewer")
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type SignupInput = z.infer<typeof signupSchema>;

// ─── The /login page ────────────────────────────────────────────────────────

const AUTH_TABS = ["login", "signup"] as const;
export type AuthTab = (typeof AUTH_TABS)[number];

/** The Log In form: the API's fields, plus where to go afterwards (a bad value is simply ignored). */
export const loginFormSchema = loginSchema.extend({
  redirectTo: z.string().optional().catch(undefined),
});

/** The sign-up fields, in the order a refusal may name one. */
export const SIGNUP_FIELDS = Object.keys(signupSchema.shape);

/** /login, /login?tab=signup, each keeping where to go after signing in. */
export function loginHref(tab: AuthTab, redirectTo: string): string {
  const params = new URLSearchParams();
  if (tab === "signup") params.set("tab", "signup");
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}
