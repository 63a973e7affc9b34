import { describe, expect, it } from "vitest";
import { loginRequest, registerRequest } from "./auth.ts";
import { emailField, passwordField } from "./fields.ts";

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe("field rules of spec section 5", () => {
  it("checks the e-mail format and trims it", () => {
    expect(emailField.parse("  m@example.com ")).toBe("m@example.com");
    expect(messages(emailField.safeParse("not-an-email"))).toContain("validation.emailFormat");
    expect(messages(emailField.safeParse(""))).toContain("validation.emailRequired");
  });

  it("needs 8 characters with upper case, lower case and a digit", () => {
    expect(passwordField.safeParse("Secret123").success).toBe(true);
    for (const weak of ["Short1A", "alllower123", "ALLUPPER123", "NoDigitsHere"]) {
      expect(messages(passwordField.safeParse(weak))).toContain("validation.passwordRules");
    }
  });

  it("needs the repeat to match and refuses unknown fields", () => {
    const base = { email: "m@example.com", code: "123456", password: "Secret123" };
    expect(registerRequest.safeParse({ ...base, repeatPassword: "Secret123" }).success).toBe(true);
    const mismatch = registerRequest.safeParse({ ...base, repeatPassword: "Secret124" });
    expect(messages(mismatch)).toEqual(["validation.passwordsMismatch"]);
    expect(loginRequest.safeParse({ email: "m@example.com", password: "x", admin: true }).success).toBe(false);
  });
});
