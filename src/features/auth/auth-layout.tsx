import { Card, H1 } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSelect } from "../../layout/language-select.tsx";
import { BrandMark } from "../../ui/brand-mark.tsx";

/** The frame of the sign-in, register and forgot-password pages. */
export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <Link to="/home" className="auth-brand" aria-label={t("app.home")}>
        <BrandMark />
        <span>{t("app.name")}</span>
      </Link>
      <Card className="auth-card" elevation={2}>
        <H1 className="auth-title">{title}</H1>
        {children}
      </Card>
      {footer ? <div className="auth-footer">{footer}</div> : null}
      <LanguageSelect />
    </main>
  );
}
