import { useTranslation } from "react-i18next";

export function Footer() {
  const { t } = useTranslation();
  return <footer className="app-footer">{t("app.copyright", { year: new Date().getFullYear() })}</footer>;
}
