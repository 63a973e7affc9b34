import { createContext, use, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** The thin bar at the top while a page's code loads: no spinner (spec section 9). */
export function RouteProgress() {
  const { t } = useTranslation();
  return <div className="route-progress" role="progressbar" aria-label={t("common.loading")} aria-busy="true" />;
}

/** Whether the router is preparing the next page (src/app/page-first-router.tsx): the current one stays till then. */
export const NavigationPending = createContext(false);

/**
 * The bar while the next page is prepared (something is loading: announced), then briefly on every change of page, so
 * a merchant sees the navigation happen even when the page was already loaded. Nothing is loading then, so it is only
 * drawn: hidden from screen readers, which would otherwise hear "Loading" for a page that is there (and find a
 * progress bar outside every landmark).
 */
export function RouteChangeProgress() {
  const pending = use(NavigationPending);
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState<string | null>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setShownFor(pathname);
    const timer = setTimeout(() => setShownFor(null), 400);
    return () => clearTimeout(timer);
  }, [pathname]);
  if (pending) return <RouteProgress />;
  return shownFor === pathname ? <div className="route-progress" aria-hidden="true" /> : null;
}
