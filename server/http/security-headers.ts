import type { FastifyInstance } from "fastify";

const google = "https://accounts.google.com";

/** No external origin, except Google's sign-in when a client id is configured. */
export function contentSecurityPolicy(allowGoogleSignIn: boolean): string {
  const extra = allowGoogleSignIn ? ` ${google}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    "img-src 'self' data:",
    `connect-src 'self'${extra}`,
    "font-src 'self' data:",
    ...(allowGoogleSignIn ? [`frame-src ${google}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
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
    // Answers carry tokens and personal data: no cache keeps them.
    if (/^\/api(\/|$|\?)/i.test(request.url)) reply.header("cache-control", "no-store");
    return payload;
  });
}
