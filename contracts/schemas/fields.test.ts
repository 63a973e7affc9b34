import { describe, expect, it } from "vitest";
import { loginRequest, registerRequest } from "./auth.ts";
import { codeField, emailField, hasInvalidCharacters, passwordField, text } from "./fields.ts";
import { updateProfileRequest } from "./user.ts";

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe("field rules of spec section 5", () => {
  it("checks the e-mail format and trims it", () => {
    expect(emailField.parse("  m@example.com ")).toBe("m@example.com");
    expect(messages(emailField.safeParse("not-an-email"))).toContain("validation.emailFormat");
    expect(messages(emailField.safeParse(""))).toContain("validation.emailRequired");
  });

  it("needs 8 characters with upper case, lower case and a digit", () => {
    expect(passwordField.safeParse("Merchant7Pass").success).toBe(true);
    for (const weak of ["Short1A", "alllower123", "ALLUPPER123", "NoDigitsHere"]) {
      expect(messages(passwordField.safeParse(weak))).toContain("validation.passwordRules");
    }
  });

  it("needs the repeat to match and refuses unknown fields", () => {
    const base = { email: "m@example.com", code: "123456", password: "Merchant7Pass" };
    expect(registerRequest.safeParse({ ...base, repeatPassword: "Merchant7Pass" }).success).toBe(true);
    const mismatch = registerRequest.safeParse({ ...base, repeatPassword: "Secret124" });
    expect(messages(mismatch)).toEqual(["validation.passwordsMismatch"]);
    expect(loginRequest.safeParse({ email: "m@example.com", password: "x", admin: true }).success).toBe(false);
  });
});

describe("characters no form can type", () => {
  const refused: Array<[string, string[]]> = [
    ["NUL", ["\u0000"]],
    ["other C0 controls", ["\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f"]],
    ["tab, line feed and carriage return", ["\t", "\n", "\r"]],
    ["DEL", ["\u007f"]],
    ["C1 controls", ["\u0080", "\u0085", "\u009b", "\u009f"]],
    ["lone surrogates", ["\ud800", "\udbff", "\udc00", "\udfff", "\ude00\ud83d"]],
    [
      "bidirectional embeddings, overrides and isolates",
      ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2069"],
    ],
  ];
  for (const [label, characters] of refused) {
    it(`refuses ${label} anywhere in a value`, () => {
      for (const c of characters) {
        for (const value of [c, `a${c}`, `a${c}b`, `${c}b`]) {
          expect(hasInvalidCharacters(value), JSON.stringify(value)).toBe(true);
          expect(messages(text().safeParse(value))).toEqual(["validation.invalidCharacters"]);
        }
      }
    });
  }

  const ordinary = [
    "Shop No. 7 (Main St.) — 100% USDT, ok?",
    "张三的小店 · 支付宝",
    "張三的小店 · 繁體中文",
    "山田商店「カタカナ」ひらがな",
    "김민수 상점 한국어",
    "ร้านค้าของสมชาย ภาษาไทย",
    "😀 🇹🇭 👩‍💻 👍🏽",
    "Ünïcödé café, naïve, Ω, ∑, €",
    "no\u00a0break and\u2009thin spaces",
  ];
  it("accepts ordinary text in every language of the console, emoji included", () => {
    for (const value of ordinary) {
      expect(hasInvalidCharacters(value), value).toBe(false);
      expect(text().parse(value)).toBe(value);
      expect(updateProfileRequest.parse({ nickName: value }).nickName).toBe(value);
    }
    expect(passwordField.safeParse("Pässwört 密码 Ab1 😀").success).toBe(true);
  });

  it("shows this one message, not the field's other rules", () => {
    expect(messages(emailField.safeParse("m\u0000@example.com"))).toEqual(["validation.invalidCharacters"]);
    expect(messages(passwordField.safeParse("\u0000"))).toEqual(["validation.invalidCharacters"]);
    expect(messages(codeField.safeParse("12\u000034"))).toEqual(["validation.invalidCharacters"]);
    const base = { email: "m@example.com", code: "123456", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" };
    expect(messages(registerRequest.safeParse({ ...base, password: "Sec\tret123" }))).toEqual([
      "validation.invalidCharacters",
    ]);
  });

  it("trims a pasted line break off the ends of a trimmed field before checking", () => {
    expect(emailField.parse("m@example.com\r\n")).toBe("m@example.com");
    expect(messages(emailField.safeParse("m@exam\nple.com"))).toEqual(["validation.invalidCharacters"]);
  });

  it("refuses a tab in passwords, at sign-in too", () => {
    expect(messages(loginRequest.safeParse({ email: "m@example.com", password: "Merchant7Pass\t" }))).toEqual([
      "validation.invalidCharacters",
    ]);
    expect(messages(passwordField.safeParse("\tMerchant7Pass"))).toEqual(["validation.invalidCharacters"]);
  });
});
