/** At most `max` events per `seconds`, spread evenly (a GCRA bucket; see rate-limit.ts). */
export interface RateWindow {
  max: number;
  seconds: number;
}

export interface Limits {
  codeTtlSeconds: number;
  resendAfterSeconds: number;
  /** The wrong try that reaches this count burns the code. */
  codeMaxAttempts: number;
  /**
   * Codes one requester may have mailed to one e-mail, all purposes together: the signed-in merchant, a browser with
   * the account's device cookie, else the address (its /64 for IPv6). See identity/code-requester.ts.
   */
  codesPerRequester: RateWindow;
  /**
   * Codes mailed to one e-mail at the request of addresses (strangers, or the owner on a new device), all together:
   * the bound on mail flooding, larger than one address's `codesPerRequester`. The account's own session and device
   * cookie are not counted in it, so however full strangers make it, the owner's known browser still gets a code.
   */
  codesPerEmail: RateWindow;
  /** Codes one address may ask for, any e-mail, refusals included (probing which e-mails exist). */
  codesPerIp: RateWindow;
  /**
   * CheckCaptchaCode, Register, ResetPassword, GoogleLink with a code: each uses a code, each is counted — on the
   * trier's own budget for the e-mail when it holds a live code of it (or is the account's session or device), else on
   * the e-mail's budget shared by everyone who holds none.
   */
  codeUsesPerEmail: RateWindow;
  codeUsesPerIp: RateWindow;
  /** Wrong passwords for one account from one address. */
  loginFailuresPerAccountIp: RateWindow;
  /** Wrong passwords from one address, any account. */
  loginFailuresPerIp: RateWindow;
  /**
   * Wrong passwords for one account from everywhere. Past it, only a browser holding the account's
   * device cookie (it signed in before) may still try; everyone else is told to wait or reset.
   */
  loginFailuresPerAccount: RateWindow;
  /** Wrong passwords through one device cookie. */
  loginFailuresPerDevice: RateWindow;
  /** Demo invoices (/demo01) one address may create: each is a real invoice with addresses the watcher follows. */
  demoOrdersPerIp: RateWindow;
  /** Signed-in calls of one merchant, all sessions and addresses together (ASVS 2.4.1; identity/merchant-calls.ts). */
  merchantCalls: RateWindow;
  /** Signed open-API calls of one application (http/open-api-routes.ts), counted once the signature is verified. */
  openApiCalls: RateWindow;
  /** Test events and redeliveries one merchant sends (domain/callbacks/): each is a request to a URL the merchant chose. */
  callbackSends: RateWindow;
  /**
   * Checkout page reads (`Checkout/View`) and its live streams opened (`Checkout/Events`) from one address, together:
   * the bound on trying invoice ids from one place, far above what customers paying behind one shared address ask for.
   */
  checkoutViewsPerIp: RateWindow;
  /** A session ends after this long without a request… */
  sessionIdleSeconds: number;
  /** …and this long after sign-in, whatever happens. */
  sessionAbsoluteSeconds: number;
}

export const defaultLimits: Limits = {
  codeTtlSeconds: 600,
  resendAfterSeconds: 60,
  codeMaxAttempts: 5,
  codesPerRequester: { max: 5, seconds: 3600 },
  codesPerEmail: { max: 20, seconds: 3600 },
  codesPerIp: { max: 30, seconds: 3600 },
  codeUsesPerEmail: { max: 15, seconds: 900 },
  codeUsesPerIp: { max: 50, seconds: 900 },
  loginFailuresPerAccountIp: { max: 10, seconds: 900 },
  loginFailuresPerIp: { max: 50, seconds: 900 },
  loginFailuresPerAccount: { max: 20, seconds: 900 },
  loginFailuresPerDevice: { max: 10, seconds: 900 },
  demoOrdersPerIp: { max: 30, seconds: 600 },
  // A burst of 600, then 10 a second: a busy console sends a small fraction (server/README.md has the figure).
  merchantCalls: { max: 600, seconds: 60 },
  // A burst of 6000, then 100 a second: a shop's backend creating addresses for a queue of sign-ups.
  openApiCalls: { max: 6000, seconds: 60 },
  // A burst of 30, then one every 2 seconds: a person checking a receiver or redelivering a few never meets it.
  callbackSends: { max: 30, seconds: 60 },
  // A burst of 120, then 2 a second: a page loads once and reconnects its stream now and then.
  checkoutViewsPerIp: { max: 120, seconds: 60 },
  sessionIdleSeconds: 30 * 60,
  sessionAbsoluteSeconds: 12 * 3600,
};

/**
 * A test server (DEV_OUTBOX=true, never in production): every browser journey comes from one loopback
 * address, so the per-address limits are ten times higher. Per-account limits stay as they are.
 * `resendAfterSeconds` (CODE_RESEND_SECONDS, server/startup-settings.ts) may shorten the wait before a requester's next
 * code of a purpose, for journeys that need two codes of one purpose in a row.
 */
export function testServerLimits(resendAfterSeconds = defaultLimits.resendAfterSeconds): Limits {
  const relax = (w: RateWindow): RateWindow => ({ ...w, max: w.max * 10 });
  return {
    ...defaultLimits,
    resendAfterSeconds,
    codesPerIp: relax(defaultLimits.codesPerIp),
    codeUsesPerIp: relax(defaultLimits.codeUsesPerIp),
    loginFailuresPerIp: relax(defaultLimits.loginFailuresPerIp),
    demoOrdersPerIp: relax(defaultLimits.demoOrdersPerIp),
    checkoutViewsPerIp: relax(defaultLimits.checkoutViewsPerIp),
  };
}
