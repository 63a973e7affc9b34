import { Card, H2, Tab, Tabs } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { openApiPrefix } from "../../../contracts/open-api-prefix.ts";
import { signPython, signTypeScript, verifyPython, verifyTypeScript } from "./developer-snippets.ts";

const accessSteps = ["register", "package", "application", "addresses", "callbacks"] as const;
const guideSteps = ["currencies", "bills", "wallet", "callbacks"] as const;

/**
 * The console home's help documents (spec: product overview, usage guide, access process, developer centre), one tab
 * each. The developer centre's code is docs/open-api.md's (developer-snippets.ts).
 */
export function HelpDocuments() {
  const { t } = useTranslation();
  return (
    <Card className="console-help" data-testid="console-help">
      <H2 className="card-title" id="console-help-title">
        {t("consoleHome.help.title")}
      </H2>
      <Tabs id="console-help" defaultSelectedTabId="overview" renderActiveTabPanelOnly className="console-help-tabs">
        <Tab id="overview" title={t("consoleHome.help.overview.title")} panel={<Overview />} />
        <Tab id="guide" title={t("consoleHome.help.guide.title")} panel={<Guide />} />
        <Tab id="access" title={t("consoleHome.help.access.title")} panel={<Access />} />
        <Tab id="developer" title={t("consoleHome.help.developer.title")} panel={<DeveloperCentre />} />
      </Tabs>
    </Card>
  );
}

function Overview() {
  const { t } = useTranslation();
  return (
    <div className="console-help-panel">
      <p>{t("consoleHome.help.overview.what")}</p>
      <p>{t("consoleHome.help.overview.how")}</p>
    </div>
  );
}

function Guide() {
  const { t } = useTranslation();
  return (
    <ul className="console-help-panel">
      {guideSteps.map((step) => (
        <li key={step}>{t(`consoleHome.help.guide.${step}`)}</li>
      ))}
    </ul>
  );
}

function Access() {
  const { t } = useTranslation();
  return (
    <ol className="console-help-panel">
      {accessSteps.map((step) => (
        <li key={step}>{t(`consoleHome.help.access.${step}`)}</li>
      ))}
    </ol>
  );
}

function DeveloperCentre() {
  const { t } = useTranslation();
  const base = `${window.location.origin}${openApiPrefix}`;
  return (
    <div className="console-help-panel" data-testid="console-developer">
      <p>{t("consoleHome.help.developer.intro")}</p>
      <dl className="console-help-facts">
        <dt>{t("consoleHome.help.developer.baseUrl")}</dt>
        <dd>
          <code data-testid="open-api-base">{base}</code>
        </dd>
        <dt>{t("consoleHome.help.developer.document")}</dt>
        <dd>
          <a href={`${openApiPrefix}/openapi.json`} target="_blank" rel="noreferrer">
            {`${base}/openapi.json`}
          </a>
        </dd>
      </dl>
      <h3 className="console-help-heading">{t("consoleHome.help.developer.sign")}</h3>
      <p>{t("consoleHome.help.developer.signNote")}</p>
      <Snippet language="TypeScript" code={signTypeScript} />
      <Snippet language="Python" code={signPython} />
      <h3 className="console-help-heading">{t("consoleHome.help.developer.verify")}</h3>
      <p>{t("consoleHome.help.developer.verifyNote")}</p>
      <Snippet language="TypeScript" code={verifyTypeScript} />
      <Snippet language="Python" code={verifyPython} />
    </div>
  );
}

function Snippet({ language, code }: { language: string; code: string }) {
  return (
    <figure className="console-snippet">
      <figcaption>{language}</figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled code block is reached by keyboard to scroll it */}
      <pre tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
