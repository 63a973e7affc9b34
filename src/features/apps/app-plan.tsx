import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AppPlanView } from "../../../machines/apps/app-list-selectors.ts";
import { routePaths } from "../../app/route-names.ts";

/** The package behind the page: none or expired (with the way to the packages), or how many applications it allows. */
export function AppPlan({ view }: { view: AppPlanView }) {
  const { t } = useTranslation();
  if (view.kind === "unknown") return null;
  const packages = (
    <Link to={routePaths.orderBuy} data-testid="apps-plan-link">
      {t("apps.seePackages")}
    </Link>
  );
  if (view.kind === "none" || view.kind === "expired") {
    return (
      <Callout intent="warning" compact className="app-plan" data-testid="apps-plan">
        {t(view.kind === "none" ? "apps.plan.none" : "apps.plan.expired")} {packages}
      </Callout>
    );
  }
  return (
    <p className="app-plan bp6-text-muted" data-testid="apps-plan">
      {view.limit === null
        ? t("apps.plan.unlimited", { count: view.used })
        : t("apps.plan.used", { count: view.used, limit: view.limit })}{" "}
      {view.full ? packages : null}
    </p>
  );
}
