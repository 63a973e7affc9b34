import type * as z from "zod/mini";
import type { codePurpose } from "../../schemas/fields.ts";
import type { messageTypeField } from "../../schemas/messages.ts";
import type { appAction } from "../../schemas/apps.ts";

/** What a provider must be able to do to set up the states of the pacts. */
export interface StateSeeder {
  /** Empty database: called before each interaction. */
  reset(): Promise<void>;
  merchant(input: { email: string; password: string }): Promise<{ userId: string }>;
  session(input: { userId: string; token: string }): Promise<void>;
  code(input: { email: string; purpose: z.infer<typeof codePurpose>; code: string }): Promise<void>;
  /** Revoke a live token the way the console does: through the logout call. */
  revoke(input: { userId: string; token: string }): Promise<void>;
  /** Ask for a code now, so an immediate second request is too soon. */
  requestCode(input: { email: string; purpose: z.infer<typeof codePurpose> }): Promise<void>;
  /** Make the merchant's login before the current one come from `ip`. */
  previousLogin(input: { email: string; password: string; ip: string }): Promise<void>;
  /**
   * Wrong passwords for `email` from other addresses (strangers), until the account's own sign-in bucket refuses a
   * sign-in without a device cookie (Login/Login answers 2011) while a code mailed for `sign-in` still gets through.
   */
  throttleSignIn(input: { email: string }): Promise<void>;
  /**
   * An ID token for `email` (verified e-mail) that the provider's Google sign-in accepts: signed by the key
   * of the test identity provider the provider is configured with, or by a `foreign` key it must refuse.
   */
  googleIdToken(input: { email: string; nonce: string; key: "trusted" | "foreign" }): Promise<string>;
  /** A verified Google account with the e-mail of `userId`'s merchant, waiting for the link: answers its link ticket. */
  googleLinkTicket(input: { userId: string; email: string }): Promise<string>;
  /** Make the provider's (test) Google token endpoint exchange `code` for an ID token of `email`. */
  googleCode(input: { code: string; email: string }): Promise<void>;
  /** The demo merchant of /demo01, with its package and application, on a provider that follows a devnet. */
  demoMerchant(): Promise<void>;
  /** An unread message in the merchant's box; answers its id. */
  message(input: {
    userId: string;
    type: z.infer<typeof messageTypeField>;
    title: string;
  }): Promise<{ messageId: string }>;
  /** The id of the package on sale with this code (trial, basic, pro, enterprise). */
  packageId(input: { packageCode: string }): Promise<{ packageId: string }>;
  /** A pending order of the merchant for this package, inside its payment window; answers its code. */
  openOrder(input: { userId: string; packageCode: string }): Promise<{ orderCode: string }>;
  /** An order paid by a confirmed transfer on the chain `product`, its package active; answers its code. */
  paidOrder(input: { userId: string; packageCode: string; product: string }): Promise<{ orderCode: string }>;
  /** A destination of the merchant's withdrawal address book on the chain `product`, usable now; answers its id. */
  withdrawalAddress(input: { userId: string; address: string; product: string }): Promise<{ addressId: string }>;
  /**
   * A withdrawal the merchant asked for on `product`'s USDT, held and not signed yet (waiting for the merchant's
   * approval with `awaitingApproval`); answers its id.
   */
  withdrawal(input: {
    userId: string;
    address: string;
    product: string;
    amount: string;
    awaitingApproval?: boolean;
  }): Promise<{ withdrawalId: string }>;
  /** Credit the merchant's balance with `amount` USDT (a decimal string), as an unmatched confirmed transfer. */
  balance(input: { userId: string; amount: string }): Promise<void>;
  /**
   * Two-factor sign-in for the merchant with the provider's own secret: on (with these recovery codes) or a set-up
   * waiting for its confirming code; answers a code the provider accepts now.
   */
  totp(input: { userId: string; enabled: boolean; recoveryCodes: string[] }): Promise<{ code: string }>;
  /** A sign-in of the merchant that passed its first factor and waits for the second, with this challenge. */
  signInChallenge(input: { userId: string; challenge: string }): Promise<void>;
  /** An application of the merchant with this name, as App/Add makes it; answers its code. */
  application(input: { userId: string; name: string }): Promise<{ appCode: string }>;
  /** A proof of Register/CheckCaptchaCode (type application) for `action` on the application, with this token. */
  appProof(input: { userId: string; appCode: string; action: z.infer<typeof appAction>; proof: string }): Promise<void>;
  /** The verified window of the session of this token on the application, opened just now (a code checked in it). */
  verifiedWindow(input: { userId: string; token: string; appCode: string }): Promise<void>;
  /** A credited bill of the application: a transfer of `amount` USDT to the end user's deposit address; answers its number. */
  bill(input: { userId: string; appCode: string; endUserId: string; amount: string }): Promise<{ billNo: string }>;
  /** A new invoice of the application with this public id, one address on the watched chain `product`. */
  invoice(input: {
    userId: string;
    appCode: string;
    invoiceId: string;
    amount: string;
    product: string;
    redirectUrl: string;
  }): Promise<void>;
  /**
   * An application whose callback URLs refuse connections (a closed loopback port), a credited bill of it and the
   * event's delivery, failed after one attempt that found no receiver; answers their code, number and attempt id.
   */
  failedCallback(input: {
    userId: string;
    name: string;
  }): Promise<{ appCode: string; billNo: string; attemptId: string }>;
  /**
   * Fails unless the provider watches a devnet chain named `product` whose dev account can pay; answers its test USDT's
   * contract (`tokenAddress`, as the Currency list names it).
   */
  devnet(input: { product: string }): Promise<{ tokenAddress: string }>;
  /**
   * An application of the merchant with this name and an invoice of it for `orderId` (an address on each chain with
   * deposit addresses), a transfer of 1 USDT to it counting its confirmations; answers its public id.
   */
  invoiceCounting(input: {
    userId: string;
    name: string;
    orderId: string;
    amount: string;
  }): Promise<{ invoiceId: string }>;
}
