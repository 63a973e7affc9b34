import ky from "ky";
import type * as z from "zod/mini";
import { type Endpoint, fillPath } from "../../contracts/endpoints.ts";
import { envelope, errCodes } from "../../contracts/schemas/envelope.ts";
import { ApiError } from "./api-error.ts";

export const requestTimeoutMs = 120_000;

/** Where the client learns about failures; the console wires this to its toaster and session actor. */
export interface ApiReporter {
  apiError(error: ApiError): void;
  transportError(error: ApiError): void;
}

export interface ClientOptions {
  /** Origin (and optional path) of the API; "" means the page's own origin. */
  baseUrl: string;
  getToken: () => string | null;
  getLocale: () => string;
  reporter?: ApiReporter;
  fetch?: typeof fetch;
}

export interface CallInput {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

export type Call = <E extends Endpoint>(endpoint: E, input?: CallInput) => Promise<z.infer<E["result"]>>;

/**
 * The only place that knows the envelope, the headers, the timeout and the error policy.
 * Returns the parsed `resData` or throws an ApiError (after telling the reporter).
 */
export function createClient(options: ClientOptions): Call {
  const http = ky.create({
    timeout: requestTimeoutMs,
    retry: 0,
    throwHttpErrors: false,
    // Same-origin only: the sign-in calls carry the server's HttpOnly device cookie (lets its owner through during a guessing attack).
    credentials: "same-origin",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  return async function call(endpoint, input = {}) {
    const headers = requestHeaders(options);

    const url = resolveUrl(options.baseUrl, fillPath(endpoint.path, input.params));
    let raw: unknown;
    try {
      const response = await http(url, {
        method: endpoint.method,
        headers,
        searchParams: input.query,
        ...(endpoint.method === "POST" ? { body: JSON.stringify(input.body ?? {}) } : {}),
      });
      raw = await response.json().catch(() => {
        throw new ApiError("transport", `HTTP ${response.status}`, response.statusText || "Request Error");
      });
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError("transport", "network", messageOf(error));
      options.reporter?.transportError(failure);
      throw failure;
    }

    const parsed = envelope.safeParse(raw);
    if (!parsed.success) {
      const failure = new ApiError("parse", "envelope", "Request Error");
      options.reporter?.transportError(failure);
      throw failure;
    }
    const answer = parsed.data;
    if (!answer.success && answer.errCode !== errCodes.normal) {
      const failure = new ApiError("api", answer.errCode, answer.errMsg, answer.resData ?? null);
      options.reporter?.apiError(failure);
      throw failure;
    }
    const result = endpoint.result.safeParse(answer.resData);
    if (!result.success) {
      const failure = new ApiError("parse", "resData", `Unexpected answer from ${endpoint.path}`);
      options.reporter?.transportError(failure);
      throw failure;
    }
    return result.data as never;
  };
}

/** The spec's headers of every call: JSON, the merchant's language, and the session's token when there is one. */
export function requestHeaders(options: Pick<ClientOptions, "getToken" | "getLocale">): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Language: options.getLocale() || "en-US",
  };
  const token = options.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The base URL's path is kept (an API behind a prefix); without one, the page's origin, never the page's path. */
export function resolveUrl(baseUrl: string, path: string): string {
  const base = baseUrl || globalThis.location?.origin || "http://localhost";
  return new URL(path.replace(/^\//, ""), base.endsWith("/") ? base : `${base}/`).toString();
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Request Error";
}
