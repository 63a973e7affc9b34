import { type ReactNode, useLayoutEffect, useMemo, useState, useTransition } from "react";
import {
  type Location,
  type Navigator,
  NavigationType,
  parsePath,
  Router,
  type To,
  UNSAFE_createBrowserHistory as createBrowserHistory,
} from "react-router";
import { NavigationPending } from "../ui/route-progress.tsx";

interface Shown {
  action: NavigationType;
  location: Location;
}

const locationOf = (to: To, state: unknown, from: Location): Location => ({
  pathname: from.pathname,
  search: "",
  hash: "",
  ...(typeof to === "string" ? parsePath(to) : to),
  state: state ?? null,
  key: Math.random().toString(36).slice(2, 10),
});

/**
 * The browser router, but the address bar follows the page instead of leading it: a navigation renders the next page
 * in a transition (React keeps the current page, address and all, until the next one can show without suspending) and
 * only then, in the same task as that page's commit, pushes its address. So every navigation — a Link, a menu entry,
 * a page moving on by itself, a redirect — does this one thing, whatever code the next page still has to load, and no
 * moment exists in which the address names a page while the last one takes the keys. (react-router's BrowserRouter
 * pushes first and renders in a transition afterwards; only its data routers wait, and they would mean another route
 * table, prerender and model harness.) Back and forward are the browser's: their address changes first.
 */
export function PageFirstRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  const [shown, setShown] = useState<Shown>(() => ({ action: NavigationType.Pop, location: history.location }));
  const [pending, startTransition] = useTransition();

  const navigator = useMemo<Navigator>(() => {
    const show = (action: NavigationType) => (to: To, state?: unknown) => {
      const location = locationOf(to, state, history.location);
      startTransition(() => setShown({ action, location }));
    };
    return {
      createHref: (to) => history.createHref(to),
      createURL: (to) => history.createURL(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: show(NavigationType.Push),
      replace: show(NavigationType.Replace),
    };
  }, [history]);

  useLayoutEffect(
    () => history.listen(({ action, location }) => startTransition(() => setShown({ action, location }))),
    [history],
  );

  useLayoutEffect(() => {
    // The page at `shown` is committed: now the address may name it.
    if (shown.action === NavigationType.Push) history.push(shown.location, shown.location.state);
    if (shown.action === NavigationType.Replace) history.replace(shown.location, shown.location.state);
  }, [history, shown]);

  return (
    // The pending flag by context, not a sibling of the page: the tree keeps the prerendered shape (useId).
    <NavigationPending value={pending}>
      <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
        {children}
      </Router>
    </NavigationPending>
  );
}
