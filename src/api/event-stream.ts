import type { EventSourceParser } from "eventsource-parser";
import type * as z from "zod/mini";
import { envelope } from "../../contracts/schemas/envelope.ts";
import { ApiError } from "./api-error.ts";
import { type ClientOptions, resolveUrl } from "./client.ts";

export interface StreamHandlers<T> {
  /** Each event's data, checked against the stream's schema. */
  onEvent(value: T): void;
  /**
   * Called once when the stream cannot start (signed out, too many streams, no such route) or stops other than
   * through `stop()` (network, server closing, silence, a bad event): the caller falls back to polling. Nothing is
   * called after it.
   */
  onError(error: ApiError): void;
}

/** One of the console's server-sent event streams (the endpoint table's rows marked `stream`). */
export interface StreamSpec<T> {
  path: string;
  query?: Record<string, string>;
  /** The event name whose data the stream carries; other events are ignored. */
  event: string;
  schema: z.ZodMiniType<T>;
  /** What the stream is, for the messages of its failures ("live order status"). */
  what: string;
}

/** The server sends a comment every 15 s: this long without a byte means the stream is dead (a proxy, a sleeping laptop). */
export const streamSilenceMs = 45_000;

export interface StreamSettings {
  silenceMs?: number;
}

/**
 * Follows a stream: fetch with the client's headers, parsed with `eventsource-parser`, each event's data checked
 * against the schema. Failures are not reported to the toaster: the caller polls instead, and polling reports what
 * needs reporting. The returned `stop()` ends it without calling `onError`.
 */
export function followEventStream<T>(
  options: ClientOptions,
  spec: StreamSpec<T>,
  handlers: StreamHandlers<T>,
  settings: StreamSettings = {},
): () => void {
  const silenceMs = settings.silenceMs ?? streamSilenceMs;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const controller = new AbortController();
  let finished = false;
  let silence: ReturnType<typeof setTimeout> | undefined;
  const finish = (error?: ApiError) => {
    if (finished) return;
    finished = true;
    clearTimeout(silence);
    controller.abort();
    if (error) handlers.onError(error);
  };
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => finish(new ApiError("transport", "timeout", `The ${spec.what} went silent`)), silenceMs);
  };

  // The parser comes with the first stream, so a page that follows none never loads it.
  const parserFor = async (): Promise<EventSourceParser> => {
    const { createParser } = await import("eventsource-parser");
    return createParser({
      onEvent(message) {
        if (finished || message.event !== spec.event) return;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return finish(new ApiError("parse", spec.event, `The ${spec.what} sent something that is not JSON`));
        }
        const parsed = spec.schema.safeParse(data);
        if (!parsed.success)
          return finish(new ApiError("parse", spec.event, `The ${spec.what} sent data of the wrong shape`));
        handlers.onEvent(parsed.data);
      },
    });
  };

  const follow = async () => {
    const headers: Record<string, string> = { Accept: "text/event-stream", Language: options.getLocale() || "en-US" };
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const url = new URL(resolveUrl(options.baseUrl, spec.path));
    for (const [key, value] of Object.entries(spec.query ?? {})) url.searchParams.set(key, value);
    heard();
    const [parser, response] = await Promise.all([
      parserFor(),
      doFetch(url.toString(), {
        method: "GET",
        headers,
        signal: controller.signal,
        credentials: "same-origin",
        cache: "no-store",
      }),
    ]);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !type.startsWith("text/event-stream") || !response.body) throw await refusalOf(response);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (finished) return;
      if (done) break;
      heard();
      parser.feed(decoder.decode(value, { stream: true }));
    }
    finish(new ApiError("transport", "ended", `The ${spec.what} ended`));
  };

  follow().catch((error: unknown) =>
    finish(error instanceof ApiError ? error : new ApiError("transport", "network", messageOf(error))),
  );
  return () => finish();
}

/** A refusal before the stream started is an envelope (401/4010, 200/2202, 429/2005, 404/4040), else just a status. */
async function refusalOf(response: Response): Promise<ApiError> {
  const answer = envelope.safeParse(await response.json().catch(() => null));
  if (answer.success && !answer.data.success) return new ApiError("api", answer.data.errCode, answer.data.errMsg);
  return new ApiError("transport", `HTTP ${response.status}`, response.statusText || "Request Error");
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Request Error";
}
