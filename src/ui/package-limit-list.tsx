import { Classes } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { PackageLimits } from "../../contracts/schemas/packages.ts";
import "./package-limit-list.css";

/** The limits a package has, in the order a merchant reads them. */
export const packageLimitResources = ["wallets", "currencies", "applications"] as const;
export type PackageLimitResource = (typeof packageLimitResources)[number];

/** A limit's line under it: what it counts and what happens at it; null is unlimited. */
export function usePackageLimitHint() {
  const { t } = useTranslation();
  return (resource: PackageLimitResource, limit: number | null) =>
    t(`packageLimits.${resource}.${limit === null ? "hintUnlimited" : "hint"}`);
}

/**
 * Each of a package's limits said in a merchant's words: the count in what it counts ("3 customer deposit
 * addresses"), and a muted line beneath saying what it means. Visible text, so it reads the same by keyboard, touch
 * and screen reader.
 */
export function PackageLimitList({ limits, testId }: { limits: PackageLimits; testId?: string }) {
  const { t } = useTranslation();
  const hint = usePackageLimitHint();
  return (
    <ul className="package-limit-list" aria-label={t("packageLimits.label")} data-testid={testId}>
      {packageLimitResources.map((resource) => {
        const limit = limits[resource];
        return (
          <li key={resource} className="package-limit" data-testid={`limit-${resource}`}>
            <span className="package-limit-label">
              {limit === null
                ? t(`packageLimits.${resource}.unlimited`)
                : t(`packageLimits.${resource}.count`, { count: limit })}
            </span>
            <span className={`package-limit-hint ${Classes.TEXT_MUTED}`}>{hint(resource, limit)}</span>
          </li>
        );
      })}
    </ul>
  );
}
