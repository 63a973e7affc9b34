import { Card, H1, H2 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PublicLayout } from "./public-layout.tsx";

const points = ["wallets", "currencies", "apps", "support"] as const;

export default function EnterprisePackPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <section className="hero">
        <H1>{t("enterprise.title")}</H1>
        <p className="hero-lead">{t("enterprise.lead")}</p>
      </section>
      <Card className="pack-card">
        <H2>{t("enterprise.includes")}</H2>
        <ul>
          {points.map((key) => (
            <li key={key}>{t(`enterprise.points.${key}`)}</li>
          ))}
        </ul>
        <Link to="/register" className="bp6-button bp6-intent-primary bp6-large">
          {t("enterprise.cta")}
        </Link>
      </Card>
    </PublicLayout>
  );
}
