import { Button } from "@blueprintjs/core";
import { Cross } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { pinnedTab } from "../../machines/tabs.ts";
import { routeNameOf } from "../app/route-guard.ts";
import { tabRoutes } from "../app/route-names.ts";
import { useServices } from "../app/services-context.tsx";

/** Records each visited signed-in page as a tab. */
export function useTabTracking() {
  const { tabs } = useServices();
  const location = useLocation();
  useEffect(() => {
    const name = routeNameOf(location.pathname);
    const meta = name && name !== "redirect" ? tabRoutes[name] : undefined;
    if (!name || !meta) return;
    tabs.send({
      type: "tab.visit",
      tab: { name, title: meta.title, fullPath: `${location.pathname}${location.search}`, query: Object.fromEntries(new URLSearchParams(location.search)), ignoreCache: meta.ignoreCache ?? false },
    });
  }, [location.pathname, location.search, tabs]);
}

/** The opened pages as tabs: go to one, close one, close the others. */
export function TabBar() {
  const { t } = useTranslation();
  const { tabs } = useServices();
  const navigate = useNavigate();
  const entries = useSelector(tabs, (s) => s.context.tabs);
  const active = useSelector(tabs, (s) => s.context.active);

  const close = (name: string) => {
    tabs.send({ type: "tab.close", name });
    const next = tabs.getSnapshot().context;
    if (name === active) navigate(next.tabs.find((tab) => tab.name === next.active)?.fullPath ?? "/console/index");
  };

  return (
    <nav className="tab-bar" aria-label={t("tabs.label")}>
      <ul>
        {entries.map((tab) => (
          <li key={tab.name} className={tab.name === active ? "tab active" : "tab"}>
            <Link to={tab.fullPath} aria-current={tab.name === active ? "page" : undefined}>
              {t(tab.title as never)}
            </Link>
            {tab.name === pinnedTab ? null : (
              <Button variant="minimal" size="small" icon={<Cross size={12} />} aria-label={t("tabs.close", { title: t(tab.title as never) })} onClick={() => close(tab.name)} />
            )}
          </li>
        ))}
      </ul>
      {active && entries.length > 1 ? (
        <Button variant="minimal" size="small" text={t("tabs.closeOthers")} onClick={() => tabs.send({ type: "tab.closeOthers", name: active })} />
      ) : null}
    </nav>
  );
}
