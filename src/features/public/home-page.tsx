import { Card, H1, H2, H3, HTMLTable } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routePaths } from "../../app/route-names.ts";
import { supportedChains } from "./chains.ts";
import { PublicLayout } from "./public-layout.tsx";

const features = ["collect", "apps", "callbacks", "bills"] as const;
const steps = ["register", "package", "app", "collect"] as const;

/** The landing page: what the service does, where it collects, how to start, and the way to the enterprise pack. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <section className="hero" aria-labelledby="home-title">
        <H1 id="home-title">{t("home.title")}</H1>
        <p className="hero-lead">{t("home.lead")}</p>
        <StartActions>
          <Link to={routePaths.demo01} className="bp6-button bp6-minimal bp6-large">
            {t("home.tryDemo")}
          </Link>
        </StartActions>
      </section>

      <section className="public-section" aria-labelledby="home-features">
        <H2 id="home-features">{t("home.featuresLabel")}</H2>
        <div className="feature-grid">
          {features.map((key) => (
            <Card key={key}>
              <TitledText part={`features.${key}`} />
            </Card>
          ))}
        </div>
      </section>

      <section className="public-section" aria-labelledby="home-chains">
        <H2 id="home-chains">{t("home.chains.title")}</H2>
        <p>{t("home.chains.lead")}</p>
        <HTMLTable className="chain-table">
          <thead>
            <tr>
              <th scope="col">{t("home.chains.network")}</th>
              <th scope="col">{t("home.chains.token")}</th>
              <th scope="col">{t("home.chains.standard")}</th>
            </tr>
          </thead>
          <tbody>
            {supportedChains.map((c) => (
              <tr key={c.chain}>
                <th scope="row">{c.network}</th>
                <td>{c.token}</td>
                <td>{c.standard}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <p className="chain-note">{t("home.chains.coinsNote")}</p>
      </section>

      <section className="public-section" aria-labelledby="home-steps">
        <H2 id="home-steps">{t("home.steps.title")}</H2>
        <ol className="step-list">
          {steps.map((key) => (
            <li key={key}>
              <TitledText part={`steps.${key}`} />
            </li>
          ))}
        </ol>
      </section>

      <section className="public-section" aria-labelledby="home-pricing">
        <Card className="pricing-teaser">
          <H2 id="home-pricing">{t("home.pricing.title")}</H2>
          <p>{t("home.pricing.text")}</p>
          <Link to={routePaths.enterprisePack} className="bp6-button bp6-intent-primary">
            {t("home.seeEnterprise")}
          </Link>
        </Card>
      </section>

      <section className="public-section cta-band" aria-labelledby="home-cta">
        <H2 id="home-cta">{t("home.cta.title")}</H2>
        <p>{t("home.cta.text")}</p>
        <StartActions />
      </section>
    </PublicLayout>
  );
}

/** Register and sign in, the ways to start, then `children` (the hero adds the demo). */
function StartActions({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="hero-actions">
      <Link to={routePaths.register} className="bp6-button bp6-intent-primary bp6-large">
        {t("home.register")}
      </Link>
      <Link to={routePaths.login} className="bp6-button bp6-large">
        {t("home.signIn")}
      </Link>
      {children}
    </div>
  );
}

/** A feature or a step: its title and its text. */
function TitledText({ part }: { part: `features.${(typeof features)[number]}` | `steps.${(typeof steps)[number]}` }) {
  const { t } = useTranslation();
  return (
    <>
      <H3>{t(`home.${part}.title`)}</H3>
      <p>{t(`home.${part}.text`)}</p>
    </>
  );
}
