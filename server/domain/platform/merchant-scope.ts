declare const fromSession: unique symbol;
declare const systemActor: unique symbol;
declare const actingForMerchant: unique symbol;

/**
 * Whose rows a call may read or write. Every function that reads or writes a merchant's own rows takes a scope instead
 * of an id, so an endpoint cannot pass an id from its body and cannot forget the `where merchant_id`. This file has
 * types only: the brands' symbols are not exported, so the one way to make a scope is a cast, and the checker
 * (scripts/symbol-rules.ts) allows the casts only where scopes are made:
 *
 * - a MerchantScope only in sessions.ts (findSession), from the signed-in session: a request acts for its merchant;
 * - a SystemScope only in system-scope.ts (`systemScope(actor)`), called only by the system's own modules (the chain
 *   listener, the order sweep, the pre-session identity flows); `actFor(system, merchantId)` turns it into a
 *   SystemMerchantScope for one merchant the system found (by a receiving address, an order, an e-mail and password).
 *
 * Why a distinct type for the system's merchant scope rather than letting the system make a MerchantScope: the
 * functions only a request reaches (orders, profile, messages, wallet) keep taking MerchantScope, so nothing but a
 * session reaches them; the functions both reach take `AnyMerchantScope`, and who acts is visible in the type and in
 * `grep systemScope(` (each system module makes its own, named, at the top). Routes get neither factory: an HTTP
 * handler only ever holds its session's scope.
 */
export interface MerchantScope {
  readonly merchantId: string;
  readonly [fromSession]: true;
}

/** Who acts as the system: one name per module allowed to (scripts/symbol-rules.ts lists the files). */
export type SystemActor =
  | "chain-listener"
  | "deposit-listener"
  | "order-expiry"
  | "sign-in"
  | "register"
  | "reset-password"
  | "google-sign-in"
  | "google-link"
  | "second-factor"
  | "application-proof"
  | "open-api"
  | "demo-checkout"
  // Test files only: the checker spares tests, and allows systemScope() nowhere else.
  | "test";

/** The system acting without a session: it may look merchants up (by address, order, e-mail) and act for them. */
export interface SystemScope {
  readonly actor: SystemActor;
  readonly [systemActor]: true;
}

/** The system acting for one merchant it found itself (`actFor`), never for an id a request named. */
export interface SystemMerchantScope {
  readonly merchantId: string;
  readonly actor: SystemActor;
  readonly [actingForMerchant]: true;
}

/** One merchant's rows, for a request of that merchant or for the system acting for them. */
export type AnyMerchantScope = MerchantScope | SystemMerchantScope;
