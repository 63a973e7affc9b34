import { type ConsoleRoute, consoleRoutes, type RouteName, routePaths } from "../../contracts/console-routes.ts";

export { type RouteName, routePaths };

const entries = Object.entries(consoleRoutes) as Array<[RouteName, ConsoleRoute]>;

/** Section roots that redirect to their page (spec section 2): each menu entry's link. */
export const sectionRedirects: Readonly<Record<string, RouteName>> = Object.fromEntries(
  entries.flatMap(([name, r]) => (r.menu ? [[r.menu.section, name]] : [])),
);

const menuSectionOfPath = new Map(entries.flatMap(([, r]) => (r.menu ? [[r.path, r.menu.section]] : [])));

/**
 * The side-menu entry (its section path) to highlight at `pathname`: the entry of the page itself (/order/buy is
 * Packages, though its address lies under /order), else the entry whose section holds the address, else none. The
 * entries may be the server's menu, which names sections the route table may not have.
 */
export function activeMenuEntry(pathname: string, sections: readonly string[]): string | null {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  const own = menuSectionOfPath.get(path);
  if (own !== undefined && sections.includes(own)) return own;
  const holding = sections.filter(
    (section) => path === section.toLowerCase() || path.startsWith(`${section.toLowerCase()}/`),
  );
  return holding.sort((a, b) => b.length - a.length)[0] ?? null;
}

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
