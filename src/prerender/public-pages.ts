import { type RouteName, routePaths } from "../app/route-names.ts";

/**
 * The public entry pages rendered to HTML at build time (scripts/prerender.ts), each with the source of its
 * route module (for its modulepreload hints) and whether a stored token sends it elsewhere before it shows.
 */
export interface PrerenderedPage {
  route: RouteName;
  path: string;
  module: string;
  /** The guard sends a signed-in visitor on (only /login): the page must not paint for them. */
  leavesWhenSignedIn: boolean;
}

export const prerenderedPages: readonly PrerenderedPage[] = [
  { route: "login", path: routePaths.login, module: "src/features/auth/login-page.tsx", leavesWhenSignedIn: true },
  {
    route: "register",
    path: routePaths.register,
    module: "src/features/auth/register-page.tsx",
    leavesWhenSignedIn: false,
  },
  {
    route: "forget",
    path: routePaths.forget,
    module: "src/features/auth/forgot-password-page.tsx",
    leavesWhenSignedIn: false,
  },
  { route: "home", path: routePaths.home, module: "src/features/public/home-page.tsx", leavesWhenSignedIn: false },
  {
    route: "enterprisePack",
    path: routePaths.enterprisePack,
    module: "src/features/public/enterprise-pack-page.tsx",
    leavesWhenSignedIn: false,
  },
];
