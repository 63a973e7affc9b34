import { Callout, Card, H1 } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type MyCurrencySummary,
  selectHeldCount,
  selectMyCurrencySummary,
  selectMyCurrencyTable,
  selectOffersPackages,
  selectSwitchRefusal,
} from "../../../machines/currencies/my-currencies-selectors.ts";
import { FailureScope } from "../../app/failure-callout.tsx";
import { routePaths } from "../../app/route-names.ts";
import { useServices } from "../../app/services-context.tsx";
import { MyCurrencyTable } from "./my-currency-table.tsx";
import { provideMyCurrencies } from "./my-currencies-machines.ts";
import "../../ui/list-page.css";
import "./my-currencies.css";

/** The sentence for the currencies offered here, all fitting the package: every one accepted, none, or some. */
const offeredWording = (accepted: number, offered: number) =>
  accepted === offered
    ? "myCurrencies.summaryOfferedAll"
    : accepted === 0
      ? "myCurrencies.summaryOfferedNone"
      : "myCurrencies.summaryOffered";

/** My currencies: the token currencies the merchant's applications accept, each switched on or off. */
export default function MyCurrenciesPage() {
  const { t } = useTranslation();
  const actor = useActorRef(provideMyCurrencies(useServices()));
  const table = useSelector(actor, selectMyCurrencyTable);
  const summary = useSelector(actor, selectMyCurrencySummary);
  const refusal = useSelector(actor, selectSwitchRefusal);
  const offersPackages = useSelector(actor, selectOffersPackages);
  const heldCount = useSelector(actor, selectHeldCount);
  const summaryText = (s: MyCurrencySummary) =>
    s.kind === "limited"
      ? s.limit > s.offered && s.offered > 0
        ? t(offeredWording(s.accepted, s.offered), { accepted: s.accepted, count: s.offered, limit: s.limit })
        : t("myCurrencies.summary", { accepted: s.accepted, count: s.limit })
      : s.kind === "unlimited"
        ? t("myCurrencies.summaryUnlimited", { count: s.accepted })
        : t("myCurrencies.noPackage");
  return (
    <section className="page my-currencies-page" aria-labelledby="my-currencies-title">
      <div className="list-heading">
        <H1 id="my-currencies-title" className="page-title">
          {t("myCurrencies.title")}
        </H1>
      </div>
      <Callout intent="primary" className="my-currencies-intro">
        <p>{t("myCurrencies.intro")}</p>
        {summary ? <p data-testid="my-currencies-summary">{summaryText(summary)}</p> : null}
        {summary?.defaulted && summary.kind !== "noPackage" ? (
          <p data-testid="my-currencies-default">{t("myCurrencies.defaulted")}</p>
        ) : null}
        {heldCount > 0 ? (
          <p data-testid="my-currencies-held">{t("myCurrencies.heldNote", { count: heldCount })}</p>
        ) : null}
      </Callout>
      {refusal || offersPackages ? (
        <div className="my-currencies-refusal">
          <FailureScope failure={refusal} />
          {offersPackages ? (
            <p className="my-currencies-offer" data-testid="my-currencies-packages">
              <Link to={routePaths.orderBuy} className="bp6-button bp6-intent-primary">
                <span className="bp6-button-text">{t("myCurrencies.seePackages")}</span>
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <Card className="my-currencies-card">
        <MyCurrencyTable
          view={table}
          onRetry={() => actor.send({ type: "myCurrencies.retry" })}
          onSwitch={(row) =>
            actor.send({
              type: "myCurrencies.toggle",
              chainId: row.chainId,
              contractAddress: row.contractAddress,
              accepted: !row.accepted,
            })
          }
        />
      </Card>
    </section>
  );
}
