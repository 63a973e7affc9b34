import * as z from "zod/mini";

/**
 * What the security event log records (server/domain/identity/security-events.ts) and the user centre's "Recent
 * security activity" names. A new kind is one more entry here (two-factor changes, credential views …) and its
 * `security.kinds.<kind>` text in every locale; the type-check then asks for nothing else.
 */
export const securityEventKinds = [
  /** Login/Login with the password. */
  "signIn",
  /** Login/GoogleLogin or GoogleCode. */
  "googleSignIn",
  /** A Google account linked to an existing merchant. */
  "googleLink",
  /** User/UpdatePwd. */
  "passwordChange",
  /** User/ResetPassword (the e-mail's code). */
  "passwordReset",
  /** Login/Logout: this session ended. */
  "signOut",
  /** Every other session ended (a password change or reset). */
  "sessionsRevoked",
  /** Signed-in calls past the merchant's limit (ASVS 2.4.1): the first refusal of a run. */
  "callLimit",
  /** Login/SecondFactor: the TOTP or recovery code after the password or Google. */
  "secondFactor",
  /** TwoFactor/Enable. */
  "twoFactorOn",
  /** TwoFactor/Disable. */
  "twoFactorOff",
  /** App/Credentials: an application's AppKey and AppSecret were shown. */
  "appCredentialsView",
  /** App/RotateSecret: an application got a new AppSecret. */
  "appSecretRotate",
  /** App/Edit: a callback URL changed, or the approval limit or "any address" loosened (a fresh proof spent). */
  "appSensitiveEdit",
  /** Wallet/AddAddress: a destination was added to the withdrawal address book. */
  "withdrawalAddressAdd",
  /** Wallet/RemoveAddress: a destination was taken out of it. */
  "withdrawalAddressRemove",
  /** Wallet/Withdraw: a withdrawal asked in the console (its mailed code and second factor checked). */
  "withdrawalRequest",
  /** Wallet/ApproveWithdrawal: an application's withdrawal above its auto-approve limit approved (code and factor checked). */
  "withdrawalApprove",
  /** Wallet/RejectWithdrawal: one rejected, its hold given back. */
  "withdrawalReject",
] as const;
export const securityEventKind = z.enum(securityEventKinds);
export type SecurityEventKind = z.infer<typeof securityEventKind>;

/** `refused`: a throttle or limit answered before anything was checked. */
export const securityOutcome = z.enum(["success", "failure", "refused"]);
export type SecurityOutcome = z.infer<typeof securityOutcome>;

export const securityEvent = z.object({
  /** The event's own id (a list key; nothing else takes it). */
  id: z.string(),
  kind: securityEventKind,
  outcome: securityOutcome,
  ip: z.string(),
  userAgent: z.string(),
  /** ISO 8601, the server's clock. */
  at: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEvent>;

/** resData of User/SecurityActivity: the merchant's most recent events, newest first. */
export const securityActivityResult = z.object({ items: z.array(securityEvent) });
export type SecurityActivityResult = z.infer<typeof securityActivityResult>;

/** How many events the user centre shows. */
export const securityActivityLength = 20;
