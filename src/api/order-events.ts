import type { EventSourceParser } from "eventsource-parser";
import { envelope } from "../../contracts/schemas/envelope.ts";
import { type Order, order, orderEventName, orderEventsPath } from "../../contracts/schemas/order.ts";
import { ApiError } from "./api-error.ts";
import { type ClientOptions, resolveUrl } from "./client.ts";

export interface OrderWatchHandlers {
  /** The order as it is now: first at once, then after every change. */
  onOrder(order: Order): void;
  /**
   * Called once when the stream cannot start (signed out, unknown order, too many streams, no such route) or stops
   * other than through `stop()` (network, server closing, silence, a bad event): the caller falls back to polling.
   * Nothing is called after it.
   */
  onError(error: ApiError): void;
}

/** Follows one order live; the returned `stop()` ends it without calling `onError`. */
export type WatchOrder = (orderCode: string, handlers: OrderWatchHandlers) => () => void;

/** The server sends a comment every 15 s: this long without a byte means the stream is dead (a proxy, a sleeping laptop). */
export const orderStreamSilenceMs = 45_000;

export interface OrderEventsSettings {
  silenceMs?: number;
}

/**
 * The live order status (`GET /api/Order/Events?orderCode=`, server-sent events: the endpoint table's `orderEvents`):
 * fetch with the client's headers, parsed with `eventsource-parser`, each event's data checked against `order`.
 * Failures are not reported to the toaster: the caller polls instead, and polling reports what needs reporting.
 */
export function orderEventsApi(options: ClientOptions, settings: OrderEventsSettings = {}): { watchOrder: WatchOrder } {
  const silenceMs = settings.silenceMs ?? orderStreamSilenceMs;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const watchOrder: WatchOrder = (orderCode, handlers) => {
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
      silence = setTimeout(
        () => finish(new ApiError("transport", "timeout", "The live order status went silent")),
        silenceMs,
      );
    };

    // The parser comes with the first stream: only the pay dialog follows one, so the sign-in page never loads it.
    const parserFor = async (): Promise<EventSourceParser> => {
      const { createParser } = await import("eventsource-parser");
      return createParser({
        onEvent(message) {
          if (finished || message.event !== orderEventName) return;
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            return finish(new ApiError("parse", "order", "The live order status sent something that is not JSON"));
          }
          const parsed = order.safeParse(data);
          if (!parsed.success)
            return finish(new ApiError("parse", "order", "The live order status sent an order of the wrong shape"));
          handlers.onOrder(parsed.data);
        },
      });
    };

    const follow = async () => {
      const headers: Record<string, string> = { Accept: "text/event-stream", Language: options.getLocale() || "en-US" };
      const token = options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      const url = new URL(resolveUrl(options.baseUrl, orderEventsPath));
      url.searchParams.set("orderCode", orderCode);
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
      finish(new ApiError("transport", "ended", "The live order status ended"));
    };

    follow().catch((error: unknown) =>
      finish(error instanceof ApiError ? error : new ApiError("transport", "network", messageOf(error))),
    );
    return () => finish();
  };

  return { watchOrder };
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
