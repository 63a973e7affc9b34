import { describe, expect, it } from "vitest";
import { passwordField } from "../../../contracts/schemas/fields.ts";
import { isCommonPassword } from "./common-passwords.ts";

describe("common passwords", () => {
  it("refuses list entries that pass the composition rules, in any case", () => {
    for (const password of ["Password123", "pASSWORD123", "Qwerty123", "Secret123", "Password1"]) {
      expect(passwordField.safeParse(password).success).toBe(true);
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it("lets an uncommon password through", () => {
    for (const password of ["Merchant7Pass", "tulip-Orbit-42", "Zx9!kq2Lm"])
      expect(isCommonPassword(password)).toBe(false);
  });
});
