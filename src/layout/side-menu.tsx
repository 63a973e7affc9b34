import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { selectMenu } from "../../machines/shell/settings-selectors.ts";
import { activeMenuEntry } from "../app/route-names.ts";
import { useSettingsActor } from "../app/services-context.tsx";
import { menuIcon } from "./menu-icons.tsx";

const navClass = { side: "side-menu", top: "top-menu", drawer: "drawer-menu" } as const;

/**
 * The console's navigation: the built-in entries, or the server's when menuFromServer is on. Beside the page
 * (icons only when collapsed), along the top, or inside the narrow screen's drawer — as the shell layout says.
 */
export function SideMenu({ variant, collapsed = false }: { variant: keyof typeof navClass; collapsed?: boolean }) {
  const { t, i18n } = useTranslation();
  const settings = useSettingsActor();
  const entries = useSelector(settings, selectMenu);
  const active = activeMenuEntry(
    useLocation().pathname,
    entries.map((entry) => entry.path),
  );
  return (
    <nav className={collapsed ? `${navClass[variant]} collapsed` : navClass[variant]} aria-label={t("menu.label")}>
      <ul className="bp6-menu">
        {entries.map((entry) => {
          const label = i18n.exists(entry.name) ? String(t(entry.name as never)) : entry.name;
          return (
            <li key={entry.path}>
              <Link
                to={entry.path}
                // The route table says which entry a page belongs to; a link matching by prefix would light /order for /order/buy.
                className={`bp6-menu-item${entry.path === active ? " bp6-active bp6-intent-primary" : ""}`}
                aria-current={entry.path === active ? "page" : undefined}
                title={collapsed ? label : undefined}
                aria-label={collapsed ? label : undefined}
              >
                <span className="bp6-menu-item-icon">{menuIcon(entry.icon)}</span>
                {collapsed ? null : <span className="bp6-fill">{label}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
