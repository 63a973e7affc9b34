import {
  Applications,
  BankAccount,
  Box,
  CreditCard,
  Dashboard,
  Document,
  Dollar,
  Exchange,
  History,
  Import,
  Menu as MenuIcon,
  Shop,
  ShoppingCart,
  User,
} from "@blueprintjs/icons";
import type { ReactElement } from "react";

// Icon components, not icon names: a name would pull Blueprint's whole icon set into the page.
const icons: Record<string, () => ReactElement> = {
  dashboard: () => <Dashboard />,
  "shopping-cart": () => <ShoppingCart />,
  box: () => <Box />,
  document: () => <Document />,
  "credit-card": () => <CreditCard />,
  "bank-account": () => <BankAccount />,
  applications: () => <Applications />,
  exchange: () => <Exchange />,
  dollar: () => <Dollar />,
  bitcoin: () => <Dollar />,
  history: () => <History />,
  import: () => <Import />,
  shop: () => <Shop />,
  user: () => <User />,
};

export const menuIcon = (name: string | undefined): ReactElement => (icons[name ?? ""] ?? (() => <MenuIcon />))();
