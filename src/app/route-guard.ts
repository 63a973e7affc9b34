import { type RouteName, publicRouteNames, routePaths, sectionRedirects } from "./route-names.ts";

export type GuardDecision = { kind: "allow" } | { kind: "redirect"; to: string };

const byLowerPath = new Map<string, RouteName>([
  ...Object.entries(routePaths).map(([name, path]) => [path.toLowerCase(), name as RouteName] as const),
  ...Object.entries(sectionRedirects).map(([path, name]) => [path.toLowerCase(), name] as const),
]);

/** The route name of a path, or null for a path the console does not know (the not-found page). */
export function routeNameOf(pathname: string): RouteName | "redirect" | null {
  const path = pathname.replace(/\/+$/, "").toLowerCase() || "/";
  if (path === "/") return "home";
  if (path.startsWith("/redirect/")) return "redirect";
  return byLowerPath.get(path) ?? null;
}

/** Spec section 2, navigation guard. */
export function guardRoute(input: { hasToken: boolean; pathname: string; search: string }): GuardDecision {
  const name = routeNameOf(input.pathname);
  if (input.hasToken) {
    // Signed in on the login page: go where the merchant was headed (the console when nowhere in particular).
    return name === "login" ? { kind: "redirect", to: afterLoginTarget(input.search) } : { kind: "allow" };
  }
  if (name === null || (name !== "redirect" && publicRouteNames.has(name))) return { kind: "allow" };
  const query = new URLSearchParams(input.search);
  query.delete("redirect");
  const intended = name === "redirect" ? input.pathname.slice("/redirect".length) : name;
  const params = new URLSearchParams({ redirect: intended });
  for (const [key, value] of query) params.append(key, value);
  return { kind: "redirect", to: `${routePaths.login}?${params}` };
}

/** Where login leads: the intended route (by name, or a path kept by /redirect) with its original query. */
export function afterLoginTarget(search: string): string {
  const query = new URLSearchParams(search);
  const intended = query.get("redirect");
  query.delete("redirect");
  const rest = query.toString();
  let path: string = routePaths.console;
  if (intended && intended in routePaths && !publicRouteNames.has(intended as RouteName))
    path = routePaths[intended as RouteName];
  else if (intended?.startsWith("/") && !intended.startsWith("//") && routeNameOf(intended) !== null) path = intended;
  return rest ? `${path}?${rest}` : path;
}
