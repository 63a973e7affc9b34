import { AnchorButton, Navbar, NavbarGroup, NavbarHeading } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Footer } from "../../layout/footer.tsx";
import { BrandMark } from "../../ui/brand-mark.tsx";

/** The frame of the public pages: brand, sign in / register, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-shell">
      <header>
      <Navbar className="app-navbar">
        <NavbarGroup>
          <NavbarHeading>
            <Link to="/home" className="navbar-brand">
              <BrandMark size={24} />
              <span>{t("app.name")}</span>
            </Link>
          </NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align="end">
          <Link to="/login" className="bp6-button bp6-minimal">
            {t("login.submit")}
          </Link>
          <AnchorButton href="/register" intent="primary" text={t("home.register")} />
        </NavbarGroup>
      </Navbar>
      </header>
      <main className="public-content">{children}</main>
      <Footer />
    </div>
  );
}
