// The build's server-side entry (scripts/prerender.ts builds it with Vite for Node): the console's own App,
// services and i18n, rendered at a public page's path in one locale and theme, as the browser's first render
// will be, so hydrateRoot meets the same markup.
import { Classes } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { Locale } from "../../contracts/schemas/fields.ts";
import { storageKeys } from "../api/session-storage.ts";
import { App } from "../app/app.tsx";
import { GoogleClientIdContext } from "../features/auth/google-config.ts";
import { preloadRoute } from "../app/route-modules.ts";
import { createServices } from "../app/services.ts";
import { settingsStorageKey } from "../app/settings-service.ts";
import { documentTitle } from "../app/use-document-title.ts";
import { createI18n } from "../i18n/i18n.ts";
import { localeOptions } from "../i18n/locales.ts";
import { RunTimeStates } from "./run-time-states.tsx";

export { Classes };
export { prerenderedPages } from "./public-pages.ts";
export { defaultLocale } from "../i18n/locales.ts";
export const locales: readonly Locale[] = localeOptions.map((option) => option.value);

export type Theme = "light" | "dark";

/** A Storage that lives for one render: what a first-time visitor with this locale and theme has stored. */
function visitorStorage(locale: Locale, theme: Theme): Storage {
  const items = new Map<string, string>([[storageKeys.locale, locale]]);
  if (theme === "dark") items.set(settingsStorageKey, JSON.stringify({ theme }));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const silent = { success() {}, info() {}, error() {}, outcome() {}, pageChanged() {}, hush: () => () => {} };

export interface RenderedPage {
  /** What goes inside #root. */
  markup: string;
  /** The browser tab's title, as the console sets it. */
  title: string;
}

/** `googleClientId`: the page as the console renders it with sign-in with Google on ("": off). */
export async function renderPage(
  path: string,
  locale: Locale,
  theme: Theme,
  googleClientId = "",
): Promise<RenderedPage> {
  const [i18n] = await Promise.all([
    createI18n(locale, { consoleMessages: false, strict: true }),
    preloadRoute({ pathname: path, search: "" }, false),
  ]);
  const services = createServices({ storage: visitorStorage(locale, theme), notify: silent, i18n, reload: () => {} });
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  try {
    const { prelude } = await prerender(
      <GoogleClientIdContext value={googleClientId}>
        <App services={services} i18n={i18n} Router={Router} />
      </GoogleClientIdContext>,
      {
        onError(error) {
          throw error;
        },
      },
    );
    const markup = await new Response(prelude).text();
    return { markup, title: documentTitle(path, i18n) };
  } finally {
    for (const actor of [services.session, services.settings, services.tabs, services.languageChange]) actor.stop();
  }
}

/** The markup of what the public pages show only after an interaction (src/prerender/run-time-states.tsx). */
export async function renderRunTimeStates(): Promise<string> {
  const { prelude } = await prerender(<RunTimeStates />);
  return new Response(prelude).text();
}
