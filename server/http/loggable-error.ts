/** An error as the log keeps it: pino's shape (`type`, `message`, `stack`) and a database error's SQLSTATE. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * What of an error goes to the log, the logger's `err` serializer (app.ts): its kind, code, message and
 * stack, nothing else. A database driver's error also carries the query's parameters (PGlite's `params`, `query`), the
 * row's values (`detail`, `where`) and more, which can hold an e-mail, an address or a code; none of those is copied.
 */
export function loggableError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "", stack: "" };
  const { code, routine } = error as { code?: unknown; routine?: unknown };
  return {
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? "",
    ...(typeof code === "string" ? { code } : {}),
    ...(typeof routine === "string" ? { routine } : {}),
    ...(error.cause instanceof Error ? { cause: loggableError(error.cause) } : {}),
  };
}
