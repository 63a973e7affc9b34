import { useSelector } from "@xstate/react";
import { type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes, useLocation, useParams } from "react-router";
import { RouteProgress } from "../ui/route-progress.tsx";
import { type ConsoleRoute, consoleRoutes, type RouteName } from "../../contracts/console-routes.ts";
import { RouteCode } from "./route-code.tsx";
import { guardRoute } from "./route-guard.ts";
import { DefaultLayout, NotFoundPage, routeModulesFor, routePages } from "./route-modules.ts";
import { routePaths, sectionRedirects } from "./route-names.ts";
import { useSessionActor } from "./services-context.tsx";

const routes = Object.entries(consoleRoutes) as Array<[RouteName, ConsoleRoute]>;

/** A route of the table as the router's element: its page, or a redirect to the route it names. */
function elementOf(name: RouteName, route: ConsoleRoute) {
  if (route.redirectTo) return <Navigate to={routePaths[route.redirectTo as RouteName]} replace />;
  const Page = routePages[name as keyof typeof routePages];
  return <Page />;
}

const routeElements = (access: ConsoleRoute["access"], redirects: boolean) =>
  routes
    .filter(([, route]) => (route.access === access && !route.redirectTo) || (redirects && route.redirectTo))
    .map(([name, route]) => <Route key={name} path={route.path} element={elementOf(name, route)} />);

function Guard({ children }: { children: ReactNode }) {
  const session = useSessionActor();
  const hasToken = useSelector(session, (s) => s.context.token !== null);
  const location = useLocation();
  const decision = guardRoute({ hasToken, pathname: location.pathname, search: location.search });
  return decision.kind === "redirect" ? <Navigate to={decision.to} replace /> : children;
}

function RedirectRoute() {
  const rest = useParams()["*"] ?? "";
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}

export function AppRoutes() {
  const session = useSessionActor();
  const hasToken = useSelector(session, (s) => s.context.token !== null);
  // A path the console does not know: inside the signed-in layout (leading back to the console) for a merchant.
  const notFound = <Route path="*" element={<NotFoundPage inConsole={hasToken} />} />;
  return (
    // The boundary outlives the guard's redirects, so the page they lead to is held (not a fallback) while it loads.
    <Suspense fallback={<RouteProgress />}>
      <Guard>
        <RouteCode modulesOf={(location) => routeModulesFor(location, hasToken)}>
          <Routes>
            <Route path="/" element={<Navigate to={routePaths.home} replace />} />
            {routeElements("public", true)}
            <Route path="/redirect/*" element={<RedirectRoute />} />
            <Route element={<DefaultLayout />}>
              {routeElements("console", false)}
              {Object.entries(sectionRedirects).map(([path, name]) => (
                <Route key={path} path={path} element={<Navigate to={routePaths[name]} replace />} />
              ))}
              {hasToken ? notFound : null}
            </Route>
            {hasToken ? null : notFound}
          </Routes>
        </RouteCode>
      </Guard>
    </Suspense>
  );
}
