import { type ErrCode, errCodes } from "../../../contracts/schemas/envelope.ts";
import { fail, type Outcome } from "../platform/outcome.ts";
import type { WithdrawalAnswer, WithdrawalRefusal } from "./withdrawal-holds.ts";

/** Each refusal of a withdrawal, its errCode and the HTTP status the open API answers it with. */
const refusals: Record<WithdrawalRefusal, { code: ErrCode; status: number }> = {
  unknownToken: { code: errCodes.withdrawalUnknownToken, status: 400 },
  badAddress: { code: errCodes.withdrawalBadAddress, status: 400 },
  ourAddress: { code: errCodes.withdrawalOurAddress, status: 400 },
  badAmount: { code: errCodes.withdrawalBadAmount, status: 400 },
  tooManyDecimals: { code: errCodes.withdrawalTooManyDecimals, status: 400 },
  overBalance: { code: errCodes.withdrawalOverBalance, status: 400 },
  overDailyLimit: { code: errCodes.withdrawalOverDailyLimit, status: 400 },
  keyReused: { code: errCodes.withdrawalKeyReused, status: 409 },
  notInBook: { code: errCodes.withdrawalDestinationNotInBook, status: 403 },
  coolingDown: { code: errCodes.withdrawalAddressCoolingDown, status: 403 },
  overAnyAddressLimit: { code: errCodes.withdrawalAnyAddressOverLimit, status: 400 },
};

/**
 * A refused withdrawal as an outcome: the open API answers it with its HTTP status (`api: "open"`), the console, as
 * every console call does, with 200 and the errCode.
 */
export function withdrawalRefusalOutcome(
  answer: Extract<WithdrawalAnswer, { ok: false }>,
  api: "open" | "console" = "console",
): Outcome<never> {
  const { code, status } = refusals[answer.refusal];
  return fail(code, answer.message, api === "open" ? status : 200);
}
