import { describe, expect, it } from "vitest";
import { secureSetCookie, withSecureFlag } from "./https";

describe("Secure cookies over https", () => {
  it("adds Secure to a cookie without it, once", () => {
    expect(withSecureFlag("__session=abc; Path=/; HttpOnly; SameSite=Lax")).toBe("__session=abc; Path=/; HttpOnly; SameSite=Lax; Secure");
    expect(withSecureFlag("__session=abc; Path=/; Secure; HttpOnly")).toBe("__session=abc; Path=/; Secure; HttpOnly");
    expect(withSecureFlag("a=b; secure")).toBe("a=b; secure");
  });

  it("is not fooled by a cookie whose value contains the word", () => {
    expect(withSecureFlag("note=secure-ish; Path=/")).toBe("note=secure-ish; Path=/; Secure");
  });

  it("handles one header or a list of them", () => {
    expect(secureSetCookie(["a=1", "b=2; Secure"])).toEqual(["a=1; Secure", "b=2; Secure"]);
    expect(secureSetCookie("a=1")).toBe("a=1; Secure");
  });
});
