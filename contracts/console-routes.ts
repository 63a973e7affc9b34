import type { MenuItem } from "./schemas/user.ts";

/** A page of the console (spec section 2). The console's router, guard, tabs and side menu are derived from these. */
export interface ConsoleRoute {
  path: string;
  /** `public`: reachable without a token. `console`: inside the signed-in layout. */
  access: "public" | "console";
  /** Opens this route instead (an alias the spec names). */
  redirectTo?: string;
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
 * Every page the console has. An area's list joins with its page: src/app/route-pages.ts must name a page for each
 * route here (the typecheck fails otherwise), so a menu entry never leads to "not found".
 */
export const consoleRoutes = {
  home: route({ path: "/home", access: "public" }),
  demo01: route({ path: "/demo01", access: "public" }),
  login: route({ path: "/login", access: "public" }),
  register: route({ path: "/register", access: "public" }),
  forget: route({ path: "/forget", access: "public" }),
  enterprisePack: route({ path: "/products/enterprise-pack", access: "public" }),
  console: route({
    path: "/console/index",
    access: "console",
    tab: { title: "menu.console" },
    menu: { section: "/console", name: "menu.console", icon: "dashboard", order: 0 },
  }),
  workplace: route({ path: "/dashboard/workplace", access: "console", redirectTo: "console" }),
  order: route({
    path: "/order/list",
    access: "console",
    tab: { title: "menu.orders" },
    menu: { section: "/order", name: "menu.orders", icon: "shopping-cart", order: 1 },
  }),
  orderBuy: route({
    path: "/order/buy",
    access: "console",
    tab: { title: "orderPayment.buyTitle" },
    // Its own entry: under /order it would light up My orders. Order 2 is free in the spec's table.
    menu: { section: "/packages", name: "menu.packages", icon: "box", order: 2 },
  }),
  app: route({
    path: "/app/list",
    access: "console",
    tab: { title: "menu.apps" },
    menu: { section: "/app", name: "menu.apps", icon: "applications", order: 3 },
  }),
  bill: route({
    path: "/bill/list",
    access: "console",
    tab: { title: "menu.bills" },
    menu: { section: "/bill", name: "menu.bills", icon: "document", order: 4 },
  }),
  rechargeBill: route({
    path: "/rechargeBill/list",
    access: "console",
    tab: { title: "menu.rechargeBills" },
    // Issue 41. The spec's table gives it order 4 with the bills, and its menu lists it after them.
    menu: { section: "/rechargeBill", name: "menu.rechargeBills", icon: "import", order: 4 },
  }),
  invoice: route({
    path: "/invoice/list",
    access: "console",
    tab: { title: "menu.invoices" },
    // With the bills it is money received: its entry follows Recharge bills.
    menu: { section: "/invoice", name: "menu.invoices", icon: "shop", order: 4 },
  }),
  wallet: route({
    path: "/wallet/list",
    access: "console",
    tab: { title: "menu.wallet" },
    // Issue 41. The spec lists My wallet after the bills and names no number for it; 4 is the bills'.
    menu: { section: "/wallet", name: "menu.wallet", icon: "bank-account", order: 4 },
  }),
  callback: route({
    path: "/callback/list",
    access: "console",
    tab: { title: "menu.callback" },
    // Issue 28. The spec's menu lists it after My applications and before My currencies; its table names no number,
    // and 4 (bills, recharge bill) and 5 (/currencybill) are taken.
    menu: { section: "/callback", name: "menu.callback", icon: "exchange", order: 6 },
  }),
  myCurrencies: route({
    path: "/myCurrencies/list",
    access: "console",
    tab: { title: "menu.myCurrencies" },
    // Issue 42. The spec's menu lists My currencies after Transaction callbacks and before Transaction records; the
    // numbers before 6 are taken, as for those two.
    menu: { section: "/myCurrencies", name: "menu.myCurrencies", icon: "credit-card", order: 6 },
  }),
  transactions: route({
    path: "/transactions/list",
    access: "console",
    tab: { title: "menu.transactions" },
    // Issue 41. The spec's menu lists Transaction records after My currencies and before the Currency list; its table
    // names no number for it.
    menu: { section: "/transactions", name: "menu.transactions", icon: "history", order: 6 },
  }),
  currencies: route({
    path: "/currencybill/list",
    access: "console",
    tab: { title: "menu.currencies" },
    // Issue 42. The spec's table gives /currencybill order 5; its menu lists it after Transaction records.
    menu: { section: "/currencybill", name: "menu.currencies", icon: "dollar", order: 5 },
  }),
  userCenter: route({
    path: "/user/center",
    access: "console",
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
