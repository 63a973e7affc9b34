import {
  Applications,
  BankAccount,
  CreditCard,
  Dashboard,
  Document,
  Dollar,
  Exchange,
  History,
  Menu as MenuIcon,
  ShoppingCart,
  User,
} from "@blueprintjs/icons";
import type { ReactElement } from "react";
import type { MenuItem } from "../../contracts/schemas/user.ts";

/** The side menu of spec section 2, in its order; the server's menu (menuFromServer) has the same shape. */
export const localMenu: MenuItem[] = [
  { name: "menu.console", path: "/console", icon: "dashboard", order: 0 },
  { name: "menu.orders", path: "/order", icon: "shopping-cart", order: 1 },
  { name: "menu.bills", path: "/bill", icon: "document", order: 4 },
  { name: "menu.rechargeBills", path: "/rechargeBill", icon: "credit-card", order: 4 },
  { name: "menu.wallet", path: "/wallet", icon: "bank-account", order: 2 },
  { name: "menu.apps", path: "/app", icon: "applications", order: 3 },
  { name: "menu.callback", path: "/callback", icon: "exchange", order: 6 },
  { name: "menu.myCurrencies", path: "/myCurrencies", icon: "dollar", order: 6 },
  { name: "menu.transactions", path: "/transactions", icon: "history", order: 6 },
  { name: "menu.currencies", path: "/currencybill", icon: "dollar", order: 5 },
  { name: "menu.userCentre", path: "/user", icon: "user", order: 7 },
];

// Icon components, not icon names: a name would pull Blueprint's whole icon set into the page.
const icons: Record<string, () => ReactElement> = {
  dashboard: () => <Dashboard />,
  "shopping-cart": () => <ShoppingCart />,
  document: () => <Document />,
  "credit-card": () => <CreditCard />,
  "bank-account": () => <BankAccount />,
  applications: () => <Applications />,
  exchange: () => <Exchange />,
  dollar: () => <Dollar />,
  bitcoin: () => <Dollar />,
  history: () => <History />,
  user: () => <User />,
};

export const menuIcon = (name: string | undefined): ReactElement => (icons[name ?? ""] ?? (() => <MenuIcon />))();
