import { Alignment, Button, Menu, MenuDivider, MenuItem, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, PopoverNext } from "@blueprintjs/core";
import { CaretDown, Cog, Duplicate, Edit, Flash, Key, LogOut, MenuClosed, MenuOpen, Moon, User } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { selectDisplayName, selectNickName, selectUserId } from "../../machines/session-selectors.ts";
import { selectSideMenuVisible } from "../../machines/settings-selectors.ts";
import { useServices } from "../app/services-context.tsx";
import { BrandMark } from "../ui/brand-mark.tsx";
import { provideChangePassword, provideNicknameEdit } from "./account-machines.ts";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";
import { FullscreenButton } from "./fullscreen-button.tsx";
import { LanguageSelect } from "./language-select.tsx";
import { MessageBox } from "./message-box.tsx";
import { NicknameDialog } from "./nickname-dialog.tsx";

export function AppNavbar() {
  const { t } = useTranslation();
  const services = useServices();
  const { session, settings, notify } = services;
  const navigate = useNavigate();
  const displayName = useSelector(session, selectDisplayName);
  const nickName = useSelector(session, selectNickName);
  const userId = useSelector(session, selectUserId);
  const leaving = useSelector(session, (s) => s.matches("loggingOut"));
  const dark = useSelector(settings, (s) => s.context.settings.theme === "dark");
  const collapsed = useSelector(settings, (s) => s.context.settings.menuCollapse);
  const sideMenu = useSelector(settings, selectSideMenuVisible);
  const changePassword = useActorRef(provideChangePassword(services));
  const nickname = useActorRef(provideNicknameEdit(services));

  const copyUserId = async () => {
    try {
      await navigator.clipboard.writeText(userId);
      notify.success(t("common.copySuccess"));
    } catch {
      notify.error(t("common.copyFailed"));
    }
  };

  return (
    <header>
    <Navbar className="app-navbar">
      <NavbarGroup align={Alignment.START}>
        {sideMenu ? (
          <Button
            variant="minimal"
            icon={collapsed ? <MenuOpen /> : <MenuClosed />}
            aria-label={collapsed ? t("navbar.expandMenu") : t("navbar.collapseMenu")}
            onClick={() => settings.send({ type: "setting.change", key: "menuCollapse", value: !collapsed })}
          />
        ) : null}
        <NavbarHeading>
          <Link to="/console/index" className="navbar-brand">
            <BrandMark size={24} />
            <span>{t("app.name")}</span>
          </Link>
        </NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align={Alignment.END} className="navbar-tools">
        <Button
          variant="minimal"
          icon={dark ? <Flash /> : <Moon />}
          aria-label={dark ? t("navbar.lightTheme") : t("navbar.darkTheme")}
          title={dark ? t("navbar.lightTheme") : t("navbar.darkTheme")}
          onClick={() => settings.send({ type: "theme.toggle" })}
        />
        <FullscreenButton />
        <LanguageSelect />
        <MessageBox />
        <Button variant="minimal" icon={<Cog />} aria-label={t("settings.title")} title={t("settings.title")} onClick={() => settings.send({ type: "drawer.open" })} />
        <NavbarDivider />
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu aria-label={t("navbar.account")}>
              <MenuItem icon={<Duplicate />} text={t("navbar.copyUserId")} label={userId} onClick={copyUserId} />
              <MenuItem icon={<Edit />} text={t("navbar.editProfile")} onClick={() => nickname.send({ type: "dialog.open" })} />
              <MenuItem icon={<Key />} text={t("password.title")} onClick={() => changePassword.send({ type: "dialog.open" })} />
              <MenuItem icon={<User />} text={t("menu.userCentre")} onClick={() => navigate("/user/center")} />
              <MenuDivider />
              <MenuItem icon={<LogOut />} text={t("session.logout")} onClick={() => session.send({ type: "logout" })} />
            </Menu>
          }
        >
          <Button variant="minimal" icon={<User />} endIcon={<CaretDown />} text={displayName} title={t("navbar.account")} />
        </PopoverNext>
        <Button variant="minimal" icon={<LogOut />} text={t("session.logout")} loading={leaving} onClick={() => session.send({ type: "logout" })} />
      </NavbarGroup>
      <ChangePasswordDialog actor={changePassword} />
      <NicknameDialog actor={nickname} current={nickName} />
    </Navbar>
    </header>
  );
}
