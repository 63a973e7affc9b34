import { Button, FormGroup, Menu, MenuItem, Navbar, NavbarGroup, NavbarHeading, PopoverNext } from "@blueprintjs/core";
import { Flash, Menu as MenuIcon, Moon } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useNavigate } from "react-router";
import { routePaths } from "../../app/route-names.ts";
import { useSettingsActor } from "../../app/services-context.tsx";
import { Footer } from "../../layout/footer.tsx";
import { LanguageSelect } from "../../layout/language-select.tsx";
import { BrandMark } from "../../ui/brand-mark.tsx";

const productLinks = [
  { to: routePaths.enterprisePack, key: "public.enterprisePack" },
  { to: routePaths.demo01, key: "public.demo" },
] as const;

/**
 * The frame of the public pages: brand, product links, theme and language, sign in / register, footer. On a narrow
 * screen the navbar keeps the brand and Sign in; the product links, theme, language and Register go into a menu.
 * These pages are prerendered, so both arrangements are in the markup and a media query (src/styles/narrow.css, `wide-only` and
 * `narrow-only`) picks one: a phone's first paint is already the phone's, and hydration meets the same markup at
 * every width.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useSettingsActor();
  const dark = useSelector(settings, (s) => s.context.settings.theme === "dark");
  const themeLabel = dark ? t("navbar.lightTheme") : t("navbar.darkTheme");
  const toggleTheme = () => settings.send({ type: "theme.toggle" });
  return (
    <div className="public-shell">
      <header>
        <Navbar className="app-navbar public-navbar">
          <NavbarGroup className="navbar-start">
            <NavbarHeading>
              <Link to={routePaths.home} className="navbar-brand">
                <BrandMark size={24} />
                <span>{t("app.name")}</span>
              </Link>
            </NavbarHeading>
            <nav aria-label={t("public.navLabel")} className="public-nav wide-only">
              {productLinks.map((link) => (
                <NavLink key={link.to} to={link.to} className="bp6-button bp6-minimal">
                  {t(link.key)}
                </NavLink>
              ))}
            </nav>
          </NavbarGroup>
          <NavbarGroup align="end" className="navbar-tools">
            <span className="public-tools wide-only">
              <Button
                variant="minimal"
                icon={dark ? <Flash /> : <Moon />}
                aria-label={themeLabel}
                title={themeLabel}
                onClick={toggleTheme}
              />
              <LanguageSelect />
            </span>
            <Link to={routePaths.login} className="bp6-button bp6-minimal">
              {t("login.submit")}
            </Link>
            <span className="public-tools narrow-only">
              <PublicMenu themeIcon={dark ? <Flash /> : <Moon />} themeLabel={themeLabel} onTheme={toggleTheme} />
            </span>
            <Link to={routePaths.register} className="bp6-button bp6-intent-primary wide-only">
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

/** A narrow screen's menu of the public navbar. */
function PublicMenu({
  themeIcon,
  themeLabel,
  onTheme,
}: {
  themeIcon: React.JSX.Element;
  themeLabel: string;
  onTheme: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const languageId = useId();
  const go = (to: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  const content = (
    <div className="account-popover">
      <FormGroup label={t("language.label")} labelFor={languageId} inline className="account-language">
        <LanguageSelect id={languageId} />
      </FormGroup>
      <Menu aria-label={t("public.navLabel")}>
        {productLinks.map((link) => (
          <MenuItem key={link.to} href={link.to} text={t(link.key)} onClick={go(link.to)} />
        ))}
        <MenuItem href={routePaths.register} text={t("home.register")} onClick={go(routePaths.register)} />
        <MenuItem icon={themeIcon} text={themeLabel} shouldDismissPopover={false} onClick={onTheme} />
      </Menu>
    </div>
  );
  return (
    // Its links open pages whose first field takes the cursor: focus handed back to this button when the menu has
    // faded out would pull it from under the visitor's typing. Escape still returns it.
    <PopoverNext placement="bottom-end" content={content} shouldReturnFocusOnClose={false}>
      <Button variant="minimal" icon={<MenuIcon />} aria-label={t("public.menu")} title={t("public.menu")} />
    </PopoverNext>
  );
}
