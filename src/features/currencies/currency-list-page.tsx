import { Button, Callout, Card, H1 } from "@blueprintjs/core";
import { Refresh } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import {
  selectCanReload,
  selectCurrencySummary,
  selectCurrencyTable,
} from "../../../machines/currencies/currency-list-selectors.ts";
import { useServices } from "../../app/services-context.tsx";
import { CurrencyTable } from "./currency-table.tsx";
import { provideCurrencyList } from "./currency-machines.ts";
import "../../ui/list-page.css";
import "./currencies.css";

/** Currency list (spec section 2): the coins and tokens the service carries, those deposits are credited in here first. */
export default function CurrencyListPage() {
  const { t } = useTranslation();
  const actor = useActorRef(provideCurrencyList(useServices()));
  const table = useSelector(actor, selectCurrencyTable);
  const summary = useSelector(actor, selectCurrencySummary);
  const canReload = useSelector(actor, selectCanReload);
  const refreshing = table.kind === "rows" && table.refreshing;
  return (
    <section className="page currencies-page" aria-labelledby="currencies-title">
      <div className="list-heading">
        <H1 id="currencies-title" className="page-title">
          {t("currencies.title")}
        </H1>
        <Button
          variant="minimal"
          icon={<Refresh />}
          text={t("currencies.reload")}
          loading={refreshing}
          disabled={!canReload}
          onClick={() => actor.send({ type: "currencies.reload" })}
        />
      </div>
      <Callout intent="primary" className="currencies-intro">
        <p>{t("currencies.intro")}</p>
        {summary ? (
          <p data-testid="currencies-summary">
            {t("currencies.summary", { count: summary.credited, chains: summary.chains })}
          </p>
        ) : null}
      </Callout>
      <Card className="currencies-card">
        <CurrencyTable view={table} onRetry={() => actor.send({ type: "currencies.retry" })} />
      </Card>
    </section>
  );
}
