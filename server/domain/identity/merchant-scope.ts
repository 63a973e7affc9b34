declare const fromSession: unique symbol;

/**
 * Whose data a request may read or write. Only findSession (sessions.ts) makes one, from the signed-in
 * session, and every function that reads or writes a merchant's own data takes it instead of an id:
 * an endpoint cannot pass an id from its body, and cannot forget the `where merchant_id`.
 */
export interface MerchantScope {
  readonly merchantId: string;
  readonly [fromSession]: true;
}

/** For findSession only: the session row has proven whose request this is. */
export const scopeOfSessionRow = (merchantId: string): MerchantScope => ({ merchantId }) as MerchantScope;
