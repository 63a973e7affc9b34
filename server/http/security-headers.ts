import type { FastifyInstance } from "fastify";

const google = "https://accounts.google.com";

/** One year, subdomains too; sent only on answers that came over HTTPS (browsers ignore it on HTTP anyway). */
export const strictTransportSecurity = "max-age=31536000; includeSubDomains";

/**
 * No external origin, except Google's sign-in when a client id is configured. No inline styles: the console's
 * styles are files, and React and Blueprint set `style` through the CSSOM, which CSP does not govern
 * (server/README.md, "Security headers"; e2e/content-security-policy.e2e.test.ts walks the console under it).
 */
export function contentSecurityPolicy(allowGoogleSignIn: boolean): string {
  const extra = allowGoogleSignIn ? ` ${google}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self'${extra}`,
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
    // A TLS socket, or X-Forwarded-Proto from a proxy that trustProxy (TRUST_PROXY) vouches for; never the header alone.
    if (request.protocol === "https") reply.header("strict-transport-security", strictTransportSecurity);
    // Answers carry tokens and personal data: no cache keeps them.
    if (/^\/api(\/|$|\?)/i.test(request.url)) reply.header("cache-control", "no-store");
    return payload;
  });
}
