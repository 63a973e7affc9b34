import type { ReactNode } from "react";
import { type Location, useLocation } from "react-router";
import type { PreloadableComponent } from "./lazy-route.ts";

// biome-ignore lint/suspicious/noExplicitAny: pages of any props; only loaded() and preload() are used here.
type Module = Pick<PreloadableComponent<any>, "loaded" | "preload">;

/** Modules whose load failed once: RouteCode lets their lazy page fail (and show why) instead of trying forever. */
const failedToLoad = new WeakSet<Module>();

/**
 * Holds a navigation until the code of everything the address shows has arrived, a layout and its page together: the
 * layout's own Suspense is new when the layout first mounts, so a page loading inside it would show its fallback, and
 * the address (page-first-router.tsx) would name a page that is not there yet.
 */
export function RouteCode({
  modulesOf,
  children,
}: {
  modulesOf: (location: Location) => readonly Module[];
  children: ReactNode;
}) {
  const loading = modulesOf(useLocation()).filter((module) => !module.loaded() && !failedToLoad.has(module));
  // Suspends as React.lazy does, with a thrown promise: `use` would wait only inside an awaited act() in tests.
  if (loading.length > 0)
    throw Promise.all(loading.map((module) => module.preload().catch(() => void failedToLoad.add(module))));
  return children;
}
