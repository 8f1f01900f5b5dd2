import { describe, expect, it } from "vitest";
import { changePasswordFormSchema, changePasswordSchema } from "./account.schema";

function messages(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("change password schemas", () => {
  const valid = { currentPassword: "old-pass", newPassword: "new-pass", confirmPassword: "new-pass" };

  it("accepts a matching confirmation", () => {
    expect(changePasswordFormSchema.safeParse(valid).success).toBe(true);
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
  });

  it("names each rule's field and message", () => {
    expect(messages(changePasswordFormSchema.safeParse({}))).toEqual({
      currentPassword: "Current password is required",
      newPassword: "New password must be at least 6 characters",
      confirmPassword: "Please confirm your password",
    });
    expect(messages(changePasswordFormSchema.safeParse({ ...valid, newPassword: "12345", confirmPassword: "12345" }))).toEqual({
      newPassword: "New password must be at least 6 characters",
    });
    expect(messages(changePasswordFormSchema.safeParse({ ...valid, confirmPassword: "new-pass!" }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it("the API needs no confirmation, but checks one that is sent", () => {
    expect(changePasswordSchema.safeParse({ currentPassword: "a", newPassword: "new-pass" }).success).toBe(true);
    expect(messages(changePasswordSchema.safeParse({ ...valid, confirmPassword: "other-pass" }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(messages(changePasswordSchema.safeParse({ currentPassword: "", newPassword: "new-pass" }))).toEqual({
      currentPassword: "Current password is required",
    });
  });
});
