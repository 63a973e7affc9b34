import { Card, H2 } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routePaths } from "../../app/route-names.ts";

/** The console home's quick entrances (spec: "quick entrances"): the pages a merchant goes to most, by their routes. */
const entrances = [
  { key: "packages", to: routePaths.orderBuy },
  { key: "apps", to: routePaths.app },
  { key: "bills", to: routePaths.bill },
  { key: "wallet", to: routePaths.wallet },
  { key: "myCurrencies", to: routePaths.myCurrencies },
] as const;

export function QuickEntrances() {
  const { t } = useTranslation();
  return (
    <Card className="console-entrances" data-testid="console-entrances">
      <H2 className="card-title" id="console-entrances-title">
        {t("consoleHome.entrances.title")}
      </H2>
      <nav aria-labelledby="console-entrances-title">
        <ul className="console-entrance-list">
          {entrances.map(({ key, to }) => (
            <li key={key}>
              <Link to={to} className="console-entrance">
                <strong>{t(`consoleHome.entrances.${key}`)}</strong>
                <span className="bp6-text-muted">{t(`consoleHome.entrances.${key}Note`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
