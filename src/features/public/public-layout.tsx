import { Button, Navbar, NavbarGroup, NavbarHeading } from "@blueprintjs/core";
import { Flash, Moon } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useServices } from "../../app/services-context.tsx";
import { routePaths } from "../../app/route-names.ts";
import { Footer } from "../../layout/footer.tsx";
import { LanguageSelect } from "../../layout/language-select.tsx";
import { BrandMark } from "../../ui/brand-mark.tsx";

/** The frame of the public pages: brand, product links, theme and language, sign in / register, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { settings } = useServices();
  const dark = useSelector(settings, (s) => s.context.settings.theme === "dark");
  const themeLabel = dark ? t("navbar.lightTheme") : t("navbar.darkTheme");
  return (
    <div className="public-shell">
      <header>
        <Navbar className="app-navbar public-navbar">
          <NavbarGroup>
            <NavbarHeading>
              <Link to={routePaths.home} className="navbar-brand">
                <BrandMark size={24} />
                <span>{t("app.name")}</span>
              </Link>
            </NavbarHeading>
            <nav aria-label={t("public.navLabel")} className="public-nav">
              <NavLink to={routePaths.enterprisePack} className="bp6-button bp6-minimal">
                {t("public.enterprisePack")}
              </NavLink>
              <NavLink to={routePaths.demo01} className="bp6-button bp6-minimal">
                {t("public.demo")}
              </NavLink>
            </nav>
          </NavbarGroup>
          <NavbarGroup align="end" className="navbar-tools">
            <Button variant="minimal" icon={dark ? <Flash /> : <Moon />} aria-label={themeLabel} title={themeLabel} onClick={() => settings.send({ type: "theme.toggle" })} />
            <LanguageSelect />
            <Link to={routePaths.login} className="bp6-button bp6-minimal">
              {t("login.submit")}
            </Link>
            <Link to={routePaths.register} className="bp6-button bp6-intent-primary">
              {t("home.register")}
            </Link>
          </NavbarGroup>
        </Navbar>
      </header>
      <main className="public-content">{children}</main>
      <Footer />
    </div>
  );
}
