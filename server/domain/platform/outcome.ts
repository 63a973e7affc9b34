import type { ErrCode } from "../../../contracts/schemas/envelope.ts";

/**
 * What domain work and handlers answer, before http/envelope.ts puts it on the wire: a result, or a refusal
 * with its errCode, committed either way; the status defaults to 200 (business answer).
 */
export type Outcome<T> =
  | { ok: true; data: T }
  /** `detail`: what a refusal tells a client to act on (its resData), e.g. 2004's seconds to wait. */
  | { ok: false; code: ErrCode; message: string; status: number; detail?: unknown };

export const ok = <T>(data: T): Outcome<T> => ({ ok: true, data });

export const fail = (code: ErrCode, message: string, status = 200, detail?: unknown): Outcome<never> => ({
  ok: false,
  code,
  message,
  status,
  ...(detail === undefined ? {} : { detail }),
});

/**
 * Thrown to refuse a request: rolls back the transaction it crosses. Return `fail(...)` instead
 * when the writes made so far must stay (an attempt counted, a rate event recorded).
 */
export class ApiError extends Error {
  readonly code: ErrCode;
  readonly status: number;

  constructor(code: ErrCode, message: string, status = 200) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = status;
  }
}

export const messages = {
  notLoggedIn: "Not logged in",
  forbidden: "This belongs to another merchant",
  notFound: "Not found",
  internal: "Internal error",
  malformedJson: "Malformed JSON",
  bodyTooLarge: "The request body is too large (limit 64 KiB)",
  unsupportedMediaType: "Content-Type must be application/json",
  emailTaken: "E-mail already exists",
  codeWrong: "Verification code is wrong",
  codeExpired: "Verification code expired, please request a new one",
  badCredentials: "Wrong e-mail or password",
  oldPasswordWrong: "Old password is wrong",
  accountNotFound: "No account uses this e-mail",
  passwordTooCommon: "This password is too common, please choose another one",
  busy: "The server is busy, please try again in a moment",
} as const;
