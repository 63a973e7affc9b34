import { reloginCodes } from "../../contracts/schemas/envelope.ts";
import type { ApiError } from "./api-error.ts";
import type { ApiReporter } from "./client.ts";

export const errorToastMs = 5_000;

export interface ErrorPolicyTargets {
  toast(message: string, timeoutMs: number): void;
  /** The toast's text for an answer; falls back to errMsg, then "Error". */
  describe?(error: ApiError): string | undefined;
  /** A re-login code arrived: the session machine opens the blocking Re-Login dialog. */
  sessionExpired(errMsg: string): void;
}

/**
 * Spec section 8: success false toasts errMsg (or "Error") for 5 s, each errCode once per page load;
 * re-login codes also end the session; transport errors toast their message or "Request Error".
 */
export function createErrorPolicy(targets: ErrorPolicyTargets): ApiReporter {
  const shownCodes = new Set<string>();
  return {
    apiError(error: ApiError) {
      if (!shownCodes.has(error.errCode)) {
        shownCodes.add(error.errCode);
        targets.toast(targets.describe?.(error) || error.errMsg || "Error", errorToastMs);
      }
      if (reloginCodes.includes(error.errCode)) targets.sessionExpired(error.errMsg);
    },
    transportError(error: ApiError) {
      targets.toast(error.errMsg || "Request Error", errorToastMs);
    },
  };
}
