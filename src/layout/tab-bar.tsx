import { Button } from "@blueprintjs/core";
import { Cross } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import type { TabEntry } from "../../machines/shell/tabs.ts";
import { routeNameOf } from "../app/route-guard.ts";
import { tabRoutes } from "../app/route-names.ts";
import { useTabsActor } from "../app/services-context.tsx";

/** Records each visited signed-in page as a tab. */
export function useTabTracking() {
  const tabs = useTabsActor();
  const location = useLocation();
  useEffect(() => {
    const name = routeNameOf(location.pathname);
    const meta = name && name !== "redirect" ? tabRoutes[name] : undefined;
    if (!name || !meta) return;
    tabs.send({
      type: "tab.visit",
      tab: {
        name,
        title: meta.title,
        fullPath: `${location.pathname}${location.search}`,
        query: Object.fromEntries(new URLSearchParams(location.search)),
        ignoreCache: meta.ignoreCache ?? false,
      },
    });
  }, [location.pathname, location.search, tabs]);
}

/** The opened pages as tabs: go to one, close one, close the others. */
export function TabBar() {
  const { t } = useTranslation();
  const tabs = useTabsActor();
  const navigate = useNavigate();
  const entries = useSelector(tabs, (s) => s.context.tabs);
  const active = useSelector(tabs, (s) => s.context.active);
  const canCloseOthers = useSelector(
    tabs,
    (s) => s.context.active !== null && s.can({ type: "tab.closeOthers", name: s.context.active }),
  );

  // Closing the current tab: the machine says where to go.
  useEffect(() => {
    const subscription = tabs.on("tabs.navigate", (event) => navigate(event.to));
    return () => subscription.unsubscribe();
  }, [tabs, navigate]);

  return (
    <nav className="tab-bar" aria-label={t("tabs.label")}>
      <ul>
        {entries.map((tab) => (
          <TabItem key={tab.name} tab={tab} current={tab.name === active} />
        ))}
      </ul>
      {active && canCloseOthers ? (
        <Button
          variant="minimal"
          size="small"
          text={t("tabs.closeOthers")}
          onClick={() => tabs.send({ type: "tab.closeOthers", name: active })}
        />
      ) : null}
    </nav>
  );
}

function TabItem({ tab, current }: { tab: TabEntry; current: boolean }) {
  const { t } = useTranslation();
  const tabs = useTabsActor();
  const closable = useSelector(tabs, (s) => s.can({ type: "tab.close", name: tab.name }));
  const title = t(tab.title as never);
  return (
    <li className={current ? "tab active" : "tab"}>
      <Link to={tab.fullPath} aria-current={current ? "page" : undefined}>
        {title}
      </Link>
      {closable ? (
        <Button
          variant="minimal"
          size="small"
          icon={<Cross size={12} />}
          aria-label={t("tabs.close", { title })}
          onClick={() => tabs.send({ type: "tab.close", name: tab.name })}
        />
      ) : null}
    </li>
  );
}
