import type { MenuItem } from "./schemas/user.ts";

/** A page of the console (spec section 2). The console's router, guard, tabs and side menu are derived from these. */
export interface ConsoleRoute {
  path: string;
  /** `public`: reachable without a token. `console`: inside the signed-in layout. */
  access: "public" | "console";
  /** Opens this route instead (an alias the spec names). */
  redirectTo?: string;
  /**
   * The page it shows: its file in src/features/ without `.tsx` (`orders/orders-page`), which src/app/route-modules.ts
   * loads as a chunk of its own. Every route but an alias has one.
   */
  page?: string;
  /** Signed-in pages get a tab: its title key, and whether leaving the page discards its state. */
  tab?: { title: string; ignoreCache?: boolean };
  /**
   * An entry of the side menu, linking to `section` (which leads to `path`). `name` is an i18n key; `order` the
   * spec's menu order. The menu lists entries in this table's order.
   */
  menu?: { section: string; name: string; icon: string; order: number };
}

const route = <const R extends ConsoleRoute>(r: R) => r;

/**
 * Every page the console has. A route names its page, which src/app/route-modules.ts finds among the files of
 * src/features/; a route without one (an alias aside) fails the typecheck there, and a page file no route has, or a
 * route naming no file, src/app/route-modules.test.ts, so a menu entry never leads to "not found".
 */
export const consoleRoutes = {
  home: route({ path: "/home", access: "public", page: "public/home-page" }),
  demo01: route({ path: "/demo01", access: "public", page: "public/demo-page" }),
  login: route({ path: "/login", access: "public", page: "auth/login-page" }),
  register: route({ path: "/register", access: "public", page: "auth/register-page" }),
  forget: route({ path: "/forget", access: "public", page: "auth/forgot-password-page" }),
  enterprisePack: route({ path: "/products/enterprise-pack", access: "public", page: "public/enterprise-pack-page" }),
  console: route({
    path: "/console/index",
    access: "console",
    page: "console/console-page",
    tab: { title: "menu.console" },
    menu: { section: "/console", name: "menu.console", icon: "dashboard", order: 0 },
  }),
  workplace: route({ path: "/dashboard/workplace", access: "console", redirectTo: "console" }),
  order: route({
    path: "/order/list",
    access: "console",
    page: "orders/orders-page",
    tab: { title: "menu.orders" },
    menu: { section: "/order", name: "menu.orders", icon: "shopping-cart", order: 1 },
  }),
  orderBuy: route({
    path: "/order/buy",
    access: "console",
    page: "orders/order-buy-page",
    tab: { title: "orderPayment.buyTitle" },
    // Its own entry: under /order it would light up My orders. Order 2 is free in the spec's table.
    menu: { section: "/packages", name: "menu.packages", icon: "box", order: 2 },
  }),
  app: route({
    path: "/app/list",
    access: "console",
    page: "apps/app-list-page",
    tab: { title: "menu.apps" },
    menu: { section: "/app", name: "menu.apps", icon: "applications", order: 3 },
  }),
  bill: route({
    path: "/bill/list",
    access: "console",
    page: "bills/bill-list-page",
    tab: { title: "menu.bills" },
    menu: { section: "/bill", name: "menu.bills", icon: "document", order: 4 },
  }),
  rechargeBill: route({
    path: "/rechargeBill/list",
    access: "console",
    page: "recharges/recharge-list-page",
    tab: { title: "menu.rechargeBills" },
    // The spec's table gives it order 4 with the bills, and its menu lists it after them.
    menu: { section: "/rechargeBill", name: "menu.rechargeBills", icon: "import", order: 4 },
  }),
  invoice: route({
    path: "/invoice/list",
    access: "console",
    page: "invoices/invoice-list-page",
    tab: { title: "menu.invoices" },
    // With the bills it is money received: its entry follows Recharge bills.
    menu: { section: "/invoice", name: "menu.invoices", icon: "shop", order: 4 },
  }),
  wallet: route({
    path: "/wallet/list",
    access: "console",
    page: "wallet/wallet-page",
    tab: { title: "menu.wallet" },
    // The spec lists My wallet after the bills and names no number for it; 4 is the bills'.
    menu: { section: "/wallet", name: "menu.wallet", icon: "bank-account", order: 4 },
  }),
  callback: route({
    path: "/callback/list",
    access: "console",
    page: "callbacks/callback-list-page",
    tab: { title: "menu.callback" },
    // The spec's menu lists it after My applications and before My currencies; its table names no number,
    // and 4 (bills, recharge bill) and 5 (/currencybill) are taken.
    menu: { section: "/callback", name: "menu.callback", icon: "exchange", order: 6 },
  }),
  myCurrencies: route({
    path: "/myCurrencies/list",
    access: "console",
    page: "my-currencies/my-currencies-page",
    tab: { title: "menu.myCurrencies" },
    // The spec's menu lists My currencies after Transaction callbacks and before Transaction records; the
    // numbers before 6 are taken, as for those two.
    menu: { section: "/myCurrencies", name: "menu.myCurrencies", icon: "credit-card", order: 6 },
  }),
  transactions: route({
    path: "/transactions/list",
    access: "console",
    page: "transactions/transaction-list-page",
    tab: { title: "menu.transactions" },
    // The spec's menu lists Transaction records after My currencies and before the Currency list; its table
    // names no number for it.
    menu: { section: "/transactions", name: "menu.transactions", icon: "history", order: 6 },
  }),
  currencies: route({
    path: "/currencybill/list",
    access: "console",
    page: "currencies/currency-list-page",
    tab: { title: "menu.currencies" },
    // The spec's table gives /currencybill order 5; its menu lists it after Transaction records.
    menu: { section: "/currencybill", name: "menu.currencies", icon: "dollar", order: 5 },
  }),
  userCenter: route({
    path: "/user/center",
    access: "console",
    page: "user/user-centre-page",
    // The user centre always shows the profile as it is now.
    tab: { title: "menu.userCentre", ignoreCache: true },
    menu: { section: "/user", name: "menu.userCentre", icon: "user", order: 7 },
  }),
} as const satisfies Record<string, ConsoleRoute>;

export type RouteName = keyof typeof consoleRoutes;
type Routes = typeof consoleRoutes;

/** The routes with a side-menu entry. */
export type MenuRouteName = { [N in RouteName]: Routes[N] extends { menu: object } ? N : never }[RouteName];

const entries = Object.entries(consoleRoutes) as Array<[RouteName, ConsoleRoute]>;

export const routePaths = Object.fromEntries(entries.map(([name, r]) => [name, r.path])) as {
  readonly [N in RouteName]: Routes[N]["path"];
};

/** The side menu, shared by the console (its built-in menu) and the server (user/menu). */
export const sideMenu: readonly MenuItem[] = entries.flatMap(([, r]) =>
  r.menu ? [{ name: r.menu.name, path: r.menu.section, icon: r.menu.icon, order: r.menu.order }] : [],
);
