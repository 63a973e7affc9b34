import type { FastifyInstance, FastifyReply } from "fastify";

const google = "https://accounts.google.com";

/** One year, subdomains too; sent only on answers that came over HTTPS (browsers ignore it on HTTP anyway). */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/** The `'sha256-…'` sources of a page's own inline `<script>` and `<style>` elements (a prerendered page's). */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

const sources = (hashes: readonly string[] | undefined) => (hashes?.length ? ` ${hashes.join(" ")}` : "");

/**
 * No external origin, except Google's sign-in when a client id is configured. No inline styles or scripts but
 * those a prerendered page lists by their sha256 (its critical CSS and the two scripts that pick its language
 * before the first paint, scripts/prerender.ts): React and Blueprint set `style` through the CSSOM, which CSP
 * does not govern, and no `style="…"` attribute is allowed (server/README.md, "Security headers";
 * e2e/content-security-policy.e2e.test.ts walks the console under it).
 */
export function contentSecurityPolicy(allowGoogleSignIn: boolean, inline?: InlineHashes): string {
  const extra = allowGoogleSignIn ? ` ${google}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${sources(inline?.scripts)}${extra}`,
    `style-src 'self'${sources(inline?.styles)}${extra}`,
    "img-src 'self' data:",
    `connect-src 'self'${extra}`,
    "font-src 'self' data:",
    ...(allowGoogleSignIn ? [`frame-src ${google}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

const inlineByReply = new WeakMap<FastifyReply, InlineHashes>();

/** Lets this answer's inline scripts and styles with these hashes run (a prerendered page; nothing else). */
export function allowInline(reply: FastifyReply, hashes: InlineHashes): void {
  inlineByReply.set(reply, hashes);
}

export function installSecurityHeaders(app: FastifyInstance, allowGoogleSignIn: boolean): void {
  const headers = {
    "content-security-policy": contentSecurityPolicy(allowGoogleSignIn),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    // Google's popup (code flow) hands its answer back through window.opener, which same-origin severs.
    "cross-origin-opener-policy": allowGoogleSignIn ? "same-origin-allow-popups" : "same-origin",
  };
  app.addHook("onSend", async (request, reply, payload) => {
    reply.headers(headers);
    const inline = inlineByReply.get(reply);
    if (inline) reply.header("content-security-policy", contentSecurityPolicy(allowGoogleSignIn, inline));
    // A TLS socket, or X-Forwarded-Proto from a proxy that trustProxy (TRUST_PROXY) vouches for; never the header alone.
    if (request.protocol === "https") reply.header("strict-transport-security", strictTransportSecurity);
    // Answers carry tokens and personal data: no cache keeps them.
    if (/^\/api(\/|$|\?)/i.test(request.url)) reply.header("cache-control", "no-store");
    return payload;
  });
}
