import type { ComponentType } from "react";
import { ensureConsoleMessages } from "../i18n/i18n.ts";
import { ensureFullStyles } from "./full-styles.ts";
import { lazyRoute, type PreloadableComponent } from "./lazy-route.ts";
import { guardRoute, routeNameOf } from "./route-guard.ts";
import { type ConsoleRoute, consoleRoutes, type RouteName } from "../../contracts/console-routes.ts";

// Every page is its own chunk, so /login loads only what it shows. Pages outside the prerendered public set
// need Blueprint's whole stylesheet (src/app/full-styles.ts) and the console part of the locale
// (src/i18n/locale-parts.ts), which they load with their code.
const outsidePublicSet = <T>(load: Promise<T>): Promise<T> =>
  Promise.all([load, ensureFullStyles(), ensureConsoleMessages()]).then(([m]) => m);

declare const routable: unique symbol;
// biome-ignore lint/suspicious/noExplicitAny: the pages' props differ; only preload() and rendering are used here.
type AnyPage = PreloadableComponent<ComponentType<any>>;
/** A page a route may show: made by routePage, so the not-found page cannot stand in for one. */
type RoutePage = AnyPage & { readonly [routable]: true };
const routePage = (load: Parameters<typeof lazyRoute>[0]) => lazyRoute(load) as RoutePage;

export const NotFoundPage = lazyRoute(() => outsidePublicSet(import("../features/public/not-found-page.tsx")));
// The signed-in pages call the API as they open: its code (which /login leaves for the first call) loads beside theirs.
export const DefaultLayout = lazyRoute(() =>
  outsidePublicSet(
    Promise.all([import("../layout/default-layout.tsx"), import("../api/make-api.ts")]).then(([m]) => m),
  ),
);

type PageRouteName = {
  [N in RouteName]: (typeof consoleRoutes)[N] extends { redirectTo: string } ? never : N;
}[RouteName];

/**
 * The page of each route of contracts/console-routes.ts. A route (or menu entry) added there without its page here
 * fails the typecheck.
 */
export const routePages = {
  home: routePage(() => import("../features/public/home-page.tsx")),
  demo01: routePage(() => outsidePublicSet(import("../features/public/demo-page.tsx"))),
  login: routePage(() => import("../features/auth/login-page.tsx")),
  register: routePage(() => import("../features/auth/register-page.tsx")),
  forget: routePage(() => import("../features/auth/forgot-password-page.tsx")),
  enterprisePack: routePage(() => import("../features/public/enterprise-pack-page.tsx")),
  console: routePage(() => outsidePublicSet(import("../features/console/console-page.tsx"))),
  order: routePage(() => outsidePublicSet(import("../features/orders/orders-page.tsx"))),
  orderBuy: routePage(() => outsidePublicSet(import("../features/orders/order-buy-page.tsx"))),
  app: routePage(() => outsidePublicSet(import("../features/apps/app-list-page.tsx"))),
  bill: routePage(() => outsidePublicSet(import("../features/bills/bill-list-page.tsx"))),
  rechargeBill: routePage(() => outsidePublicSet(import("../features/recharges/recharge-list-page.tsx"))),
  invoice: routePage(() => outsidePublicSet(import("../features/invoices/invoice-list-page.tsx"))),
  wallet: routePage(() => outsidePublicSet(import("../features/wallet/wallet-page.tsx"))),
  callback: routePage(() => outsidePublicSet(import("../features/callbacks/callback-list-page.tsx"))),
  myCurrencies: routePage(() => outsidePublicSet(import("../features/my-currencies/my-currencies-page.tsx"))),
  transactions: routePage(() => outsidePublicSet(import("../features/transactions/transaction-list-page.tsx"))),
  currencies: routePage(() => outsidePublicSet(import("../features/currencies/currency-list-page.tsx"))),
  userCenter: routePage(() => outsidePublicSet(import("../features/user/user-centre-page.tsx"))),
} as const satisfies { readonly [N in PageRouteName]: RoutePage };

const pageRouteOf = (name: RouteName): PageRouteName => {
  const target: ConsoleRoute = consoleRoutes[name];
  return (target.redirectTo ?? name) as PageRouteName;
};

/** The lazy modules a route renders, outermost first (the signed-in layout, then its page). */
export function modulesOfRoute(name: RouteName): readonly AnyPage[] {
  const page = pageRouteOf(name);
  return consoleRoutes[page].access === "console" ? [DefaultLayout, routePages[page]] : [routePages[page]];
}

/** The modules the page at this address shows once the guard has spoken (a signed-in /login shows the console). */
export function routeModulesFor(location: { pathname: string; search: string }, hasToken: boolean): readonly AnyPage[] {
  const decision = guardRoute({ hasToken, pathname: location.pathname, search: location.search });
  const pathname = decision.kind === "redirect" ? (decision.to.split("?")[0] ?? "/") : location.pathname;
  const name = routeNameOf(pathname);
  if (name === "redirect") return [];
  if (name !== null) return modulesOfRoute(name);
  return hasToken ? [DefaultLayout, NotFoundPage] : [NotFoundPage];
}

/** Loads the first page's code alongside the locale, so the first render (or hydration) never suspends. */
export function preloadRoute(location: { pathname: string; search: string }, hasToken: boolean): Promise<unknown> {
  return Promise.all(routeModulesFor(location, hasToken).map((page) => page.preload()));
}
