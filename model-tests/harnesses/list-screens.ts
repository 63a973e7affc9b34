import { appScreen } from "./list-screens/apps.ts";
import { billScreen } from "./list-screens/bills.ts";
import { callbackScreen } from "./list-screens/callbacks.ts";
import type { ListScreen } from "./list-screens/list-screen.ts";
import { orderScreen } from "./list-screens/orders.ts";
import { rechargeScreen } from "./list-screens/recharges.ts";
import { transactionScreen } from "./list-screens/transactions.ts";
import { withdrawalScreen } from "./list-screens/withdrawals.ts";

export type { ListScreen } from "./list-screens/list-screen.ts";

/** What the list model's harness checks and does that is an area's own, by the area's name. */
export const listScreens: Readonly<Record<string, ListScreen>> = {
  apps: appScreen,
  bills: billScreen,
  callbacks: callbackScreen,
  orders: orderScreen,
  recharges: rechargeScreen,
  transactions: transactionScreen,
  withdrawals: withdrawalScreen,
};
