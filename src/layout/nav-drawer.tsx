import { Button } from "@blueprintjs/core";
import { Cross } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { selectNavDrawerWidth } from "../../machines/shell/layout-selectors.ts";
import { useNavDrawerActor, useSettingsActor } from "../app/services-context.tsx";
import { BrandMark } from "../ui/brand-mark.tsx";
import { ModalDrawer } from "../ui/modal-drawer.tsx";
import { SideMenu } from "./side-menu.tsx";

/** The menu of a narrow screen: an off-canvas drawer from the left, open while the navDrawer machine says so. */
export function NavDrawer() {
  const { t } = useTranslation();
  const navDrawer = useNavDrawerActor();
  const settings = useSettingsActor();
  const open = useSelector(navDrawer, (s) => s.hasTag("navOpen"));
  const width = useSelector(settings, selectNavDrawerWidth);
  const close = () => navDrawer.send({ type: "nav.close" });
  return (
    // Escape and a tap on the backdrop close it (Blueprint calls onClose); so does any navigation (useNavigationReport).
    <ModalDrawer
      isOpen={open}
      position="left"
      size={width}
      label={t("navbar.menu")}
      onClose={close}
      className="nav-drawer"
    >
      <div className="nav-drawer-header">
        <span className="navbar-brand">
          <BrandMark size={24} />
          <span>{t("app.name")}</span>
        </span>
        <Button
          variant="minimal"
          icon={<Cross />}
          aria-label={t("navbar.closeMenu")}
          title={t("navbar.closeMenu")}
          onClick={close}
        />
      </div>
      <div className="nav-drawer-body">
        <SideMenu variant="drawer" />
      </div>
    </ModalDrawer>
  );
}
