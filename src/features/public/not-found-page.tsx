import { H1, NonIdealState } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routePaths } from "../../app/route-names.ts";
import "./not-found-page.css";

/**
 * Any path the console does not know. Inside the signed-in layout it leads back to the console;
 * outside it, home. The layout already has its <main>, so only the bare page gets one.
 */
export default function NotFoundPage({ inConsole = false }: { inConsole?: boolean }) {
  const { t } = useTranslation();
  const content = (
    <NonIdealState
      icon={<Search size={48} />}
      description={
        <>
          <H1 className="not-found-title">{t("notFound.title")}</H1>
          <p>{t("notFound.text")}</p>
        </>
      }
      action={
        <Link to={inConsole ? routePaths.console : routePaths.home} className="bp6-button bp6-intent-primary">
          {inConsole ? t("notFound.console") : t("notFound.home")}
        </Link>
      }
    />
  );
  return inConsole ? <section className="not-found">{content}</section> : <main className="not-found">{content}</main>;
}
