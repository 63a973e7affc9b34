import { type ConsoleRoute, consoleRoutes, type RouteName, routePaths } from "../../contracts/console-routes.ts";

export { type RouteName, routePaths };

const entries = Object.entries(consoleRoutes) as Array<[RouteName, ConsoleRoute]>;

/** Section roots that redirect to their page (spec section 2): each menu entry's link. */
export const sectionRedirects: Readonly<Record<string, RouteName>> = Object.fromEntries(
  entries.flatMap(([name, r]) => (r.menu ? [[r.menu.section, name]] : [])),
);

/**
 * Reachable without a token. The spec's guard lists home, enterprise-pack, register and forget;
 * login must be reachable to sign in, and /demo01 is a public route in the spec's route table.
 */
export const publicRouteNames: ReadonlySet<RouteName> = new Set(
  entries.filter(([, r]) => r.access === "public").map(([name]) => name),
);

/** Signed-in pages that get a tab: their title key, and whether leaving them discards their state. */
export const tabRoutes: Partial<Record<RouteName, NonNullable<ConsoleRoute["tab"]>>> = Object.fromEntries(
  entries.flatMap(([name, r]) => (r.tab ? [[name, r.tab]] : [])),
);
