import { useTranslation } from "react-i18next";

/** The thin bar at the top while a page's code loads: no spinner (spec section 9). */
export function RouteProgress() {
  const { t } = useTranslation();
  return <div className="route-progress" role="progressbar" aria-label={t("common.loading")} aria-busy="true" />;
}
