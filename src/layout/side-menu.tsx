import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { selectMenu } from "../../machines/settings-selectors.ts";
import { useServices } from "../app/services-context.tsx";
import { menuIcon } from "./menu-icons.tsx";

/** The console's navigation: the built-in entries, or the server's when menuFromServer is on. */
export function SideMenu({ horizontal = false }: { horizontal?: boolean }) {
  const { t, i18n } = useTranslation();
  const { settings } = useServices();
  const entries = useSelector(settings, selectMenu);
  const collapsed = useSelector(settings, (s) => s.context.settings.menuCollapse && !horizontal);
  return (
    <nav className={horizontal ? "top-menu" : collapsed ? "side-menu collapsed" : "side-menu"} aria-label={t("menu.label")}>
      <ul className="bp6-menu">
        {entries.map((entry) => {
          const label = i18n.exists(entry.name) ? String(t(entry.name as never)) : entry.name;
          return (
            <li key={entry.path}>
              <NavLink
                to={entry.path}
                className={({ isActive }) => `bp6-menu-item${isActive ? " bp6-active bp6-intent-primary" : ""}`}
                title={collapsed ? label : undefined}
                aria-label={collapsed ? label : undefined}
              >
                <span className="bp6-menu-item-icon">{menuIcon(entry.icon)}</span>
                {collapsed ? null : <span className="bp6-text-overflow-ellipsis bp6-fill">{label}</span>}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
