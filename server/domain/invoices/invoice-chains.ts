import type { Address } from "viem";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import { usdtTokenOf } from "../../chain/currency-registry.ts";
import { type AcceptedCurrencies, isAccepted } from "../applications/accepted-currencies.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";

/** A chain an invoice can be paid on: the merchant accepts its USDT, and its forwarder factory is configured. */
export interface InvoiceChain {
  product: string;
  chainId: number;
  factory: Address;
  token: Address;
}

/**
 * The chains an invoice offers: those named (each must be configured, take deposit addresses and have its USDT
 * accepted in My currencies), or without a list every chain that does. `accepted` is what the merchant accepts under
 * its package, as the caller read them (invoice-ground.ts).
 */
export function invoiceChainsOf(
  named: readonly string[] | undefined,
  chains: readonly ConfiguredChain[],
  accepted: AcceptedCurrencies,
): Outcome<InvoiceChain[]> {
  const payable = (chain: ConfiguredChain): Outcome<InvoiceChain> => {
    if (!chain.depositFactory)
      return fail(errCodes.openApiChainNoDeposits, `Deposit addresses are not available on ${chain.product}`, 400);
    const usdt = usdtTokenOf(chain);
    if (!usdt || !isAccepted(accepted, { chainId: chain.chainId, token: usdt.address.toLowerCase() }))
      return fail(
        errCodes.openApiCurrencyOff,
        `USDT on ${chain.product} is not accepted in My currencies: turn it on to offer this chain`,
        403,
      );
    return ok({ product: chain.product, chainId: chain.chainId, factory: chain.depositFactory, token: usdt.address });
  };
  if (!named) {
    const offered = chains.map(payable).flatMap((o) => (o.ok ? [o.data] : []));
    return offered.length > 0
      ? ok(offered)
      : fail(
          errCodes.invoiceNoChains,
          "No chain can take this invoice's payment: accept USDT on a chain with deposit addresses in My currencies",
          403,
        );
  }
  const offered: InvoiceChain[] = [];
  for (const product of named) {
    const chain = chains.find((c) => c.product.toLowerCase() === product.toLowerCase());
    if (!chain) return fail(errCodes.chainUnknown, `No chain ${product} is configured`, 400);
    const one = payable(chain);
    if (!one.ok) return one;
    if (!offered.some((c) => c.chainId === one.data.chainId)) offered.push(one.data);
  }
  return ok(offered);
}

/**
 * The chains an invoice's address is watched on besides those it offers: every other configured chain with a forwarder
 * factory and a USDT, accepted or not. The address is the same CREATE2 address wherever the factory is, so a customer
 * may pay it on a chain the invoice did not offer; that money is credited and flagged `otherChain`, never lost.
 */
export function watchedOnlyChains(
  chains: readonly ConfiguredChain[],
  offered: readonly InvoiceChain[],
): InvoiceChain[] {
  return chains.flatMap((chain) => {
    const usdt = usdtTokenOf(chain);
    if (!chain.depositFactory || !usdt || offered.some((o) => o.chainId === chain.chainId)) return [];
    return [{ product: chain.product, chainId: chain.chainId, factory: chain.depositFactory, token: usdt.address }];
  });
}
