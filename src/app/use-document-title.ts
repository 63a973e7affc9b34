import type { i18n as I18n } from "i18next";
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

/** The browser tab's name for a page, in the language i18n has now (the prerendered pages carry it too). */
export function documentTitle(pathname: string, i18n: { t: I18n["t"]; exists: (key: string) => boolean }): string {
  const name = routeNameOf(pathname);
  const key = name && name !== "redirect" ? (tabRoutes[name]?.title ?? publicTitles[name]) : undefined;
  const product = i18n.t("app.name");
  return key && i18n.exists(key) ? `${i18n.t(key as never)} · ${product}` : product;
}

/** The browser tab names the page, in the merchant's language. */
export function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    // `t` changes with the language, so the title follows a language change too.
    document.title = documentTitle(pathname, { t, exists: (key) => i18n.exists(key) });
  }, [pathname, t, i18n]);
}
