// Written by scripts/registries.ts from the files of machines/ (`npm run test:house` rewrites it): do not edit.
import { appListArea } from "../apps/app-list.ts";
import { billListArea } from "../bills/bill-list.ts";
import { callbackListArea } from "../callbacks/callback-list.ts";
import { invoiceListArea } from "../invoices/invoice-list.ts";
import { orderListArea } from "../orders/order-list.ts";
import { rechargeListArea } from "../recharges/recharge-list.ts";
import { transactionListArea } from "../transactions/transaction-list.ts";
import { withdrawalListArea } from "../wallet/withdrawal-list.ts";

/**
 * Every list area, each an `export const <name>ListArea = listArea(…)` of machines/<folder>/, with its folder: the
 * area of the page that shows the list (`<folder>.title` is its title).
 */
export const listAreaTable = [
  { folder: "apps", area: appListArea },
  { folder: "bills", area: billListArea },
  { folder: "callbacks", area: callbackListArea },
  { folder: "invoices", area: invoiceListArea },
  { folder: "orders", area: orderListArea },
  { folder: "recharges", area: rechargeListArea },
  { folder: "transactions", area: transactionListArea },
  { folder: "wallet", area: withdrawalListArea },
] as const;
