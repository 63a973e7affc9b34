import * as z from "zod/mini";

/**
 * Field rules of spec section 5, shared by the forms, the machines and the server.
 * Messages are i18n keys under `validation.`; the console translates them, the server
 * answers with their en-US text.
 */
export const passwordMinLength = 8;

export const requiredString = z.string().check(z.trim(), z.minLength(1, "validation.required"), z.maxLength(200, "validation.tooLong"));

export const emailField = z.string().check(
  z.trim(),
  z.minLength(1, "validation.emailRequired"),
  z.maxLength(254, "validation.tooLong"),
  z.email("validation.emailFormat"),
);

export const passwordField = z.string().check(
  z.minLength(1, "validation.passwordRequired"),
  z.minLength(passwordMinLength, "validation.passwordRules"),
  z.maxLength(128, "validation.tooLong"),
  z.regex(/[a-z]/, "validation.passwordRules"),
  z.regex(/[A-Z]/, "validation.passwordRules"),
  z.regex(/[0-9]/, "validation.passwordRules"),
);

/** Login checks only that the password is there: old accounts may predate the rules. */
export const loginPasswordField = z.string().check(z.minLength(1, "validation.passwordRequired"), z.maxLength(128, "validation.tooLong"));

export const codeField = z.string().check(
  z.trim(),
  z.minLength(1, "validation.codeRequired"),
  z.regex(/^\d{6}$/, "validation.codeFormat"),
);

export const codePurpose = z.enum(["register", "reset"]);
export type CodePurpose = z.infer<typeof codePurpose>;

export const localeField = z.enum(["en-US", "zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"]);
export type Locale = z.infer<typeof localeField>;

/** The two password fields must agree; the issue lands on the repeat field. */
export const repeatMatches = <T extends { password: string; repeatPassword: string }>() =>
  z.refine<T>((v) => v.password === v.repeatPassword, { message: "validation.passwordsMismatch", path: ["repeatPassword"] });
