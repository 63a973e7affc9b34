// Written by scripts/registries.ts from the files of server/routes/ (`npm run test:house` rewrites it): do not edit.
import type { HandlerTable } from "../http/handler.ts";
import { accountHandlers } from "./account.ts";
import { appHandlers } from "./apps.ts";
import { authHandlers } from "./auth.ts";
import { billHandlers } from "./bills.ts";
import { callbackHandlers } from "./callbacks.ts";
import { checkoutHandlers } from "./checkout.ts";
import { codeHandlers } from "./codes.ts";
import { consoleHandlers } from "./console.ts";
import { currencyHandlers } from "./currencies.ts";
import { demoHandlers } from "./demo.ts";
import { googleHandlers } from "./google.ts";
import { invoiceHandlers } from "./invoices.ts";
import { messageHandlers } from "./messages.ts";
import { orderHandlers } from "./orders.ts";
import { packageHandlers } from "./packages.ts";
import { rechargeHandlers } from "./recharges.ts";
import { transactionHandlers } from "./transactions.ts";
import { twoFactorHandlers } from "./two-factor.ts";
import { userHandlers } from "./user.ts";
import { walletHandlers } from "./wallet.ts";

/** Every row's handler: each file of server/routes/ that exports a `Pick<HandlerTable, …>`, spread. */
export const handlers: HandlerTable = {
  ...accountHandlers,
  ...appHandlers,
  ...authHandlers,
  ...billHandlers,
  ...callbackHandlers,
  ...checkoutHandlers,
  ...codeHandlers,
  ...consoleHandlers,
  ...currencyHandlers,
  ...demoHandlers,
  ...googleHandlers,
  ...invoiceHandlers,
  ...messageHandlers,
  ...orderHandlers,
  ...packageHandlers,
  ...rechargeHandlers,
  ...transactionHandlers,
  ...twoFactorHandlers,
  ...userHandlers,
  ...walletHandlers,
};
