import { type Envelope, type ErrCode, errCodes } from "../../contracts/schemas/envelope.ts";

/** The wire envelope of every answer (spec section 8). */
export const success = <T>(resData: T): Envelope<T> => ({ success: true, errCode: errCodes.ok, errMsg: "", resData });

/** A refusal; `detail`, when the refusal has one a client acts on (2004's seconds to wait), is its resData. */
export const failure = (code: ErrCode, message: string, detail: unknown = null): Envelope<unknown> => ({
  success: false,
  errCode: code,
  errMsg: message,
  resData: detail,
});
