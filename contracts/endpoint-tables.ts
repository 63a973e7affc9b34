// Written by scripts/registries.ts from the files of contracts/endpoints/ (`npm run test:house` rewrites it): do not edit.
import { accountEndpoints } from "./endpoints/account.ts";
import { appsEndpoints } from "./endpoints/apps.ts";
import { authEndpoints } from "./endpoints/auth.ts";
import { billsEndpoints } from "./endpoints/bills.ts";
import { callbacksEndpoints } from "./endpoints/callbacks.ts";
import { checkoutEndpoints } from "./endpoints/checkout.ts";
import { consoleEndpoints } from "./endpoints/console.ts";
import { currenciesEndpoints } from "./endpoints/currencies.ts";
import { demoEndpoints } from "./endpoints/demo.ts";
import { invoicesEndpoints } from "./endpoints/invoices.ts";
import { messagesEndpoints } from "./endpoints/messages.ts";
import { ordersEndpoints } from "./endpoints/orders.ts";
import { rechargesEndpoints } from "./endpoints/recharges.ts";
import { transactionsEndpoints } from "./endpoints/transactions.ts";
import { twoFactorEndpoints } from "./endpoints/two-factor.ts";
import { userEndpoints } from "./endpoints/user.ts";
import { walletEndpoints } from "./endpoints/wallet.ts";

/** The areas' tables, one file each in contracts/endpoints/. */
export const areaTables = [
  accountEndpoints,
  appsEndpoints,
  authEndpoints,
  billsEndpoints,
  callbacksEndpoints,
  checkoutEndpoints,
  consoleEndpoints,
  currenciesEndpoints,
  demoEndpoints,
  invoicesEndpoints,
  messagesEndpoints,
  ordersEndpoints,
  rechargesEndpoints,
  transactionsEndpoints,
  twoFactorEndpoints,
  userEndpoints,
  walletEndpoints,
] as const;
