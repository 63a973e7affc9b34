import { useSelector } from "@xstate/react";
import { type ReactNode, useRef } from "react";
import { useLocation, useOutlet } from "react-router";
import { routeNameOf } from "../app/route-guard.ts";
import { useTabsActor } from "../app/services-context.tsx";

/**
 * With the tab bar on, pages of open tabs stay mounted (hidden) so a merchant comes back to them as left;
 * pages marked ignoreCache, and closed tabs, are dropped when left.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tabs = useTabsActor();
  const entries = useSelector(tabs, (s) => s.context.tabs);
  const cache = useRef(new Map<string, ReactNode>());

  // The page on screen is always keyed by its route, so it keeps its state from the first render on.
  const current = routeNameOf(pathname) ?? pathname;
  cache.current.set(current, outlet);
  for (const name of [...cache.current.keys()]) {
    const kept = entries.some((tab) => tab.name === name && !tab.ignoreCache);
    if (name !== current && !kept) cache.current.delete(name);
  }
  return (
    <>
      {[...cache.current].map(([name, page]) => (
        <div key={name} hidden={name !== current} className="kept-page">
          {page}
        </div>
      ))}
    </>
  );
}
