import { type Envelope, type ErrCode, errCodes } from "../../contracts/schemas/envelope.ts";

/** The wire envelope of every answer (spec section 8). */
export const success = <T>(resData: T): Envelope<T> => ({ success: true, errCode: errCodes.ok, errMsg: "", resData });

export const failure = (code: ErrCode, message: string): Envelope<null> => ({
  success: false,
  errCode: code,
  errMsg: message,
  resData: null,
});
