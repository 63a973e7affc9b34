import type { CurrencyRegistry } from "../chain/currency-registry.ts";
import { type ChainListener, combineListeners, type WatcherLog } from "../chain/listener.ts";
import { createOrderListener } from "../domain/payments/order-listener.ts";
import { createDepositListener } from "../domain/bills/deposit-listener.ts";

/**
 * The server's listener of the chain watcher: the orders' (transfers to receiving addresses) and the application
 * bills' (transfers to deposit addresses), each call both, in the watcher's one transaction.
 */
export function createMoneyListener(options: {
  currencies: CurrencyRegistry;
  log?: WatcherLog;
  now?: () => Date;
}): ChainListener {
  return combineListeners(createOrderListener(options), createDepositListener(options));
}
