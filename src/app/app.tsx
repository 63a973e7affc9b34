import { OverlaysProvider } from "@blueprintjs/core";
import type { i18n } from "i18next";
import { StrictMode } from "react";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { ReloginDialog } from "../layout/relogin-dialog.tsx";
import { AppRoutes } from "./app-routes.tsx";
import type { Services } from "./services.ts";
import { ServicesProvider } from "./services-context.tsx";

export function App({ services, i18n }: { services: Services; i18n: i18n }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider services={services}>
          <OverlaysProvider>
            <BrowserRouter>
              <AppRoutes />
              <ReloginDialog />
            </BrowserRouter>
          </OverlaysProvider>
        </ServicesProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
