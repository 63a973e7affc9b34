import type { ComponentType } from "react";
import { ensureConsoleMessages } from "../i18n/i18n.ts";
import { ensureFullStyles } from "./full-styles.ts";
import { lazyRoute, type PreloadableComponent } from "./lazy-route.ts";
import { guardRoute, routeNameOf } from "./route-guard.ts";
import type { RouteName } from "./route-names.ts";

// Every page is its own chunk, so /login loads only what it shows. Pages outside the prerendered public set
// need Blueprint's whole stylesheet (src/app/full-styles.ts) and the console part of the locale
// (src/i18n/locale-parts.ts), which they load with their code.
const outsidePublicSet = <T>(load: Promise<T>): Promise<T> =>
  Promise.all([load, ensureFullStyles(), ensureConsoleMessages()]).then(([m]) => m);

export const HomePage = lazyRoute(() => import("../features/public/home-page.tsx"));
export const DemoPage = lazyRoute(() => outsidePublicSet(import("../features/public/demo-page.tsx")));
export const EnterprisePackPage = lazyRoute(() => import("../features/public/enterprise-pack-page.tsx"));
export const NotFoundPage = lazyRoute(() => outsidePublicSet(import("../features/public/not-found-page.tsx")));
export const LoginPage = lazyRoute(() => import("../features/auth/login-page.tsx"));
export const RegisterPage = lazyRoute(() => import("../features/auth/register-page.tsx"));
export const ForgotPasswordPage = lazyRoute(() => import("../features/auth/forgot-password-page.tsx"));
// The signed-in pages call the API as they open: its code (which /login leaves for the first call) loads beside theirs.
export const DefaultLayout = lazyRoute(() =>
  outsidePublicSet(
    Promise.all([import("../layout/default-layout.tsx"), import("../api/make-api.ts")]).then(([m]) => m),
  ),
);
export const ConsolePage = lazyRoute(() => outsidePublicSet(import("../features/console/console-page.tsx")));
export const UserCentrePage = lazyRoute(() => outsidePublicSet(import("../features/user/user-centre-page.tsx")));
export const OrdersPage = lazyRoute(() => outsidePublicSet(import("../features/order/orders-page.tsx")));
export const OrderBuyPage = lazyRoute(() => outsidePublicSet(import("../features/order/order-buy-page.tsx")));

// biome-ignore lint/suspicious/noExplicitAny: the pages' props differ; only preload() is used here.
type AnyPage = PreloadableComponent<ComponentType<any>>;

/** The lazy modules a route renders, outermost first (the signed-in layout, then its page). */
const modulesByRoute: Record<RouteName, readonly AnyPage[]> = {
  home: [HomePage],
  demo01: [DemoPage],
  login: [LoginPage],
  register: [RegisterPage],
  forget: [ForgotPasswordPage],
  enterprisePack: [EnterprisePackPage],
  console: [DefaultLayout, ConsolePage],
  workplace: [DefaultLayout, ConsolePage],
  userCenter: [DefaultLayout, UserCentrePage],
  order: [DefaultLayout, OrdersPage],
  orderBuy: [DefaultLayout, OrderBuyPage],
  app: [DefaultLayout, NotFoundPage],
  bill: [DefaultLayout, NotFoundPage],
  rechargeBill: [DefaultLayout, NotFoundPage],
  currencybill: [DefaultLayout, NotFoundPage],
  wallet: [DefaultLayout, NotFoundPage],
  callback: [DefaultLayout, NotFoundPage],
  myCurrencies: [DefaultLayout, NotFoundPage],
  transactions: [DefaultLayout, NotFoundPage],
};

/** The modules the page at this address shows once the guard has spoken (a signed-in /login shows the console). */
export function routeModulesFor(location: { pathname: string; search: string }, hasToken: boolean): readonly AnyPage[] {
  const decision = guardRoute({ hasToken, pathname: location.pathname, search: location.search });
  const pathname = decision.kind === "redirect" ? (decision.to.split("?")[0] ?? "/") : location.pathname;
  const name = routeNameOf(pathname);
  if (name === "redirect") return [];
  return name === null ? [NotFoundPage] : modulesByRoute[name];
}

/** Loads the first page's code alongside the locale, so the first render (or hydration) never suspends. */
export function preloadRoute(location: { pathname: string; search: string }, hasToken: boolean): Promise<unknown> {
  return Promise.all(routeModulesFor(location, hasToken).map((page) => page.preload()));
}
