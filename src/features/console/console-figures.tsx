import { Button, ButtonGroup, Card, H2, HTMLTable, Spinner } from "@blueprintjs/core";
import { Refresh } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { type OverviewRange, overviewRanges } from "../../../contracts/schemas/console.ts";
import {
  type FiguresView,
  selectCanRetry,
  selectFigures,
  selectLive,
  selectTrend,
  type TrendView,
} from "../../../machines/console/console-overview-selectors.ts";
import { useServices, useSettingsActor } from "../../app/services-context.tsx";
import { usePageAddition } from "../../app/failure-callout.tsx";
import { formatCount, formatUsdt } from "../../i18n/format.ts";
import { provideConsoleOverview } from "./console-machines.ts";

// nivo comes with the trend only: the console home's own chunk leaves it to this one.
const TrendChart = lazy(() => import("./trend-chart.tsx"));

/**
 * The console home's figures: the balance, what is still on chain, today's receipts and invoices paid and their
 * trend, each what Application bills, Invoices and My wallet add up to; they load again when a deposit is credited while the page is open.
 */
export function ConsoleFigures() {
  const { t } = useTranslation();
  const actor = useActorRef(provideConsoleOverview(useServices()));
  const figures = useSelector(actor, selectFigures);
  const trend = useSelector(actor, selectTrend);
  const canRetry = useSelector(actor, selectCanRetry);
  const live = useSelector(actor, selectLive);
  const nextStep = usePageAddition();
  return (
    <section className="console-figures" aria-labelledby="console-figures-title" data-testid="console-figures">
      <div className="console-figures-heading">
        <H2 id="console-figures-title" className="card-title">
          {t("consoleHome.figures")}
        </H2>
        {live ? null : (
          <span className="console-feed-lost" data-testid="console-feed-lost">
            {t("consoleHome.feedLost")}{" "}
            <Button
              size="small"
              icon={<Refresh />}
              text={t("consoleHome.refresh")}
              onClick={() => actor.send({ type: "overview.refresh" })}
            />
          </span>
        )}
      </div>
      {figures.kind === "failed" ? (
        <Card className="console-figures-failed" data-testid="console-figures-failed">
          <p role="alert">
            {t("consoleHome.failed")} {nextStep(figures.failure)}
          </p>
          {canRetry ? (
            <Button
              intent="danger"
              text={t("consoleHome.retry")}
              onClick={() => actor.send({ type: "overview.retry" })}
            />
          ) : null}
        </Card>
      ) : (
        <FigureCards figures={figures} />
      )}
      <TrendCard trend={trend} onRange={(range) => actor.send({ type: "overview.range", range })} />
    </section>
  );
}

function FigureCards({ figures }: { figures: Exclude<FiguresView, { kind: "failed" }> }) {
  const { t, i18n } = useTranslation();
  const ready = figures.kind === "ready" ? figures : null;
  const busy = figures.kind === "loading" || figures.refreshing || undefined;
  const today = ready?.today;
  const invoicesOf = (count: number) => t("consoleHome.invoices", { count, n: formatCount(count, i18n.language) });
  return (
    <div className="console-figure-cards">
      <FigureCard testId="console-balance" label={t("consoleHome.balance")} value={ready?.balance} busy={busy}>
        {t("consoleHome.balanceNote")}
      </FigureCard>
      <FigureCard testId="console-main-chain" label={t("consoleHome.mainChain")} value={ready?.mainChain} busy={busy}>
        {t("consoleHome.mainChainNote")}
      </FigureCard>
      <FigureCard
        testId="console-today"
        label={t("consoleHome.today")}
        value={today?.amount}
        busy={busy}
        count={today?.count ?? ""}
      >
        {today ? t("consoleHome.deposits", { count: today.count, n: formatCount(today.count, i18n.language) }) : null}
      </FigureCard>
      <FigureCard
        testId="console-invoices-today"
        label={t("consoleHome.invoicesToday")}
        value={ready?.invoicesPaidToday.amount}
        busy={busy}
        count={ready?.invoicesPaidToday.count ?? ""}
      >
        {ready ? invoicesOf(ready.invoicesPaidToday.count) : null}
      </FigureCard>
    </div>
  );
}

interface FigureCardProps {
  testId: string;
  label: string;
  /** A decimal string of USDT; undefined while the first answer is awaited. */
  value: string | undefined;
  busy: true | undefined;
  /** The deposits a figure sums, when it sums some (the note's `data-count`; "" until the first answer). */
  count?: number | "";
  children: ReactNode;
}

/** One figure: its name, its USDT amount (a spinner until the first answer) and what it means. */
function FigureCard({ testId, label, value, busy, count, children }: FigureCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="console-figure" data-testid={testId} aria-busy={busy}>
      <span className="console-figure-label">{label}</span>
      <strong className="console-figure-value" data-value={value ?? ""}>
        {value === undefined ? (
          <Spinner size={16} aria-label={t("consoleHome.loading")} />
        ) : (
          formatUsdt(value, i18n.language)
        )}
      </strong>
      <span className="console-figure-note" data-count={count}>
        {children}
      </span>
    </Card>
  );
}

function TrendCard({ trend, onRange }: { trend: TrendView; onRange: (range: OverviewRange) => void }) {
  const { t, i18n } = useTranslation();
  const dark = useSelector(useSettingsActor(), (s) => s.context.settings.theme === "dark");
  const label =
    trend.total &&
    trend.shown &&
    t("consoleHome.trendLabel", {
      range: t(`consoleHome.rangeWords.${trend.shown}`),
      amount: formatUsdt(trend.total.amount, i18n.language),
      deposits: t("consoleHome.deposits", {
        count: trend.total.count,
        n: formatCount(trend.total.count, i18n.language),
      }),
    });
  const utcDay = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const depositsOf = (count: number) => t("consoleHome.deposits", { count, n: formatCount(count, i18n.language) });
  const invoicesLabel =
    trend.invoicesTotal &&
    trend.shown &&
    t("consoleHome.invoicesTrend", {
      range: t(`consoleHome.rangeWords.${trend.shown}`),
      amount: formatUsdt(trend.invoicesTotal.amount, i18n.language),
      invoices: t("consoleHome.invoices", {
        count: trend.invoicesTotal.count,
        n: formatCount(trend.invoicesTotal.count, i18n.language),
      }),
    });
  return (
    <Card className="console-trend" data-testid="console-trend" aria-busy={trend.refreshing || undefined}>
      <div className="console-trend-heading">
        <h3 className="console-trend-title" id="console-trend-title">
          {t("consoleHome.trend")}
        </h3>
        <ButtonGroup aria-label={t("consoleHome.rangeChoice")}>
          {overviewRanges.map((range) => (
            <Button
              key={range}
              size="small"
              text={t(`consoleHome.ranges.${range}`)}
              active={trend.range === range}
              aria-pressed={trend.range === range}
              onClick={() => onRange(range)}
            />
          ))}
        </ButtonGroup>
      </div>
      {trend.days && label ? (
        <>
          <div className="console-trend-chart" role="img" aria-label={label} data-testid="console-trend-chart">
            <Suspense fallback={<Spinner size={20} aria-label={t("consoleHome.loading")} />}>
              <TrendChart days={trend.days} dark={dark} locale={i18n.language} depositsOf={depositsOf} />
            </Suspense>
          </div>
          {invoicesLabel ? (
            <p className="console-trend-invoices" data-testid="console-trend-invoices">
              {invoicesLabel}
            </p>
          ) : null}
          <details className="console-trend-table" data-testid="console-trend-table">
            <summary>{t("consoleHome.showTable")}</summary>
            <HTMLTable compact striped data-testid="console-trend-receipts">
              <caption className="bp6-text-muted">{label}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("consoleHome.day")}</th>
                  <th scope="col">{t("consoleHome.amount")}</th>
                  <th scope="col">{t("consoleHome.count")}</th>
                </tr>
              </thead>
              <tbody>
                {trend.days.map((day) => (
                  <tr key={day.date} data-date={day.date} data-amount={day.amount} data-count={day.count}>
                    <th scope="row">{utcDay.format(new Date(`${day.date}T00:00:00Z`))}</th>
                    <td>{formatUsdt(day.amount, i18n.language)}</td>
                    <td>{formatCount(day.count, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            {/* Invoices in a table of their own: five columns would not fit a phone's width. */}
            {invoicesLabel && trend.invoicesPaid ? (
              <HTMLTable compact striped data-testid="console-trend-invoice-days">
                <caption className="bp6-text-muted">{invoicesLabel}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("consoleHome.day")}</th>
                    <th scope="col">{t("consoleHome.invoicesCount")}</th>
                    <th scope="col">{t("consoleHome.invoicesAmount")}</th>
                  </tr>
                </thead>
                <tbody>
                  {trend.days.map((day, i) => {
                    const invoices = trend.invoicesPaid?.[i];
                    return (
                      <tr key={day.date} data-invoice-date={day.date} data-invoices={invoices?.count ?? 0}>
                        <th scope="row">{utcDay.format(new Date(`${day.date}T00:00:00Z`))}</th>
                        <td>{formatCount(invoices?.count ?? 0, i18n.language)}</td>
                        <td>{formatUsdt(invoices?.amount ?? "0", i18n.language)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
            ) : null}
          </details>
        </>
      ) : trend.refreshing ? (
        <div className="console-trend-chart">
          <Spinner size={20} aria-label={t("consoleHome.loading")} />
        </div>
      ) : null}
    </Card>
  );
}
