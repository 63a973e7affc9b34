import { Button } from "@blueprintjs/core";
import { Cog, Menu as MenuIcon } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useNavDrawerActor, useSettingsActor } from "../app/services-context.tsx";
import { RouteProgress } from "../ui/route-progress.tsx";
import { AppNavbar } from "./app-navbar.tsx";
import { Footer } from "./footer.tsx";
import { KeepAliveOutlet } from "./keep-alive-outlet.tsx";
import { NavDrawer } from "./nav-drawer.tsx";
import { SettingsDrawer } from "./settings-drawer.tsx";
import { SideMenu } from "./side-menu.tsx";
import { TabBar, useTabTracking } from "./tab-bar.tsx";
import { useNavigationReport, useShellLayout } from "./use-shell-layout.ts";
import "./console-frame.css";

/**
 * The signed-in frame: navbar, menu, page, footer and the settings drawer, each as the settings and the width of the
 * screen say (machines/shell/layout-selectors.ts). Pages inherit the narrow-screen behaviour from here: the page area never
 * grows wider than the screen, wide content scrolls inside its own container.
 */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const navDrawer = useNavDrawerActor();
  const values = useSelector(settings, (s) => s.context.settings);
  const layout = useShellLayout();
  useTabTracking();
  useNavigationReport();
  return (
    <div className={layout.narrow ? "app-shell narrow" : "app-shell"}>
      <a className="skip-link" href="#main-content">
        {t("navbar.skipToContent")}
      </a>
      {values.navbar ? <AppNavbar layout={layout} /> : null}
      {layout.menu === "top" ? <SideMenu variant="top" /> : null}
      <div className="app-body">
        {layout.menu === "side" ? <SideMenu variant="side" collapsed={layout.collapsed} /> : null}
        <div className="app-main">
          {values.tabBar ? <TabBar /> : null}
          <main id="main-content" className="app-content" tabIndex={-1}>
            <Suspense fallback={<RouteProgress />}>{values.tabBar ? <KeepAliveOutlet /> : <Outlet />}</Suspense>
          </main>
        </div>
      </div>
      {values.footer ? <Footer /> : null}
      {layout.floatingSettings || layout.floatingMenu ? (
        <div className="floating-buttons">
          {layout.floatingMenu ? (
            <Button
              className="floating-button"
              size="large"
              icon={<MenuIcon />}
              aria-label={t("navbar.openMenu")}
              title={t("navbar.openMenu")}
              onClick={() => navDrawer.send({ type: "nav.open" })}
            />
          ) : null}
          {layout.floatingSettings ? (
            <Button
              className="floating-button settings-fab"
              intent="primary"
              size="large"
              icon={<Cog />}
              aria-label={t("settings.title")}
              title={t("settings.title")}
              onClick={() => settings.send({ type: "drawer.open" })}
            />
          ) : null}
        </div>
      ) : null}
      {layout.menu === "drawer" ? <NavDrawer /> : null}
      <SettingsDrawer fullWidth={layout.settingsDrawer === "fullWidth"} />
    </div>
  );
}
