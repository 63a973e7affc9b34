import type { CurrencyRegistry } from "../chain/currency-registry.ts";
import { type ChainListener, combineListeners, type WatcherLog } from "../chain/listener.ts";
import { createOrderListener } from "../domain/payments/order-listener.ts";
import { createDepositListener } from "../domain/bills/deposit-listener.ts";
import { createInvoiceListener } from "../domain/invoices/invoice-listener.ts";

/**
 * The server's listener of the chain watcher: the orders' (transfers to receiving addresses), the application
 * bills' (transfers to deposit addresses) and, after the bill is made or credited, the invoices' (an invoice's address
 * is a deposit address), each call all three, in the watcher's one transaction.
 */
export function createMoneyListener(options: {
  currencies: CurrencyRegistry;
  log?: WatcherLog;
  now?: () => Date;
}): ChainListener {
  return combineListeners(createOrderListener(options), createDepositListener(options), createInvoiceListener(options));
}
