import type { RateWindow } from "./limits.ts";

/** The throttling buckets: each counts one kind of attempt per subject (an address, an account, a device). */
export type RateBucket =
  | "code-requester"
  | "code-email"
  | "code-ip"
  | "code-use-email"
  | "code-use-requester"
  | "code-use-ip"
  | "login-ip"
  | "login-account-ip"
  | "login-account"
  | "login-device"
  | "login-mailbox"
  | "login-mail-code"
  | "login-session"
  | "demo-ip"
  | "merchant-calls"
  | "open-api-calls"
  | "callback-sends"
  | "checkout-ip";

export interface Slot {
  bucket: RateBucket;
  subject: string;
  window: RateWindow;
}
