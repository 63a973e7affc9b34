/** Named routes of spec section 2. Guard redirects carry a name, not a path. */
export const routePaths = {
  home: "/home",
  demo01: "/demo01",
  login: "/login",
  register: "/register",
  forget: "/forget",
  enterprisePack: "/products/enterprise-pack",
  console: "/console/index",
  workplace: "/dashboard/workplace",
  order: "/order/list",
  orderBuy: "/order/buy",
  app: "/app/list",
  bill: "/bill/list",
  rechargeBill: "/rechargeBill/list",
  currencybill: "/currencybill/list",
  wallet: "/wallet/list",
  callback: "/callback/list",
  myCurrencies: "/myCurrencies/list",
  transactions: "/transactions/list",
  userCenter: "/user/center",
} as const;

export type RouteName = keyof typeof routePaths;

/** Section roots that redirect to their list (spec section 2). */
export const sectionRedirects: Record<string, RouteName> = {
  "/console": "console",
  "/order": "order",
  "/app": "app",
  "/bill": "bill",
  "/rechargeBill": "rechargeBill",
  "/currencybill": "currencybill",
  "/wallet": "wallet",
  "/callback": "callback",
  "/myCurrencies": "myCurrencies",
  "/transactions": "transactions",
  "/user": "userCenter",
};

/**
 * Reachable without a token. The spec's guard lists home, enterprise-pack, register and forget;
 * login must be reachable to sign in, and /demo01 is a public route in the spec's route table.
 */
export const publicRouteNames: ReadonlySet<RouteName> = new Set([
  "home",
  "enterprisePack",
  "register",
  "forget",
  "login",
  "demo01",
]);

/** Signed-in pages that get a tab: their title key, and whether leaving them discards their state. */
export const tabRoutes: Partial<Record<RouteName, { title: string; ignoreCache?: boolean }>> = {
  console: { title: "menu.console" },
  order: { title: "menu.orders" },
  orderBuy: { title: "orderPayment.buyTitle" },
  app: { title: "menu.apps" },
  bill: { title: "menu.bills" },
  rechargeBill: { title: "menu.rechargeBills" },
  currencybill: { title: "menu.currencies" },
  wallet: { title: "menu.wallet" },
  callback: { title: "menu.callback" },
  myCurrencies: { title: "menu.myCurrencies" },
  transactions: { title: "menu.transactions" },
  // The user centre always shows the profile as it is now.
  userCenter: { title: "menu.userCentre", ignoreCache: true },
};
