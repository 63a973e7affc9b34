/**
 * What the browser fetched during one load, from the DevTools protocol's Network domain of the page's own session:
 * every request, the bytes it took on the wire and, for JS and CSS, the gzip-9 size of its decoded body.
 */
import { gzipSync } from "node:zlib";
import type { CDPSession } from "playwright-core";

export type Kind = "js" | "css" | "document" | "other";

export interface Resource {
  url: string;
  /** The DevTools resource type (Document, Script, Stylesheet, Fetch, …). */
  type: string;
  kind: Kind;
  mimeType: string;
  status: number;
  encoding: string;
  /** Bytes on the wire, headers included (Network.loadingFinished encodedDataLength). */
  transferredBytes: number;
  /** The decoded body's bytes (JS, CSS and documents only: those bodies are read). */
  decodedBytes: number;
  /** gzip level 9 of the decoded body (JS and CSS only). */
  gzip9Bytes: number;
  failed: boolean;
}

/** `<script>` and `<style>` blocks written into a document's HTML: JS and CSS that came without a request. */
export interface InlineCode {
  scripts: number;
  styles: number;
  decodedBytes: number;
  /** gzip level 9 of each block, summed. */
  gzip9Bytes: number;
}

/** JS by resource type or MIME type (a modulepreload is type Other with a JavaScript MIME type), CSS likewise. */
export function kindOf(type: string, mimeType: string): Kind {
  if (type === "Script" || /javascript|ecmascript/i.test(mimeType)) return "js";
  if (type === "Stylesheet" || /^text\/css/i.test(mimeType)) return "css";
  if (type === "Document") return "document";
  return "other";
}

export const gzip9 = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

const scriptBlock = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const styleBlock = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
/** A script element without src whose type makes it JavaScript (not JSON data, not an import map). */
const isInlineJs = (attributes: string) => {
  if (/\bsrc\s*=/i.test(attributes)) return false;
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === "module" || /^(text|application)\/(x-)?(javascript|ecmascript)$/.test(type);
};

export function inlineCode(html: string): InlineCode {
  const found: InlineCode = { scripts: 0, styles: 0, decodedBytes: 0, gzip9Bytes: 0 };
  const add = (code: string) => {
    found.decodedBytes += Buffer.byteLength(code);
    found.gzip9Bytes += gzip9(code);
  };
  for (const [, attributes = "", code = ""] of html.matchAll(scriptBlock)) {
    if (!isInlineJs(attributes) || !code.trim()) continue;
    found.scripts += 1;
    add(code);
  }
  for (const [, code = ""] of html.matchAll(styleBlock)) {
    if (!code.trim()) continue;
    found.styles += 1;
    add(code);
  }
  return found;
}

export interface NetworkRecorder {
  resources(): Resource[];
  /** Resolves once no request (long-lived event streams aside) has been in flight for `quietMs`, or after `capMs`. */
  quiet(quietMs: number, capMs: number): Promise<boolean>;
  /** Reads the bodies of JS, CSS and documents: decoded size, gzip-9 size, and the documents' inline code. */
  readBodies(): Promise<InlineCode>;
}

/** Listens on `cdp` before Network.enable; the caller enables the domain. */
export function recordNetwork(cdp: CDPSession): NetworkRecorder {
  const byId = new Map<string, Resource>();
  const inFlight = new Set<string>();
  let lastChange = performance.now();
  const settle = (requestId: string) => {
    if (inFlight.delete(requestId)) lastChange = performance.now();
  };

  cdp.on("Network.requestWillBeSent", (event) => {
    if (/^(data|blob):/.test(event.request.url)) return;
    // A redirect reuses the request id; the last hop's response is the one that counts.
    const type = event.type ?? "Other";
    byId.set(event.requestId, {
      url: event.request.url,
      type,
      kind: kindOf(type, ""),
      mimeType: "",
      status: 0,
      encoding: "",
      transferredBytes: 0,
      decodedBytes: 0,
      gzip9Bytes: 0,
      failed: false,
    });
    if (type !== "EventSource" && type !== "WebSocket") {
      inFlight.add(event.requestId);
      lastChange = performance.now();
    }
  });
  cdp.on("Network.responseReceived", (event) => {
    const resource = byId.get(event.requestId);
    if (!resource) return;
    resource.status = event.response.status;
    resource.mimeType = event.response.mimeType;
    resource.type = event.type ?? resource.type;
    resource.kind = kindOf(resource.type, resource.mimeType);
    const header = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === "content-encoding");
    resource.encoding = header ? String(header[1]) : "";
    // A server-sent events stream read by fetch (the console home follows the bills live) never finishes: once its
    // answer has begun it is open, not loading.
    if (resource.mimeType === "text/event-stream") settle(event.requestId);
  });
  cdp.on("Network.loadingFinished", (event) => {
    const resource = byId.get(event.requestId);
    if (resource) resource.transferredBytes = event.encodedDataLength;
    settle(event.requestId);
  });
  cdp.on("Network.loadingFailed", (event) => {
    const resource = byId.get(event.requestId);
    if (resource) resource.failed = true;
    settle(event.requestId);
  });

  return {
    resources: () => [...byId.values()],
    async quiet(quietMs, capMs) {
      const deadline = performance.now() + capMs;
      while (performance.now() < deadline) {
        if (inFlight.size === 0 && performance.now() - lastChange >= quietMs) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    async readBodies() {
      const inline: InlineCode = { scripts: 0, styles: 0, decodedBytes: 0, gzip9Bytes: 0 };
      for (const [requestId, resource] of byId) {
        if (resource.failed || resource.kind === "other" || resource.status < 200 || resource.status >= 300) continue;
        const answer = await cdp.send("Network.getResponseBody", { requestId }).catch(() => null);
        if (!answer) continue;
        const body = answer.base64Encoded ? Buffer.from(answer.body, "base64") : Buffer.from(answer.body, "utf8");
        resource.decodedBytes = body.length;
        if (resource.kind === "document") {
          const found = inlineCode(body.toString("utf8"));
          inline.scripts += found.scripts;
          inline.styles += found.styles;
          inline.decodedBytes += found.decodedBytes;
          inline.gzip9Bytes += found.gzip9Bytes;
        } else {
          resource.gzip9Bytes = gzip9(body);
        }
      }
      return inline;
    },
  };
}
