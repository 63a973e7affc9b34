import { OverlaysProvider } from "@blueprintjs/core";
import type { i18n } from "i18next";
import { useSelector } from "@xstate/react";
import { type ComponentType, type ReactNode, StrictMode, Suspense, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { useDocumentSettings, useDocumentViewport } from "../layout/use-document-settings.ts";
import { RouteChangeProgress } from "../ui/route-progress.tsx";
import { AppRoutes } from "./app-routes.tsx";
import { lazyRoute } from "./lazy-route.ts";
import { PageFirstRouter } from "./page-first-router.tsx";
import type { Services } from "./services.ts";
import { ServicesProvider, useNavDrawerActor, useSessionActor, useSettingsActor } from "./services-context.tsx";
import { useDocumentTitle } from "./use-document-title.ts";
import { useToastsFollowPage } from "./use-toasts-follow-page.ts";

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

// Its own chunk (with Blueprint's Dialog and transitions): fetched when a session first expires, not on every page.
const ReloginDialog = lazyRoute(() =>
  import("../layout/relogin-dialog.tsx").then((m) => ({ default: m.ReloginDialog })),
);

/** The Re-Login dialog, mounted from the first time it opens on (so it can animate closed). */
function ReloginDialogWhenOpen() {
  const session = useSessionActor();
  const open = useSelector(session, (s) => s.hasTag("reloginOpen"));
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <ReloginDialog />
    </Suspense>
  ) : null;
}

export function AppScreens() {
  const settings = useSettingsActor();
  const navDrawer = useNavDrawerActor();
  useDocumentSettings(settings);
  useDocumentViewport(navDrawer);
  useDocumentTitle();
  useToastsFollowPage();
  return (
    <>
      <RouteChangeProgress />
      <AppRoutes />
      <ReloginDialogWhenOpen />
    </>
  );
}

/**
 * The console. The browser gives it PageFirstRouter (the address follows the page); the build's prerender (src/prerender/render-page.tsx)
 * a StaticRouter at the page's path, in the same place, so hydration meets the same tree.
 */
export function App({
  services,
  i18n,
  Router = PageFirstRouter,
}: {
  services: Services;
  i18n: i18n;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <StrictMode>
      <AppFrame services={services} i18n={i18n}>
        <Router>
          <AppScreens />
        </Router>
      </AppFrame>
    </StrictMode>
  );
}
