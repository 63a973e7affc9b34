import { MatchersV3 } from "@pact-foundation/pact";
import { merchant } from "./fixtures.ts";

const { like, regex, number } = MatchersV3;

/** Six digits, as the console's form and the schema's codeField demand. */
export const codeMatcher = (code: string) => regex("^\\d{6}$", code);

/** An ISO 8601 date, optionally with a time. */
export const isoDate = (example: string) =>
  regex("^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$", example);

export const codePurposeMatcher = (purpose: "register" | "reset" | "change-password" | "sign-in") =>
  regex("^(register|reset|change-password|sign-in)$", purpose);

export const localeMatcher = (locale: string) => regex("^(en-US|zh-CN|zh-TW|ja-JP|ko-KR|th-TH)$", locale);

/** resData of the profile calls (contracts/schemas/user.ts userProfile). */
export const profileBody = (overrides: { nickName?: string } = {}) => ({
  userId: like(merchant.userId),
  accountId: like(merchant.userId),
  email: like(merchant.email),
  nickName: like(overrides.nickName ?? merchant.nickName),
  name: like(""),
  avatar: like(""),
  language: like("en-US"),
  role: regex("^(user|admin)?$", "user"),
  registrationDate: isoDate("2024-05-01T08:30:00.000Z"),
  job: like(""),
  jobName: like(""),
  organization: like(""),
  organizationName: like(""),
  location: like(""),
  locationName: like(""),
  introduction: like(""),
  personalWebsite: like(""),
  phone: like(""),
  certification: number(0),
});

/** The value a matcher template stands for in the consumer test (what the mock server answers). */
export const exampleOf = <T>(template: unknown): T => MatchersV3.reify(template) as T;

/**
 * The signed-in merchant's id, filled in by the verifier from what the provider-state handler
 * returned (`{ userId }`), because the provider picks its own ids.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
export const injectedUserId = (example: string) => MatchersV3.fromProviderState("${userId}", example);

/** resData of a sign-in that opens a session (contracts/schemas/auth.ts), the sample merchant's unless told. */
export const sessionBody = (who: { userId: string; email: string; nickName: string } = merchant) => ({
  accessToken: like("t0k3n"),
  userId: like(who.userId),
  email: like(who.email),
  language: like("en-US"),
  nickName: like(who.nickName),
  avatar: like(""),
});
