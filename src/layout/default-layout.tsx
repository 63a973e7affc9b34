import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from "@blueprintjs/core";
import { LogOut, User } from "@blueprintjs/icons";
import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { useServices } from "../app/services-context.tsx";
import { BrandMark } from "../ui/brand-mark.tsx";
import { Footer } from "./footer.tsx";

/** The signed-in frame: navbar with the merchant and logout, the page, the footer. */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const { session } = useServices();
  const user = useSelector(session, (s) => s.context.user);
  const leaving = useSelector(session, (s) => s.matches("loggingOut"));
  return (
    <div className="app-shell">
      <Navbar className="app-navbar">
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading>
            <Link to="/console/index" className="navbar-brand">
              <BrandMark size={24} />
              <span>{t("app.name")}</span>
            </Link>
          </NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <span className="navbar-user">
            <User aria-hidden="true" /> {user?.nickName || user?.email}
          </span>
          <NavbarDivider />
          <Button variant="minimal" icon={<LogOut />} text={t("session.logout")} loading={leaving} onClick={() => session.send({ type: "logout" })} />
        </NavbarGroup>
      </Navbar>
      <main className="app-content">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
