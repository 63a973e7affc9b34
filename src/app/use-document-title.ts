import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { routeNameOf } from "./route-guard.ts";
import { type RouteName, tabRoutes } from "./route-names.ts";

const publicTitles: Partial<Record<RouteName, string>> = {
  login: "login.title",
  register: "register.title",
  forget: "forgot.title",
  enterprisePack: "enterprise.title",
  demo01: "demo.title",
  workplace: "menu.dashboard.workplace",
};

/** The browser tab names the page, in the merchant's language. */
export function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const name = routeNameOf(pathname);
    const key = name && name !== "redirect" ? (tabRoutes[name]?.title ?? publicTitles[name]) : undefined;
    const product = t("app.name");
    document.title = key && i18n.exists(key) ? `${t(key as never)} · ${product}` : product;
  }, [pathname, t, i18n]);
}
