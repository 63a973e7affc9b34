import { NonIdealState } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="not-found">
      <NonIdealState
        icon={<Search size={48} />}
        title={t("notFound.title")}
        description={t("notFound.text")}
        action={
          <Link to="/home" className="bp6-button bp6-intent-primary">
            {t("notFound.home")}
          </Link>
        }
      />
    </main>
  );
}
