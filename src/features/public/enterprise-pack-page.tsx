import { Button, Callout, Card, Classes, H1, H2, HTMLTable } from "@blueprintjs/core";
import { Tick } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ServicePackage } from "../../../contracts/schemas/packages.ts";
import { type EnterprisePackView, selectEnterprisePack } from "../../../machines/public/package-catalogue-selectors.ts";
import { routePaths } from "../../app/route-names.ts";
import { useServices } from "../../app/services-context.tsx";
import { formatUsdt } from "../../i18n/format.ts";
import { type PackageLimitResource, usePackageLimitHint } from "../../ui/package-limit-list.tsx";
import { PublicLayout } from "./public-layout.tsx";
import { providePackageCatalogue } from "./public-machines.ts";

const included = ["price", "term", "wallets", "currencies", "apps", "payment"] as const;
type Included = (typeof included)[number];
const benefits = ["scale", "integration", "control"] as const;
/** The rows that are limits of the package, and the limit each is. */
const limitOf = { wallets: "wallets", currencies: "currencies", apps: "applications" } as const satisfies Partial<
  Record<Included, PackageLimitResource>
>;

/** The enterprise package: its price, term and limits from the catalogue, and the way to buy it. */
export default function EnterprisePackPage() {
  const { t } = useTranslation();
  const actor = useActorRef(providePackageCatalogue(useServices()));
  const view = useSelector(actor, selectEnterprisePack);
  return (
    <PublicLayout>
      <section className="hero" aria-labelledby="pack-title">
        <p className="eyebrow">{t("enterprise.eyebrow")}</p>
        <H1 id="pack-title">{t("enterprise.title")}</H1>
        <p className="hero-lead">{t("enterprise.lead")}</p>
      </section>

      <div className="pack-layout">
        <Card className="pack-card">
          <H2>{t("enterprise.includes")}</H2>
          <HTMLTable className="pack-table">
            <tbody>
              {included.map((key) => (
                <tr key={key}>
                  <th scope="row">{t(`enterprise.items.${key}.label`)}</th>
                  <td data-testid={`pack-${key}`} aria-busy={view.kind === "loading" || undefined}>
                    <PackValue item={key} view={view} />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {view.kind === "failed" ? (
            <Callout intent="warning" role="alert" className="pack-status">
              {t("enterprise.loadFailed")}{" "}
              <Button
                size="small"
                text={t("enterprise.retry")}
                onClick={() => actor.send({ type: "catalogue.retry" })}
              />
            </Callout>
          ) : null}
          {view.kind === "missing" ? (
            <Callout intent="primary" className="pack-status">
              {t("enterprise.notOnSale")}
            </Callout>
          ) : null}
        </Card>

        <Card className="pack-card pack-cta" aria-labelledby="pack-cta">
          <H2 id="pack-cta">{t("enterprise.ctaTitle")}</H2>
          <ul className="tick-list">
            {benefits.map((key) => (
              <li key={key}>
                <Tick className="tick-icon" />
                <span>{t(`enterprise.benefits.${key}`)}</span>
              </li>
            ))}
          </ul>
          <div className="hero-actions">
            <Link to={routePaths.register} className="bp6-button bp6-intent-primary bp6-large">
              {t("enterprise.cta")}
            </Link>
            <Link to={`${routePaths.login}?redirect=orderBuy`} className="bp6-button bp6-large">
              {t("enterprise.upgrade")}
            </Link>
          </div>
          <p className="pack-note">{t("enterprise.note")}</p>
        </Card>
      </div>

      <p className="back-link">
        <Link to={routePaths.home} className="back-link-anchor">
          {t("enterprise.backHome")}
        </Link>
      </p>
    </PublicLayout>
  );
}

/** One value of the table: from the catalogue's enterprise package once it is loaded; a placeholder until then. */
function PackValue({ item, view }: { item: Included; view: EnterprisePackView }) {
  const { t, i18n } = useTranslation();
  const hint = usePackageLimitHint();
  if (item === "payment") return <>{t("enterprise.items.payment.value")}</>;
  if (view.kind === "loading") return <span className={Classes.SKELETON}>{t("enterprise.loading")}</span>;
  if (view.kind !== "ready") return <>{t("enterprise.unknown")}</>;
  const { pack } = view;
  const limit = (n: number | null) => (n === null ? t("enterprise.unlimited") : String(n));
  const values: Record<Exclude<Included, "payment">, (p: ServicePackage) => string> = {
    price: (p) => formatUsdt(p.price, i18n.language),
    term: (p) =>
      t("enterprise.items.term.value", { term: t(`enterprise.terms.${p.termUnit}`, { count: p.termCount }) }),
    wallets: (p) => limit(p.limits.wallets),
    currencies: (p) => limit(p.limits.currencies),
    apps: (p) => limit(p.limits.applications),
  };
  const resource = limitOf[item as keyof typeof limitOf];
  if (!resource) return <>{values[item](pack)}</>;
  // A limit says what it means beneath its value.
  return (
    <>
      {values[item](pack)}
      <span className={`pack-limit-hint ${Classes.TEXT_MUTED}`}>{hint(resource, pack.limits[resource])}</span>
    </>
  );
}
