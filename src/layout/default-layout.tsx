import { Button } from "@blueprintjs/core";
import { Cog } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { selectSideMenuVisible, selectTopMenuVisible } from "../../machines/settings-selectors.ts";
import { useServices } from "../app/services-context.tsx";
import { RouteProgress } from "../ui/route-progress.tsx";
import { AppNavbar } from "./app-navbar.tsx";
import { Footer } from "./footer.tsx";
import { SettingsDrawer } from "./settings-drawer.tsx";
import { KeepAliveOutlet } from "./keep-alive-outlet.tsx";
import { SideMenu } from "./side-menu.tsx";
import { TabBar, useTabTracking } from "./tab-bar.tsx";

/** The signed-in frame: navbar, menu, page, footer and the settings drawer, each as the settings say. */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const { settings } = useServices();
  const values = useSelector(settings, (s) => s.context.settings);
  const sideMenu = useSelector(settings, selectSideMenuVisible);
  const topMenu = useSelector(settings, selectTopMenuVisible);
  useTabTracking();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        {t("navbar.skipToContent")}
      </a>
      {values.navbar ? <AppNavbar /> : null}
      {topMenu ? <SideMenu horizontal /> : null}
      <div className="app-body">
        {sideMenu ? <SideMenu /> : null}
        <div className="app-main">
          {values.tabBar ? <TabBar /> : null}
          <main id="main-content" className="app-content" tabIndex={-1}>
            <Suspense fallback={<RouteProgress />}>{values.tabBar ? <KeepAliveOutlet /> : <Outlet />}</Suspense>
          </main>
        </div>
      </div>
      {values.footer ? <Footer /> : null}
      {values.navbar ? null : (
        <Button
          className="settings-fab"
          intent="primary"
          size="large"
          icon={<Cog />}
          aria-label={t("settings.title")}
          title={t("settings.title")}
          onClick={() => settings.send({ type: "drawer.open" })}
        />
      )}
      <SettingsDrawer />
    </div>
  );
}
