import type { LookupFunction } from "node:net";
import { isIPv6 } from "node:net";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { type CallbackTargets, checkCallbackUrl } from "./callback-target.ts";

export interface CallbackRequest {
  url: string;
  /** The JSON text to POST, sent byte for byte (a signature covers exactly these bytes). */
  body: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxResponseBytes?: number;
}

export type CallbackAnswer =
  /** The receiver answered (any status: a 3xx is an answer, never followed); `body` is at most the cap's bytes. */
  | { status: number; body: string; latencyMs: number }
  /**
   * Refused before sending, or no answer: network error, timeout. `unreachable`: never sent, because no receiver can
   * be at the URL (a reserved name): the delivery ends at once rather than being retried to nowhere.
   */
  | { error: string; latencyMs: number; unreachable?: true };

export const callbackTimeoutMs = 10_000;
export const callbackResponseCap = 4096;

/**
 * POSTs a callback: the URL is checked first (callback-target.ts), then the connection goes to an address that was
 * checked, through a lookup that answers only those, so a DNS answer that changes in between (rebinding) cannot move
 * it. A fresh connection each time (no agent pool that could hold a socket opened elsewhere). TLS still verifies the
 * certificate against the URL's host name.
 */
export async function sendCallback(
  { url, body, headers = {}, timeoutMs = callbackTimeoutMs, maxResponseBytes = callbackResponseCap }: CallbackRequest,
  targets: CallbackTargets,
): Promise<CallbackAnswer> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  const target = await checkCallbackUrl(url, targets);
  if (!target.ok) return { error: `refused (${target.reason}): ${target.detail}`, latencyMs: latencyMs() };
  const request = target.url.protocol === "https:" ? httpsRequest : httpRequest;
  const signal = AbortSignal.timeout(timeoutMs);
  return new Promise<CallbackAnswer>((resolve) => {
    const req = request(
      target.url,
      {
        method: "POST",
        agent: false,
        lookup: pinnedLookup(target.addresses),
        signal,
        headers: {
          "content-type": "application/json",
          "user-agent": "merchant-console-callbacks",
          ...headers,
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        readCapped(response, maxResponseBytes).then(
          (text) => resolve({ status: response.statusCode ?? 0, body: text, latencyMs: latencyMs() }),
          (error: Error) => resolve({ error: failureText(error, signal), latencyMs: latencyMs() }),
        );
      },
    );
    req.on("error", (error) => resolve({ error: failureText(error, signal), latencyMs: latencyMs() }));
    req.end(body);
  });
}

/** A lookup that never asks DNS: it answers with the checked addresses, whatever the name. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const answers = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const first = answers[0];
    if (options?.all) callback(null, answers);
    else if (first) callback(null, first.address, first.family);
  }) as LookupFunction;
}

/** The first `cap` bytes of the body as text; the rest is not read, the connection is dropped once the cap is reached. */
function readCapped(response: IncomingMessage, cap: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(cappedText(Buffer.concat(chunks).subarray(0, cap), cap));
    response.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= cap) {
        response.destroy();
        done();
      }
    });
    response.on("end", done);
    response.on("error", reject);
  });
}

/**
 * The bytes as text that is itself at most `cap` bytes of UTF-8 and can be stored: a character the cap cut in two is
 * left out, bytes that are not UTF-8 become U+FFFD (three bytes each, so the text is cut again to fit) and NUL
 * characters are dropped (PostgreSQL's text holds none).
 */
export function cappedText(bytes: Uint8Array, cap: number): string {
  const text = new TextDecoder("utf-8").decode(bytes, { stream: true }).replaceAll("\u0000", "");
  let size = 0;
  let end = 0;
  for (const char of text) {
    size += Buffer.byteLength(char, "utf8");
    if (size > cap) break;
    end += char.length;
  }
  return text.slice(0, end);
}

const failureText = (error: Error, signal: AbortSignal) =>
  signal.aborted ? "timeout" : ((error as { code?: string }).code ?? error.message);
