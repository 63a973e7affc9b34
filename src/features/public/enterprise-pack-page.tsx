import { Card, H1, H2, HTMLTable } from "@blueprintjs/core";
import { Tick } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routePaths } from "../../app/route-names.ts";
import { PublicLayout } from "./public-layout.tsx";

const included = ["wallets", "currencies", "apps", "term", "payment", "support"] as const;
const benefits = ["scale", "integration", "control"] as const;

/** The enterprise package: what it includes, and the way to buy it. */
export default function EnterprisePackPage() {
  const { t } = useTranslation();
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
                  <td>{t(`enterprise.items.${key}.value`)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
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
            <Link to={`${routePaths.login}?redirect=order`} className="bp6-button bp6-large">
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
