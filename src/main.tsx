import "./styles/app.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { storageKeys } from "./api/session-storage.ts";
import { App } from "./app/app.tsx";
import { hasBlueprintStyles, loadFullStyles } from "./app/full-styles.ts";
import { preloadRoute } from "./app/route-modules.ts";
import { createServices } from "./app/services.ts";
import { createI18n } from "./i18n/i18n.ts";
import { storedLocale } from "./i18n/locales.ts";
import { createToastNotifier } from "./ui/notifier.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
// A prerendered page's inline script has already put the markup of the stored locale and theme in #root
// (scripts/prerender/page-scripts.ts), or emptied it for a signed-in visitor of /login.
const prerendered = root.hasAttribute("data-prerendered") && root.firstChild !== null;
const locale = storedLocale(localStorage);

// The page's code, its language and (in `vite dev`) Blueprint's styles load side by side; the first render
// waits for all of them, so it never shows a Suspense fallback and hydration meets the markup it expects.
const [i18n] = await Promise.all([
  // A prerendered public page starts with its part of the locale; the console pages add the rest as they load.
  createI18n(locale, { consoleMessages: !prerendered }),
  // A page whose code fails to load here is tried again (and reported) by its lazy route when it renders.
  preloadRoute(window.location, Boolean(localStorage.getItem(storageKeys.token))).catch(() => undefined),
  hasBlueprintStyles() ? undefined : loadFullStyles(),
]);
document.documentElement.lang = locale;
const services = createServices({
  storage: localStorage,
  notify: createToastNotifier(),
  i18n,
  reload: () => window.location.reload(),
  matchMedia: (query) => window.matchMedia(query),
});

const app = <App services={services} i18n={i18n} />;
if (prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
// From here React has its listeners on the page (an event on markup not yet hydrated is replayed), so the
// prerendered page's inline script lets forms through (scripts/prerender/page-scripts.ts).
document.documentElement.setAttribute("data-hydrated", "");
