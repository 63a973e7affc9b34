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
export const publicRouteNames: ReadonlySet<RouteName> = new Set(["home", "enterprisePack", "register", "forget", "login", "demo01"]);
