/** What a machine keeps of a failed call: enough to show a message, nothing that needs the client. */
export interface Failure {
  errCode: string;
  errMsg: string;
  /** What the refusal tells the client to act on (its resData), when it says anything: 2004's seconds to wait. */
  detail?: unknown;
}

export function toFailure(error: unknown): Failure {
  if (typeof error === "object" && error !== null && "errCode" in error) {
    const { errCode, errMsg, detail } = error as { errCode: unknown; errMsg?: unknown; detail?: unknown };
    return {
      errCode: String(errCode),
      errMsg: typeof errMsg === "string" ? errMsg : "",
      ...(detail === undefined || detail === null ? {} : { detail }),
    };
  }
  return { errCode: "unknown", errMsg: error instanceof Error ? error.message : "" };
}

/** The server answered and refused (a numeric errCode), as opposed to no usable answer at all. */
export const isServerRefusal = (failure: Failure): boolean => /^\d+$/.test(failure.errCode);

/** Field errors are i18n keys (validation.*) or errors.<code>, keyed by form field. */
export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
}): FieldErrors {
  const errors: FieldErrors = {};
  if (result.success || !result.error) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
