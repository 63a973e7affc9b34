import { OverlaysProvider } from "@blueprintjs/core";
import type { i18n } from "i18next";
import { type ReactNode, StrictMode } from "react";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { ReloginDialog } from "../layout/relogin-dialog.tsx";
import { useDocumentSettings, useDocumentViewport } from "../layout/use-document-settings.ts";
import { RouteChangeProgress } from "../ui/route-progress.tsx";
import { AppRoutes } from "./app-routes.tsx";
import type { Services } from "./services.ts";
import { ServicesProvider, useServices } from "./services-context.tsx";
import { useDocumentTitle } from "./use-document-title.ts";

/** Everything a page needs around it; the console adds the browser router, tests a memory router. */
export function AppFrame({ services, i18n, children }: { services: Services; i18n: i18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <OverlaysProvider>{children}</OverlaysProvider>
      </ServicesProvider>
    </I18nextProvider>
  );
}

export function AppScreens() {
  const { settings, navDrawer } = useServices();
  useDocumentSettings(settings);
  useDocumentViewport(navDrawer);
  useDocumentTitle();
  return (
    <>
      <RouteChangeProgress />
      <AppRoutes />
      <ReloginDialog />
    </>
  );
}

export function App({ services, i18n }: { services: Services; i18n: i18n }) {
  return (
    <StrictMode>
      <AppFrame services={services} i18n={i18n}>
        <BrowserRouter>
          <AppScreens />
        </BrowserRouter>
      </AppFrame>
    </StrictMode>
  );
}
