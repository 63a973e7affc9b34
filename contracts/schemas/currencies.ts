import * as z from "zod/mini";
import { text, usdtAmount } from "./fields.ts";
import { orderCodeField } from "./orders.ts";

/** A chain an order can be paid on: the pay dialog's choices (only configured chains). */
export const payChain = z.object({
  /** The `{product}` of GetUserWallet: Eth, Bsc, Devnet, … */
  product: z.string(),
  chainId: z.number(),
  token: z.object({ symbol: z.string(), address: z.string(), decimals: z.number() }),
  confirmations: z.number(),
  /** The embedded local test chain: "Pay from the dev wallet" is offered there (outside production). */
  devnet: z.boolean(),
});
export type PayChain = z.infer<typeof payChain>;
export const payChainListResult = z.array(payChain);

export const walletProductField = text(z.regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, "validation.walletProduct"));

/** Devnet only: a real transfer of the order's remaining amount from the devnet's funded dev account. */
export const devPayRequest = z.strictObject({ orderCode: orderCodeField, product: walletProductField });
export type DevPayRequest = z.infer<typeof devPayRequest>;
export const devPayResult = z.object({ txHash: z.string(), blockNumber: z.string(), amount: usdtAmount });
export type DevPayResult = z.infer<typeof devPayResult>;

/**
 * A currency of the Currency list: a chain's main coin or a token on it. Rows of chains this server does
 * not follow are listed too, `notConfigured`, so a merchant sees what the service could accept and what it accepts here.
 */
export const currency = z.object({
  name: z.string(),
  symbol: z.string(),
  /** The token's contract; null for a chain's main coin. */
  contractAddress: z.nullable(z.string()),
  type: z.enum(["main", "token"]),
  /** Its unit: the decimals of its base unit (USDT 6, ETH 18). */
  decimals: z.number(),
  /** The token standard (ERC-20, BEP-20, TRC-20); null for a main coin. */
  protocol: z.nullable(z.string()),
  chainName: z.string(),
  /** The chain's own unit: its main coin's symbol, what its fees are paid in. */
  chainUnit: z.string(),
  chainId: z.nullable(z.number()),
  status: z.enum(["active", "notConfigured"]),
  /** Confirmations a deposit waits for here; null where the chain is not configured. */
  confirmations: z.nullable(z.number()),
  /** Confirmations × the seconds between the chain's recent blocks, measured; null when not configured or unmeasured. */
  arrivalSeconds: z.nullable(z.number()),
  /**
   * Deposits in it are credited here: the USDT token of a chain this server follows. False for a main coin
   * (it pays the network's fees; a transfer of it to a deposit address is never credited), for another token, and for
   * every currency of a chain not configured here.
   */
  credited: z.boolean(),
});
export type Currency = z.infer<typeof currency>;
export const currencyListResult = z.object({ items: z.array(currency) });
export type CurrencyListResult = z.infer<typeof currencyListResult>;

/**
 * A currency of My currencies: a token of a chain this server follows, and whether the merchant's
 * applications accept it (deposit addresses are made only on a chain where one of its tokens is accepted).
 */
export const myCurrency = z.object({
  name: z.string(),
  symbol: z.string(),
  contractAddress: z.string(),
  decimals: z.number(),
  protocol: z.string(),
  chainName: z.string(),
  chainId: z.number(),
  accepted: z.boolean(),
  /**
   * Turned on by the merchant but past the package's currency limit (a package that allows fewer than before, or none
   * now): not accepted until another is turned off or the package allows more; `accepted` is false then.
   */
  held: z.boolean(),
  /**
   * Deposits in it are credited: USDT. Another token of a followed chain may be turned on, but what arrives
   * in it is not credited; the page says so. Main coins are never listed here.
   */
  credited: z.boolean(),
});
export type MyCurrency = z.infer<typeof myCurrency>;
export const myCurrencyListResult = z.object({
  items: z.array(myCurrency),
  /** How many the active package lets the merchant accept; null: no limit; 0 without an active package. */
  limit: z.nullable(z.number()),
  acceptedCount: z.number(),
  /** No choice made yet: the first `limit` currencies of the list are accepted. */
  defaulted: z.boolean(),
});
export type MyCurrencyListResult = z.infer<typeof myCurrencyListResult>;

/** Turns one currency of My currencies on or off: a token by its chain and contract. */
export const myCurrencySetRequest = z.strictObject({
  chainId: z.int().check(z.positive()),
  contractAddress: text(z.regex(/^0x[0-9a-fA-F]{40}$/, "validation.address")),
  accepted: z.boolean(),
});
export type MyCurrencySetRequest = z.infer<typeof myCurrencySetRequest>;
