/** What every failed call throws, so machines can branch on `errCode`. */
export class ApiError extends Error {
  readonly errCode: string;
  readonly errMsg: string;
  /** `api`: the server answered success false; `transport`: no usable answer; `parse`: the answer had the wrong shape. */
  readonly kind: "api" | "transport" | "parse";
  /** What a refusal tells the client to act on (its resData; null for most): 2004's seconds to wait. */
  readonly detail: unknown;

  constructor(kind: ApiError["kind"], errCode: string, errMsg: string, detail: unknown = null) {
    super(errMsg);
    this.name = "ApiError";
    this.kind = kind;
    this.errCode = errCode;
    this.errMsg = errMsg;
    this.detail = detail;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
