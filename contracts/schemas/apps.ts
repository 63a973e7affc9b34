import * as z from "zod/mini";
import { trimmedText, usdtAmount } from "./fields.ts";
import { listPage, listPaging } from "./list.ts";

/**
 * My applications (spec sections 2–4): a merchant's shops and platforms, each with an AppKey and an AppSecret
 * for the open API. Editing one, seeing its credentials and rotating its secret each spend a proof: the answer of
 * Register/CheckCaptchaCode for a code of type `application`, checked with the application's code and the action
 * (and, when the merchant has two-factor on, a current code of the authenticator app). A code checked in the merchant's
 * session also opens that session's verified window on the application (`verifiedWindowActions` below), in which the
 * calls need no proof. Times are ISO 8601.
 */

/** Spec section 4: normal (enabled) or stopped (disabled); a stopped application's open-API calls are refused. */
export const appStatuses = ["normal", "stopped"] as const;
export const appStatus = z.enum(appStatuses);
export type AppStatus = z.infer<typeof appStatus>;

/** What a proof allows: one of these, on one application. */
export const appActions = ["edit", "credentials", "rotate"] as const;
export const appAction = z.enum(appActions);
export type AppAction = z.infer<typeof appAction>;

/** How long the secret before a rotation keeps working: at once no more, an hour, a day or a week. */
export const graceWindows = ["none", "1h", "24h", "7d"] as const;
export const graceWindow = z.enum(graceWindows);
export type GraceWindow = z.infer<typeof graceWindow>;
export const graceWindowSeconds: Record<GraceWindow, number> = { none: 0, "1h": 3600, "24h": 86_400, "7d": 604_800 };

/** How long a proof lives: spend it within five minutes, once. */
export const appProofSeconds = 300;

/**
 * The verified window (like GitHub's sudo mode): a code checked in a session opens, for that session and that
 * application only, these actions without a new code for `verifiedWindowSeconds`. The one list of what the window
 * covers: only edits that move nothing. Seeing or rotating a secret takes a fresh proof every time, as does
 * an edit that lets more money leave or sends callbacks elsewhere (server/domain/applications/sensitive-edits.ts); money leaving
 * (withdrawals) is never in it and keeps its own code and second factor.
 */
export const verifiedWindowActions = ["edit"] as const satisfies readonly AppAction[];
export type VerifiedWindowAction = (typeof verifiedWindowActions)[number];

/**
 * Ten minutes from the check, not extended by use: a view, an edit and a rotation in one sitting fit in it (the three
 * codes of an outside tester came within five minutes), while a session left open or taken over gets at most ten
 * minutes past the owner's last code, a third of the session's 30-minute idle limit (SECURITY.md, §Sessions).
 */
export const verifiedWindowSeconds = 600;

/** The site or a callback: http or https only (the server checks a callback's address again before it calls it). */
export const httpUrlField = trimmedText(
  z.minLength(1, "validation.required"),
  z.maxLength(2048, "validation.tooLong"),
  z.url({ protocol: /^https?$/, error: "validation.httpUrl" }),
);

const withoutCredentials = (value: string) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value);

/**
 * A callback URL: a site's rules, and no user name or password in it. They would go out as Basic auth and
 * sit in plain text in every log that shows the URL; a receiver authenticates a callback by its Standard Webhooks
 * signature instead.
 */
export const callbackUrlField = trimmedText(
  z.minLength(1, "validation.required"),
  z.maxLength(2048, "validation.tooLong"),
  z.url({ protocol: /^https?$/, error: "validation.httpUrl" }),
  z.refine<string>(withoutCredentials, { message: "validation.urlCredentials" }),
);

export const appNameField = trimmedText(z.minLength(1, "validation.required"), z.maxLength(64, "validation.tooLong"));
export const remarkField = trimmedText(z.maxLength(500, "validation.tooLong"));

/** The application's number, made by the server: digits, like an order's. */
export const appCodeField = trimmedText(z.regex(/^\d{8,24}$/, "validation.appCode"));

/** A proof as Register/CheckCaptchaCode answered it. */
export const appProofField = trimmedText(
  z.minLength(1, "validation.required"),
  z.maxLength(128, "validation.tooLong"),
  z.regex(/^[\w-]+$/, "validation.appProof"),
);

export const application = z.object({
  appCode: z.string(),
  name: z.string(),
  /** The merchant's site. */
  address: z.string(),
  rechargeCallbackUrl: z.string(),
  withdrawCallbackUrl: z.string(),
  /** An open-API withdrawal above it waits for the merchant's approval in the console; null: every one is sent. */
  withdrawAutoApproveLimit: z.nullable(usdtAmount),
  /**
   * "Any address": null, the open API pays only destinations of My wallet's address book; else it may pay any
   * destination, its payments outside the book adding up to at most this over 24 hours.
   */
  withdrawAnyAddressDailyLimit: z.nullable(usdtAmount),
  status: appStatus,
  remark: z.string(),
  createdAt: z.string(),
});
export type Application = z.infer<typeof application>;

/** A limit as typed: empty is "none" (no approval limit; "any address" off). */
const limitField = z.optional(trimmedText(z.regex(/^(|\d{1,20}(\.\d{1,18})?)$/, "validation.amount")));

const appFields = {
  name: appNameField,
  address: httpUrlField,
  rechargeCallbackUrl: callbackUrlField,
  withdrawCallbackUrl: callbackUrlField,
  /** Empty or left out: no limit, every open-API withdrawal is sent without asking. */
  withdrawAutoApproveLimit: limitField,
  remark: z.optional(remarkField),
};

export const appAddRequest = z.strictObject(appFields);
export type AppAddRequest = z.infer<typeof appAddRequest>;

/** Without a proof the call is refused with its own errCode (2405), so the console knows to ask for the e-mail code. */
const proof = z.optional(appProofField);

/**
 * An edit changes only the fields it names: one left out is unchanged (before it, a left-out approval limit
 * meant "none"). These changes need a fresh proof for `edit` even inside the verified window: a callback URL changed,
 * the approval limit raised or removed, "any address" turned on or its limit raised.
 */
export const appEditRequest = z.strictObject({
  appCode: appCodeField,
  proof,
  name: z.optional(appNameField),
  address: z.optional(httpUrlField),
  rechargeCallbackUrl: z.optional(callbackUrlField),
  withdrawCallbackUrl: z.optional(callbackUrlField),
  withdrawAutoApproveLimit: limitField,
  withdrawAnyAddressDailyLimit: limitField,
  remark: z.optional(remarkField),
});
export type AppEditRequest = z.infer<typeof appEditRequest>;

export const appSetStatusRequest = z.strictObject({ appCode: appCodeField, status: appStatus });
export type AppSetStatusRequest = z.infer<typeof appSetStatusRequest>;

export const appCredentialsRequest = z.strictObject({ appCode: appCodeField, proof });
export type AppCredentialsRequest = z.infer<typeof appCredentialsRequest>;

/**
 * The two secrets of an application: the AppSecret that signs its open-API requests, and the webhook secret that signs
 * the callbacks this service sends it (Standard Webhooks).
 */
export const appSecretKinds = ["appSecret", "webhookSecret"] as const;
export const appSecretKind = z.enum(appSecretKinds);
export type AppSecretKind = z.infer<typeof appSecretKind>;

/** `secret` names the one to rotate; without it the AppSecret (what every caller before it meant). */
export const appRotateRequest = z.strictObject({
  appCode: appCodeField,
  proof,
  graceWindow,
  secret: z.optional(appSecretKind),
});
export type AppRotateRequest = z.infer<typeof appRotateRequest>;

/**
 * AppKey (the RFC 9421 `keyid`) and AppSecret (the hmac-sha256 key: its characters as shown, UTF-8). During a
 * rotation's grace window the secret before it still signs until `previousSecretValidUntil`; null when none does.
 * The webhook secret (`whsec_` and base64, as the `standardwebhooks` libraries take it) verifies the callbacks; its
 * previous one is still used to sign them, beside the new one, until `previousWebhookSecretValidUntil`.
 */
export const appCredentials = z.object({
  appCode: z.string(),
  appKey: z.string(),
  appSecret: z.string(),
  previousSecretValidUntil: z.nullable(z.string()),
  webhookSecret: z.string(),
  previousWebhookSecretValidUntil: z.nullable(z.string()),
});
export type AppCredentials = z.infer<typeof appCredentials>;

export const maxAppPageSize = 100;

/** My applications' search: status, a part of the name; newest first, a keyset page at a time (contracts/schemas/list.ts). */
export const appListRequest = z.strictObject({
  status: z.optional(appStatus),
  name: z.optional(trimmedText(z.maxLength(64, "validation.tooLong"))),
  ...listPaging(maxAppPageSize),
});
export type AppListRequest = z.infer<typeof appListRequest>;

export const appListResult = listPage(application);
export type AppListResult = z.infer<typeof appListResult>;
