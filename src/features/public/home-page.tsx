import { Card, H1, H2 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PublicLayout } from "./public-layout.tsx";

const features = ["collect", "apps", "callbacks", "bills"] as const;

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <section className="hero">
        <H1>{t("home.title")}</H1>
        <p className="hero-lead">{t("home.lead")}</p>
        <div className="hero-actions">
          <Link to="/register" className="bp6-button bp6-intent-primary bp6-large">
            {t("home.register")}
          </Link>
          <Link to="/products/enterprise-pack" className="bp6-button bp6-large">
            {t("home.seeEnterprise")}
          </Link>
        </div>
      </section>
      <section className="feature-grid" aria-label={t("home.featuresLabel")}>
        {features.map((key) => (
          <Card key={key}>
            <H2>{t(`home.features.${key}.title`)}</H2>
            <p>{t(`home.features.${key}.text`)}</p>
          </Card>
        ))}
      </section>
    </PublicLayout>
  );
}
