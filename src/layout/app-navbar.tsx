import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from "@blueprintjs/core";
import { Cog, Flash, LogOut, Menu as MenuIcon, MenuClosed, MenuOpen, Moon } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ShellLayout } from "../../machines/shell/layout-selectors.ts";
import { selectSigningOut } from "../../machines/auth/session-selectors.ts";
import { useNavDrawerActor, useSessionActor, useSettingsActor } from "../app/services-context.tsx";
import { BrandMark } from "../ui/brand-mark.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { FullscreenButton } from "./fullscreen-button.tsx";
import { LanguageSelect } from "./language-select.tsx";
import { MessageBox } from "./message-box.tsx";

/**
 * The navbar. Wide: the menu's collapse button, the logo, theme, full screen, language, messages, settings, the
 * account menu and Log out. Narrow: the menu button, the logo, messages and the account menu, which then holds the rest.
 */
export function AppNavbar({ layout }: { layout: ShellLayout }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const settings = useSettingsActor();
  const leaving = useSelector(session, selectSigningOut);
  const dark = useSelector(settings, (s) => s.context.settings.theme === "dark");
  const inNavbar = layout.tools === "navbar";

  return (
    <header>
      <Navbar className={layout.narrow ? "app-navbar narrow" : "app-navbar"}>
        <NavbarGroup align={Alignment.START} className="navbar-start">
          <MenuButton kind={layout.menuButton} collapsed={layout.collapsed} />
          <NavbarHeading>
            <Link to="/console/index" className="navbar-brand">
              <BrandMark size={24} />
              <span>{t("app.name")}</span>
            </Link>
          </NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align={Alignment.END} className="navbar-tools">
          {inNavbar ? (
            <>
              <Button
                variant="minimal"
                icon={dark ? <Flash /> : <Moon />}
                aria-label={dark ? t("navbar.lightTheme") : t("navbar.darkTheme")}
                title={dark ? t("navbar.lightTheme") : t("navbar.darkTheme")}
                onClick={() => settings.send({ type: "theme.toggle" })}
              />
              <FullscreenButton />
              <LanguageSelect />
            </>
          ) : null}
          <MessageBox presentation={layout.messageBox} />
          {inNavbar ? (
            <>
              <Button
                variant="minimal"
                icon={<Cog />}
                aria-label={t("settings.title")}
                title={t("settings.title")}
                onClick={() => settings.send({ type: "drawer.open" })}
              />
              <NavbarDivider />
            </>
          ) : null}
          <AccountMenu tools={layout.tools} />
          {inNavbar ? (
            <Button
              variant="minimal"
              icon={<LogOut />}
              text={t("session.logout")}
              loading={leaving}
              onClick={() => session.send({ type: "logout" })}
            />
          ) : null}
        </NavbarGroup>
      </Navbar>
    </header>
  );
}

/** The navbar's first button: collapse the side menu (wide) or open the menu drawer (narrow). */
function MenuButton({ kind, collapsed }: { kind: ShellLayout["menuButton"]; collapsed: boolean }) {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const navDrawer = useNavDrawerActor();
  const open = useSelector(navDrawer, (s) => s.hasTag("navOpen"));
  if (kind === "drawer") {
    return (
      <Button
        variant="minimal"
        icon={<MenuIcon />}
        aria-label={t("navbar.openMenu")}
        title={t("navbar.openMenu")}
        aria-expanded={open}
        className="navbar-menu-button"
        onClick={() => navDrawer.send({ type: "nav.open" })}
      />
    );
  }
  if (kind === "collapse") {
    return (
      <Button
        variant="minimal"
        icon={collapsed ? <MenuOpen /> : <MenuClosed />}
        aria-label={collapsed ? t("navbar.expandMenu") : t("navbar.collapseMenu")}
        onClick={() => settings.send({ type: "setting.change", key: "menuCollapse", value: !collapsed })}
      />
    );
  }
  return null;
}
