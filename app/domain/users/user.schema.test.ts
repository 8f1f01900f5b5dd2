import { describe, expect, it } from "vitest";
import {
  createUserSchema,
  updateUserSchema,
  userFormSchema,
  userListQuerySchema,
} from "./user.schema";

function firstMessage(result: { success: boolean; error?: { issues: { message: string; path: (string | number)[] }[] } }) {
  return result.error?.issues[0] ? { message: result.error.issues[0].message, path: result.error.issues[0].path.join(".") } : null;
}

describe("createUserSchema (API)", () => {
  const valid = { email: "New.Person@Example.com", password: "secret1" };

  it("accepts the minimum and fills the defaults", () => {
    const parsed = createUserSchema.parse(valid);
    expect(parsed).toMatchObject({
      email: "new.person@example.com",
      role: "customer",
      priceTierId: null,
      isActive: true,
      requiresApproval: false,
    });
  });

  it("says 'Invalid email address' for a bad email", () => {
    expect(firstMessage(createUserSchema.safeParse({ ...valid, email: "not-an-email" }))).toEqual({
      message: "Invalid email address",
      path: "email",
    });
  });

  it("requires a password for new users, at least 6 characters", () => {
    expect(firstMessage(createUserSchema.safeParse({ email: valid.email }))).toEqual({
      message: "Password is required for new users",
      path: "password",
    });
    expect(firstMessage(createUserSchema.safeParse({ ...valid, password: "" }))?.message).toBe(
      "Password is required for new users",
    );
    expect(firstMessage(createUserSchema.safeParse({ ...valid, password: "12345" }))).toEqual({
      message: "Password must be at least 6 characters",
      path: "password",
    });
  });

  it("takes only the three roles, a boolean isActive and a numeric or null tier", () => {
    expect(firstMessage(createUserSchema.safeParse({ ...valid, role: "staff" }))?.path).toBe("role");
    expect(firstMessage(createUserSchema.safeParse({ ...valid, isActive: "yes" }))?.path).toBe("isActive");
    expect(firstMessage(createUserSchema.safeParse({ ...valid, priceTierId: "2" }))?.path).toBe("priceTierId");
    expect(createUserSchema.parse({ ...valid, priceTierId: 2 }).priceTierId).toBe(2);
  });

  it("turns blank optional text into null", () => {
    expect(createUserSchema.parse({ ...valid, phone: "  ", businessName: " Acme " })).toMatchObject({
      phone: null,
      businessName: "Acme",
    });
  });
});

describe("updateUserSchema (API)", () => {
  it("leaves out what is not given", () => {
    const parsed = updateUserSchema.parse({ firstName: "Ann" });
    expect(parsed.firstName).toBe("Ann");
    expect(parsed.password).toBeUndefined();
    expect(parsed.isActive).toBeUndefined();
    expect(parsed.phone).toBeUndefined();
  });

  it("checks a password only when given", () => {
    expect(firstMessage(updateUserSchema.safeParse({ password: "abc" }))?.message).toBe(
      "Password must be at least 6 characters",
    );
    expect(updateUserSchema.safeParse({ password: "abcdef" }).success).toBe(true);
  });

  it("clears a field with null", () => {
    expect(updateUserSchema.parse({ vatNumber: null, priceTierId: null })).toMatchObject({
      vatNumber: null,
      priceTierId: null,
    });
  });
});

describe("userFormSchema", () => {
  it("uses the form's email message", () => {
    expect(firstMessage(userFormSchema("create").safeParse({ email: "x", password: "secret1", role: "customer" }))?.message).toBe(
      "Please enter a valid email address",
    );
  });

  it("requires the password only when creating", () => {
    expect(firstMessage(userFormSchema("create").safeParse({ email: "a@b.co", role: "customer" }))?.message).toBe(
      "Password is required for new users",
    );
    const edit = userFormSchema("edit").parse({ email: "a@b.co", role: "customer", password: "ignored" });
    expect(edit).not.toHaveProperty("password");
  });

  it("treats absent boxes as false and absent text as cleared", () => {
    expect(userFormSchema("edit").parse({ email: "a@b.co", role: "admin" })).toMatchObject({
      isActive: false,
      requiresApproval: false,
      phone: null,
      priceTierId: null,
    });
  });
});

describe("userListQuerySchema", () => {
  it("ignores junk instead of failing", () => {
    expect(userListQuerySchema.parse({ q: "  ", role: "wizard", page: "-3" })).toEqual({ q: undefined, role: undefined, page: 1 });
    expect(userListQuerySchema.parse({ q: "acme", role: "supplier", page: "2" })).toEqual({ q: "acme", role: "supplier", page: 2 });
  });
});
