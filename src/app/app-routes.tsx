import { useSelector } from "@xstate/react";
import { type ReactNode, Suspense, useCallback } from "react";
import { Navigate, Route, Routes, useLocation, useParams } from "react-router";
import { RouteProgress } from "../ui/route-progress.tsx";
import { PrepareNavigation } from "./prepared-navigate.tsx";
import { guardRoute } from "./route-guard.ts";
import {
  ConsolePage,
  DefaultLayout,
  DemoPage,
  EnterprisePackPage,
  ForgotPasswordPage,
  HomePage,
  LoginPage,
  NotFoundPage,
  OrderBuyPage,
  OrdersPage,
  preloadRoute,
  RegisterPage,
  UserCentrePage,
} from "./route-modules.ts";
import { routePaths, sectionRedirects } from "./route-names.ts";
import { useServices } from "./services-context.tsx";

const comingLists = [
  routePaths.app,
  routePaths.bill,
  routePaths.rechargeBill,
  routePaths.currencybill,
  routePaths.wallet,
  routePaths.callback,
  routePaths.myCurrencies,
  routePaths.transactions,
];

function Guard({ children }: { children: ReactNode }) {
  const { session } = useServices();
  const hasToken = useSelector(session, (s) => s.context.token !== null);
  const location = useLocation();
  const decision = guardRoute({ hasToken, pathname: location.pathname, search: location.search });
  const prepare = useCallback(
    (to: string) => {
      const { pathname, search } = new URL(to, "http://console.invalid");
      return preloadRoute({ pathname, search }, hasToken);
    },
    [hasToken],
  );
  return decision.kind === "redirect" ? (
    <Navigate to={decision.to} replace />
  ) : (
    <PrepareNavigation prepare={prepare}>{children}</PrepareNavigation>
  );
}

function RedirectRoute() {
  const rest = useParams()["*"] ?? "";
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}

export function AppRoutes() {
  return (
    <Guard>
      <Suspense fallback={<RouteProgress />}>
        <Routes>
          <Route path="/" element={<Navigate to={routePaths.home} replace />} />
          <Route path={routePaths.home} element={<HomePage />} />
          <Route path={routePaths.demo01} element={<DemoPage />} />
          <Route path={routePaths.login} element={<LoginPage />} />
          <Route path={routePaths.register} element={<RegisterPage />} />
          <Route path={routePaths.forget} element={<ForgotPasswordPage />} />
          <Route path={routePaths.enterprisePack} element={<EnterprisePackPage />} />
          <Route path={routePaths.workplace} element={<Navigate to={routePaths.console} replace />} />
          <Route path="/redirect/*" element={<RedirectRoute />} />
          <Route element={<DefaultLayout />}>
            <Route path={routePaths.console} element={<ConsolePage />} />
            <Route path={routePaths.userCenter} element={<UserCentrePage />} />
            <Route path={routePaths.order} element={<OrdersPage />} />
            <Route path={routePaths.orderBuy} element={<OrderBuyPage />} />
            {Object.entries(sectionRedirects).map(([path, name]) => (
              <Route key={path} path={path} element={<Navigate to={routePaths[name]} replace />} />
            ))}
            {/* The app, bill, recharge-bill and currency screens arrive with their own issues. */}
            {comingLists.map((path) => (
              <Route key={path} path={path} element={<NotFoundPage inConsole />} />
            ))}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </Guard>
  );
}
