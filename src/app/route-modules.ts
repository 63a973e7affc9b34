import type { ComponentType } from "react";
import { ensureConsoleMessages } from "../i18n/i18n.ts";
import { ensureFullStyles } from "./full-styles.ts";
import { lazyRoute, type PreloadableComponent } from "./lazy-route.ts";
import { guardRoute, routeNameOf } from "./route-guard.ts";
import { prerenderedPages } from "../prerender/public-pages.ts";
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

type Routes = typeof consoleRoutes;
type PageRouteName = { [N in RouteName]: Routes[N] extends { page: string } ? N : never }[RouteName];
type AliasRouteName = { [N in RouteName]: Routes[N] extends { redirectTo: string } ? N : never }[RouteName];
type Unpaged = Exclude<RouteName, PageRouteName | AliasRouteName>;
/** `true` when every route but an alias names its page; otherwise a type naming the ones that do not. */
export const everyRouteHasAPage: [Unpaged] extends [never] ? true : { "routes that name no page": Unpaged } = true;

// Found by Vite as the code is built: each a chunk of its own, loaded when its route first shows.
const pageFiles = import.meta.glob<{ default: AnyPage extends PreloadableComponent<infer C> ? C : never }>(
  "../features/*/*-page.tsx",
);
const publicSet: ReadonlySet<RouteName> = new Set(prerenderedPages.map((page) => page.route));

function routePageOf(name: PageRouteName): RoutePage {
  const { page } = consoleRoutes[name];
  const load = pageFiles[`../features/${page}.tsx`];
  if (!load) throw new Error(`contracts/console-routes.ts: the page of ${name}, ${page}, is no file of src/features/`);
  return routePage(publicSet.has(name) ? load : () => outsidePublicSet(load()));
}

/**
 * The page of each route of contracts/console-routes.ts, by the file the route names; the prerendered public pages
 * load without the console's styles and strings.
 */
export const routePages = Object.fromEntries(
  (Object.keys(consoleRoutes) as RouteName[])
    .filter((name): name is PageRouteName => "page" in consoleRoutes[name])
    .map((name) => [name, routePageOf(name)]),
) as { readonly [N in PageRouteName]: RoutePage };

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
