import type { Kysely } from "kysely";
import type { Address } from "viem";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DevPayResult, PayChain } from "../../../contracts/schemas/chains.ts";
import type { ChainLayer, ConfiguredChain } from "../../chain/chain-layer.ts";
import type { DB } from "../../db/schema.ts";
import type { MerchantScope } from "../identity/merchant-scope.ts";
import { orderCurrency } from "./order-listener.ts";
import { orderForWire, orderMessages } from "./orders.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { attoToUnits, fromAtto, toAtto, unitsToAtto } from "./usdt.ts";

export const chainMessages = {
  chainUnknown: "No chain is configured for this product",
  devPayUnavailable: "Paying from the dev wallet works only on the devnet, outside production",
} as const;

/** The chain's USDT token: what orders are paid in there. */
export const usdtTokenOf = (chain: ConfiguredChain) =>
  chain.tokens.find((t) => t.symbol.toUpperCase() === orderCurrency);

/** The pay dialog's choices: the configured chains that have a USDT token. None without a chain layer. */
export function payChainsOf(layer: ChainLayer | null): PayChain[] {
  return (layer?.chains ?? []).flatMap((chain) => {
    const token = usdtTokenOf(chain);
    return token
      ? [
          {
            product: chain.product,
            chainId: chain.chainId,
            token: { symbol: token.symbol, address: token.address, decimals: token.decimals },
            confirmations: chain.confirmations,
            devnet: chain.devnet,
          },
        ]
      : [];
  });
}

export interface DevPaySettings {
  production: boolean;
  now: Date;
}

/**
 * "Pay from the dev wallet": a real token transfer of what the order still needs (amount − received − confirming,
 * rounded up to the token's decimals) from the devnet's funded dev account to the merchant's receiving address, once
 * mined. Devnet only and never in production (2208); the watcher then sees it like any other payment.
 */
export async function devPayOrder(
  db: Kysely<DB>,
  scope: MerchantScope,
  layer: ChainLayer | null,
  product: string,
  orderCode: string,
  settings: DevPaySettings,
): Promise<Outcome<DevPayResult>> {
  if (settings.production) return fail(errCodes.devPayUnavailable, chainMessages.devPayUnavailable);
  const chain = layer?.chainByProduct(product);
  const token = chain && usdtTokenOf(chain);
  if (!layer || !chain || !token) return fail(errCodes.chainUnknown, chainMessages.chainUnknown);
  if (!chain.devnet) return fail(errCodes.devPayUnavailable, chainMessages.devPayUnavailable);
  const order = await orderForWire(db, scope, orderCode, settings.now);
  if (!order) return fail(errCodes.orderNotFound, orderMessages.orderNotFound);
  if (order.status !== "pending" && order.status !== "waiting")
    return fail(errCodes.orderClosed, orderMessages.orderClosed);
  const due = toAtto(order.remaining) - toAtto(order.confirming);
  if (due <= 0n) return fail(errCodes.orderConfirming, orderMessages.orderConfirming);
  const units = attoToUnits(due, token.decimals);
  const { address } = await layer.receivingAddressOf(db, scope);
  const sent = await layer.payFromDevAccount(address as Address, units);
  return ok({
    txHash: sent.hash,
    blockNumber: sent.blockNumber.toString(),
    amount: fromAtto(unitsToAtto(units, token.decimals)),
  });
}
