import * as z from "zod/mini";

/**
 * Field rules of spec section 5, shared by the forms, the machines and the server.
 * Messages are i18n keys under `validation.`; the console translates them, the server
 * answers with their en-US text.
 */
export const passwordMinLength = 8;

/**
 * C0 controls, DEL, C1 controls (\p{Cc}), UTF-16 surrogates that are not half of a pair (\p{Cs} under /u), and the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a stored name or remark
 * read backwards on other screens and in logs. Joiners and the left-to-right / right-to-left marks stay: emoji and
 * right-to-left text need them.
 */
const controlOrLoneSurrogate = /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069]/u;

export const hasInvalidCharacters = (value: string): boolean => controlOrLoneSurrogate.test(value);

/**
 * No form can type these, PostgreSQL refuses NUL in text (it answered 500) and the rest hide in
 * logs, mails and other merchants' screens. Tabs too, passwords included: the Tab key leaves a
 * field, so a tab only comes from a paste and would make a password no one can type again.
 * It aborts, so the field shows this message alone rather than also its format rules.
 */
const plainCharacters = () =>
  z.refine<string>((value) => !hasInvalidCharacters(value), { message: "validation.invalidCharacters", abort: true });

type StringCheck = z.core.$ZodCheck<string>;

/** Every string of a request is made here, so it refuses invalid characters by construction. */
export const text = (...checks: StringCheck[]) => z.string().check(plainCharacters(), ...checks);

/** The same, trimmed first: a line break pasted at either end is dropped rather than refused. */
export const trimmedText = (...checks: StringCheck[]) => z.string().check(z.trim(), plainCharacters(), ...checks);

export const requiredString = trimmedText(
  z.minLength(1, "validation.required"),
  z.maxLength(200, "validation.tooLong"),
);

/** An id the server picked (a merchant's, in the query of the documented GET calls). */
export const idField = text(z.minLength(1, "validation.required"), z.maxLength(64, "validation.tooLong"));

export const emailField = trimmedText(
  z.minLength(1, "validation.emailRequired"),
  z.maxLength(254, "validation.tooLong"),
  z.email("validation.emailFormat"),
);

export const passwordField = text(
  z.minLength(1, "validation.passwordRequired"),
  z.minLength(passwordMinLength, "validation.passwordRules"),
  z.maxLength(128, "validation.tooLong"),
  z.regex(/[a-z]/, "validation.passwordRules"),
  z.regex(/[A-Z]/, "validation.passwordRules"),
  z.regex(/[0-9]/, "validation.passwordRules"),
);

/** Login checks only that the password is there: old accounts may predate the rules (not the character check: such an account resets its password by e-mail code). */
export const loginPasswordField = text(
  z.minLength(1, "validation.passwordRequired"),
  z.maxLength(128, "validation.tooLong"),
);

/** Compared with the password only (repeatMatches): its own rules would repeat the password's messages. */
export const repeatPasswordField = text();

export const codeField = trimmedText(
  z.minLength(1, "validation.codeRequired"),
  z.regex(/^\d{6}$/, "validation.codeFormat"),
);

/** The ticket Login/GoogleSignIn answered for a Google account waiting to be linked (contracts/schemas/google.ts). */
export const linkTicketField = trimmedText(z.regex(/^[\w-]{43}$/, "validation.googleLinkTicket"));

/** A current code of the authenticator app (two-factor: contracts/schemas/two-factor.ts). */
export const totpCodeField = trimmedText(
  z.minLength(1, "validation.codeRequired"),
  z.regex(/^\d{6}$/, "validation.codeFormat"),
);

/** The app's code or a recovery code (case and the dash do not matter). */
export const secondFactorCodeField = trimmedText(
  z.minLength(1, "validation.codeRequired"),
  z.regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i, "validation.secondFactorFormat"),
);

/**
 * `link`: proves a Google account may be linked to the merchant with this e-mail (Login/GoogleLink). `application`:
 * checked with an application's code and an action, it answers a proof that application's edit, credentials or
 * rotation call spends (contracts/schemas/apps.ts). `sign-in`: sent with the right password (Login/Login's
 * `emailCode`), it lets the owner on a new device through the account's sign-in throttle; never a sign-in
 * by itself.
 */
export const codePurpose = z.enum([
  "register",
  "reset",
  "change-password",
  "link",
  "application",
  "sign-in",
  "withdrawal",
]);
export type CodePurpose = z.infer<typeof codePurpose>;

export const localeField = z.enum(["en-US", "zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"]);
export type Locale = z.infer<typeof localeField>;

/** The two password fields must agree; the issue lands on the repeat field. */
export const repeatMatches = <T extends { password: string; repeatPassword: string }>() =>
  z.refine<T>((v) => v.password === v.repeatPassword, {
    message: "validation.passwordsMismatch",
    path: ["repeatPassword"],
  });

/** A USDT amount: digits, optionally a point and up to 18 decimals (an 18-decimal token's smallest unit). */
export const usdtAmount = z.string().check(z.regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal string such as "19.99"'));

/** A search's time bound: ISO 8601 with its offset (the console sends UTC). */
export const isoTimeField = text(z.iso.datetime({ offset: true, error: "validation.dateTime" }));
