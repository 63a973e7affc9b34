import { Button, FormGroup, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core";
import { CaretDown, Cog, Duplicate, Edit, Flash, Key, LogOut, Moon, User } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ShellLayout } from "../../machines/shell/layout-selectors.ts";
import { selectDisplayName, selectEmail, selectNickName, selectUserId } from "../../machines/auth/session-selectors.ts";
import { useServices } from "../app/services-context.tsx";
import { provideChangePassword, provideNicknameEdit } from "./shell-machines.ts";
import { ChangePasswordDialog } from "./change-password-dialog.tsx";
import { FullscreenMenuItem } from "./fullscreen-button.tsx";
import { LanguageSelect } from "./language-select.tsx";
import { NicknameDialog } from "./nickname-dialog.tsx";
import { useSessionCodeSender } from "../app/session-code-senders.ts";

/**
 * The account menu: copy the merchant number, edit the profile, change the password, the user centre, log out.
 * When the layout moves the navbar's tools here (a narrow screen) it also holds the theme, full screen, the page
 * settings and the language.
 */
export function AccountMenu({ tools }: { tools: ShellLayout["tools"] }) {
  const { t } = useTranslation();
  const services = useServices();
  const { session, settings, notify } = services;
  const navigate = useNavigate();
  const displayName = useSelector(session, selectDisplayName);
  const nickName = useSelector(session, selectNickName);
  const userId = useSelector(session, selectUserId);
  const dark = useSelector(settings, (s) => s.context.settings.theme === "dark");
  const email = useSelector(session, selectEmail);
  const changePassword = useActorRef(provideChangePassword(services));
  const changeCode = useSessionCodeSender("change-password");
  const nickname = useActorRef(provideNicknameEdit(services));
  const languageId = useId();
  const inMenu = tools === "accountMenu";

  const copyUserId = async () => {
    try {
      await navigator.clipboard.writeText(userId);
      notify.success(t("common.copySuccess"));
    } catch {
      notify.error(t("common.copyFailed"));
    }
  };

  const content = (
    <div className="account-popover">
      {inMenu ? (
        <>
          <p className="account-popover-name">{displayName}</p>
          <FormGroup label={t("language.label")} labelFor={languageId} inline className="account-language">
            <LanguageSelect id={languageId} />
          </FormGroup>
        </>
      ) : null}
      <Menu aria-label={t("navbar.account")}>
        <MenuItem icon={<Duplicate />} text={t("navbar.copyUserId")} label={userId} onClick={copyUserId} />
        <MenuItem
          icon={<Edit />}
          text={t("navbar.editProfile")}
          onClick={() => nickname.send({ type: "dialog.open" })}
        />
        <MenuItem
          icon={<Key />}
          text={t("password.title")}
          onClick={() => changePassword.send({ type: "dialog.open" })}
        />
        <MenuItem icon={<User />} text={t("menu.userCentre")} onClick={() => navigate("/user/center")} />
        {inMenu ? (
          <>
            <MenuDivider />
            <MenuItem
              icon={dark ? <Flash /> : <Moon />}
              text={dark ? t("navbar.lightTheme") : t("navbar.darkTheme")}
              shouldDismissPopover={false}
              onClick={() => settings.send({ type: "theme.toggle" })}
            />
            <FullscreenMenuItem />
            <MenuItem
              icon={<Cog />}
              text={t("settings.title")}
              onClick={() => settings.send({ type: "drawer.open" })}
            />
          </>
        ) : null}
        <MenuDivider />
        <MenuItem icon={<LogOut />} text={t("session.logout")} onClick={() => session.send({ type: "logout" })} />
      </Menu>
    </div>
  );

  return (
    <>
      {/* Its entries open dialogs that put the cursor in their first field: handing focus back to this button when
          the menu has faded out would pull it from under the merchant's typing. Escape still returns it. */}
      <PopoverNext placement="bottom-end" content={content} shouldReturnFocusOnClose={false}>
        {inMenu ? (
          <Button
            variant="minimal"
            icon={<User />}
            aria-label={t("navbar.accountOf", { name: displayName })}
            title={t("navbar.accountOf", { name: displayName })}
            data-testid="account-menu-button"
          />
        ) : (
          <Button
            variant="minimal"
            icon={<User />}
            endIcon={<CaretDown />}
            text={displayName}
            // The name may end in an ellipsis: the whole of it shows on hover.
            title={t("navbar.accountOf", { name: displayName })}
            className="navbar-account"
            data-testid="account-menu-button"
          />
        )}
      </PopoverNext>
      <ChangePasswordDialog actor={changePassword} sender={changeCode} email={email} />
      <NicknameDialog actor={nickname} current={nickName} />
    </>
  );
}
