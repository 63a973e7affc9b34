import type { MenuItem } from "./schemas/user.ts";

/**
 * The side menu in the spec's order (section 2), shared by the console (its built-in menu) and the
 * server (user/menu). `name` is an i18n key; `order` is the route's menu order where the spec gives
 * one, our choice for the entries it does not route.
 */
export const sideMenu: readonly MenuItem[] = [
  { name: "menu.console", path: "/console", icon: "dashboard", order: 0 },
  { name: "menu.orders", path: "/order", icon: "shopping-cart", order: 1 },
  { name: "menu.bills", path: "/bill", icon: "document", order: 4 },
  { name: "menu.rechargeBills", path: "/rechargeBill", icon: "credit-card", order: 4 },
  { name: "menu.wallet", path: "/wallet", icon: "bank-account", order: 2 },
  { name: "menu.apps", path: "/app", icon: "applications", order: 3 },
  { name: "menu.callback", path: "/callback", icon: "exchange", order: 6 },
  { name: "menu.myCurrencies", path: "/myCurrencies", icon: "dollar", order: 6 },
  { name: "menu.transactions", path: "/transactions", icon: "history", order: 6 },
  { name: "menu.currencies", path: "/currencybill", icon: "bitcoin", order: 5 },
  { name: "menu.userCentre", path: "/user", icon: "user", order: 7 },
];
