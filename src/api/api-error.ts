/** What every failed call throws, so machines can branch on `errCode`. */
export class ApiError extends Error {
  readonly errCode: string;
  readonly errMsg: string;
  /** `api`: the server answered success false; `transport`: no usable answer; `parse`: the answer had the wrong shape. */
  readonly kind: "api" | "transport" | "parse";

  constructor(kind: ApiError["kind"], errCode: string, errMsg: string) {
    super(errMsg);
    this.name = "ApiError";
    this.kind = kind;
    this.errCode = errCode;
    this.errMsg = errMsg;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
