import * as z from "zod/mini";

/** Every response of the API, success or not, has this shape. */
export const envelope = z.object({
  success: z.boolean(),
  errCode: z.string(),
  errMsg: z.string(),
  resData: z.unknown(),
});
export type Envelope<T = unknown> = { success: boolean; errCode: string; errMsg: string; resData: T };

/** The error codes the reference API answers with; the client maps each to a translated message. */
export const errCodes = {
  ok: "0",
  /** The spec treats "3000" as a normal response. */
  normal: "3000",
  validation: "1001",
  malformedJson: "1002",
  bodyTooLarge: "1003",
  unsupportedMediaType: "1004",
  /**
   * A list's cursor (contracts/schemas/list.ts) that is not one the server made for this list, this merchant and these
   * filters: altered, another list's or merchant's, or sent with changed filters. Search again from the first page.
   */
  listCursorInvalid: "1005",
  emailTaken: "2001",
  codeWrong: "2002",
  codeExpired: "2003",
  codeTooSoon: "2004",
  rateLimited: "2005",
  badCredentials: "2006",
  oldPasswordWrong: "2007",
  accountNotFound: "2008",
  /** The new password is on the list of the most common passwords (ASVS 6.2.4). */
  passwordTooCommon: "2009",
  /**
   * SentVerificationCode (HTTP 429): this e-mail has been mailed as many codes as addresses may ask for in an hour
   *. The newest of them still works; the account's signed-in console and its known browsers are not capped.
   */
  codesPerEmailReached: "2010",
  /**
   * Login/Login (HTTP 429): the account's sign-in is throttled (strangers' failed sign-ins filled its bucket). The right
   * password with a code mailed for `sign-in` (the request's `emailCode`) gets through: the console offers to mail one.
   */
  signInNeedsMailCode: "2011",
  /**
   * SentVerificationCode (HTTP 401, not a re-login code): an `application`, `change-password` or `withdrawal` code is
   * mailed only to the e-mail's own signed-in session: nothing was sent, stored or counted.
   */
  codeNeedsSession: "2012",
  /** Sign-in with Google: not configured on this server (no client id, or no secret for the code flow). */
  googleNotConfigured: "2101",
  /** The ID token's signature, expiry, issuer or audience did not check out, or the code was refused. */
  googleTokenInvalid: "2102",
  googleEmailUnverified: "2103",
  /** Google's keys or token endpoint could not be reached. */
  googleUnreachable: "2104",
  /** Login/GoogleLink: the link ticket is unknown, used or expired (10 minutes): start again with Google. */
  googleLinkExpired: "2105",
  /** The code mail could not be sent yet (SMTP failed): the outbox keeps retrying while the code lives (HTTP 502). */
  mailNotSent: "2031",
  /** Demo/Checkout on a server without the devnet (a production server): /demo01 says the demo is not available. */
  demoUnavailable: "2113",
  /** Orders (contracts/schemas/orders.ts). */
  packageNotFound: "2201",
  orderNotFound: "2202",
  /** The order is paid, cancelled or failed: it can no longer be paid or cancelled. */
  orderClosed: "2203",
  /** One open order at a time (so a transfer matches one order only): pay or cancel the open one first. */
  orderOpenExists: "2204",
  /** The free trial is taken once per merchant. */
  trialUsed: "2205",
  balanceInsufficient: "2206",
  /** `{product}` names no configured chain. */
  chainUnknown: "2207",
  /** Paying from the dev wallet: only on the devnet, never in production. */
  devPayUnavailable: "2208",
  /** A transfer for this order is still confirming: it cannot be cancelled now. */
  orderConfirming: "2209",
  /** A lower package while a higher one is active: buy it after the current one ends. */
  packageDowngrade: "2210",
  /** Two-factor sign-in (contracts/schemas/two-factor.ts): the code is neither a current TOTP code nor an unused recovery code. */
  twoFactorCodeWrong: "2301",
  /** The sign-in challenge is unknown, used, expired or out of attempts: sign in again. */
  signInChallengeExpired: "2302",
  /** The action needs the code of the authenticator app (the merchant has TOTP on). */
  twoFactorRequired: "2303",
  twoFactorAlreadyOn: "2304",
  twoFactorNotOn: "2305",
  /** Enable without a pending set-up: start it again. */
  twoFactorNoSetup: "2306",
  /** Applications (contracts/schemas/apps.ts): the merchant has no application of that code (another merchant's included). */
  appNotFound: "2401",
  /** Adding one more than the active package's limit_applications; the message names the limit. */
  appLimitReached: "2402",
  /** Adding an application without any package… */
  appNoPackage: "2403",
  /** …or with an expired one. */
  appPackageExpired: "2404",
  /** Edit, credentials and rotation need a proof (Register/CheckCaptchaCode, type application): none was sent. */
  appProofRequired: "2405",
  /** The proof is unknown to this merchant, or was made for another application or another action. */
  appProofInvalid: "2406",
  /** The proof was used already, or its five minutes are over. */
  appProofExpired: "2407",
  /** A recharge or withdraw callback URL whose host resolves to a loopback, private, link-local or other non-public address. */
  appCallbackForbidden: "2408",
  /**
   * My currencies (contracts/schemas/currencies.ts): turning one more on than the active package's limit_currencies
   * (or any without an active package); the message names the limit. Turning one off is never refused.
   */
  currencyLimitReached: "2409",
  /** Turning on a currency that is no token of a chain this server follows. */
  currencyNotOffered: "2410",
  /** Open API (contracts/open-api.ts, HTTP 401): no Signature / Signature-Input headers. */
  openApiUnsigned: "2501",
  /** The signature does not parse, leaves out a required component or parameter, or does not match the secret. */
  openApiSignatureInvalid: "2502",
  /** The keyid names no application. */
  openApiUnknownKey: "2503",
  /** `created` is more than five minutes old, or in the future. */
  openApiSignatureStale: "2504",
  /** The nonce was used already by this key within the five minutes. */
  openApiReplayed: "2505",
  /** A body without a Content-Digest, or one that does not match it (RFC 9530). */
  openApiDigestMismatch: "2506",
  /** The application is stopped (HTTP 403): enable it in My applications. */
  openApiAppStopped: "2507",
  /** One more deposit address than the active package's limit_wallets; the message names the limit. */
  openApiWalletLimit: "2508",
  /** Deposit addresses need an active package: none, or it expired. */
  openApiNoPackage: "2509",
  /** No deposit address was made for this end user on this chain. */
  openApiAddressNotFound: "2510",
  /** The chain has no deposit-forwarder factory configured: no deposit addresses on it. */
  openApiChainNoDeposits: "2511",
  /** More than one signature (or Signature / Signature-Input line) in one request: exactly one is accepted. */
  openApiSeveralSignatures: "2512",
  /** A nonce longer than 128 characters or with characters outside printable ASCII. */
  openApiNonceInvalid: "2513",
  /**
   * A deposit address on a chain none of whose currencies the merchant accepts (My currencies, HTTP 403): turn one on
   * first. An address made before is still answered, and what arrives at it is still credited.
   */
  openApiCurrencyOff: "2514",
  /** Application bills (contracts/schemas/bills.ts): the merchant has no bill of that number (another merchant's included). */
  billNotFound: "2601",
  /** Transaction callbacks (contracts/schemas/callbacks.ts): the merchant has no callback attempt of that id (another merchant's included). */
  callbackNotFound: "2701",
  /** A test event or redelivery to a callback URL the application does not have (it is empty): set it in My applications. */
  callbackNoUrl: "2702",
  /** Withdrawals: the chain and token offer none (or no treasury signs on it). */
  withdrawalUnknownToken: "2801",
  /** The destination is not an EIP-55 checksummed address of the chain, or is the zero address. */
  withdrawalBadAddress: "2802",
  /** The destination is one of this service's own addresses (a treasury, a factory, a deposit or receiving address). */
  withdrawalOurAddress: "2803",
  /** The amount is not above zero, or not a decimal number. */
  withdrawalBadAmount: "2804",
  /** The amount has more decimals than the token. */
  withdrawalTooManyDecimals: "2805",
  /** The balance does not cover the amount and the fee. */
  withdrawalOverBalance: "2806",
  /** Above what is left of the last 24 hours' withdrawal limit. */
  withdrawalOverDailyLimit: "2807",
  /** The Idempotency-Key was used for another withdrawal (HTTP 409). */
  withdrawalKeyReused: "2808",
  /** The merchant has no withdrawal of that id (another merchant's included). */
  withdrawalNotFound: "2809",
  /** This server offers no withdrawals (no treasury key configured). */
  withdrawalsNotOffered: "2810",
  /** The address book already holds this destination on that chain. */
  withdrawalAddressExists: "2811",
  /** The merchant has no address-book entry of that id (another merchant's included). */
  withdrawalAddressNotFound: "2812",
  /** The destination was added too recently: usable once its cool-down is over. */
  withdrawalAddressCoolingDown: "2813",
  /** The address book is full: remove a destination first. */
  withdrawalAddressBookFull: "2814",
  /** The withdrawal is not waiting for approval (approved, rejected or sent already). */
  withdrawalNotAwaitingApproval: "2815",
  /** An open-API withdrawal's destination is no live entry of the merchant's address book on that chain. */
  withdrawalDestinationNotInBook: "2816",
  /** An open-API withdrawal outside the address book passes the application's "any address" daily limit. */
  withdrawalAnyAddressOverLimit: "2817",
  /** Invoices (contracts/schemas/open-api-invoices.ts): the amount is not above zero, or has more than 6 decimals. */
  invoiceBadAmount: "2901",
  /** The application has an invoice for this orderId, made by another request (HTTP 409): read it, or use a new orderId. */
  invoiceOrderConflict: "2902",
  /** The Idempotency-Key was used for another invoice request of the application (HTTP 409). */
  invoiceKeyReused: "2903",
  /** The application has no invoice of that id (another application's or merchant's included). */
  invoiceNotFound: "2904",
  /** Cancel: the invoice is no longer `new`, its time is over, or money was received at it (HTTP 409). */
  invoiceNotCancellable: "2905",
  /** No chain is left to pay on: none of the merchant's accepted USDT chains can take deposit addresses. */
  invoiceNoChains: "2906",
  /** The redirectUrl's host resolves to a loopback, private, link-local or other non-public address. */
  invoiceRedirectForbidden: "2907",
  /** The checkout page (contracts/schemas/checkout.ts): no invoice of that id, whatever the id's shape. */
  checkoutNotFound: "2920",
  notLoggedIn: "4010",
  forbidden: "4030",
  notFound: "4040",
  internal: "5000",
  /** Password hashing is saturated (HTTP 503): retry in a moment. */
  busy: "5030",
} as const;
export type ErrCode = (typeof errCodes)[keyof typeof errCodes];

/** errCodes that end the session: the console opens the blocking Re-Login dialog (spec section 8). */
export const reloginCodes: readonly string[] = [
  "4010",
  "4011",
  "4013",
  "4019",
  "4020",
  "4014",
  "4015",
  "4021",
  "4025",
  "4027",
  "5010",
];
