import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "../../contracts/schemas/fields.ts";
import type { LocalePart } from "./locale-parts.ts";
import { defaultLocale } from "./locales.ts";

type Messages = Record<string, unknown>;
type Loader = () => Promise<{ default: Messages }>;
/** The console's two parts; the checkout page loads its own (src/checkout/checkout-i18n.ts). */
type ConsolePart = Exclude<LocalePart, "checkout">;

// Each part of each locale is its own chunk (src/i18n/locale-parts.ts): a merchant downloads only the language
// shown (plus English as fallback), and on the public pages only their part of it.
const loaders: Record<Locale, Record<ConsolePart, Loader>> = {
  "en-US": { public: () => import("locale-part:en-US/public"), console: () => import("locale-part:en-US/console") },
  "zh-CN": { public: () => import("locale-part:zh-CN/public"), console: () => import("locale-part:zh-CN/console") },
  "zh-TW": { public: () => import("locale-part:zh-TW/public"), console: () => import("locale-part:zh-TW/console") },
  "ja-JP": { public: () => import("locale-part:ja-JP/public"), console: () => import("locale-part:ja-JP/console") },
  "ko-KR": { public: () => import("locale-part:ko-KR/public"), console: () => import("locale-part:ko-KR/console") },
  "th-TH": { public: () => import("locale-part:th-TH/public"), console: () => import("locale-part:th-TH/console") },
};

export interface I18nOptions {
  /** Load the console part too (default); the prerendered public pages start with their own part only. */
  consoleMessages?: boolean;
  /** Throw on a key that is in neither the locale nor the fallback (the prerender: a missing key fails the build). */
  strict?: boolean;
}

const localesOf = (locale: Locale): Locale[] => (locale === defaultLocale ? [locale] : [locale, defaultLocale]);

async function loadPart(locale: Locale, part: ConsolePart): Promise<[Locale, Messages]> {
  return [locale, (await loaders[locale][part]()).default];
}

/** The instance the console renders with, once createI18n has been called: the console part is added to it. */
let current: Promise<i18n> | null = null;
const withConsolePart = new WeakMap<i18n, Promise<void>>();

export function createI18n(locale: Locale, options: I18nOptions = {}): Promise<i18n> {
  const made = (async () => {
    const instance = i18next.createInstance();
    const parts: ConsolePart[] = options.consoleMessages === false ? ["public"] : ["public", "console"];
    const bundles = await Promise.all(localesOf(locale).flatMap((l) => parts.map((part) => loadPart(l, part))));
    const resources: Record<string, { translation: Messages }> = {};
    for (const [l, messages] of bundles) resources[l] = { translation: { ...resources[l]?.translation, ...messages } };
    await instance.use(initReactI18next).init({
      lng: locale,
      fallbackLng: defaultLocale,
      resources,
      interpolation: { escapeValue: false },
      returnNull: false,
      // A key in neither language is a bug: said out loud (the browser journeys fail on it), or thrown in strict mode.
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key, _fallback, _update, tOptions) => {
        // A key with a default (a package name the server may add) is allowed to be missing.
        if ((tOptions as { defaultValue?: unknown } | undefined)?.defaultValue !== undefined) return;
        const message = `i18n: missing "${key}" in ${locale}`;
        if (options.strict) throw new Error(message);
        console.error(message);
      },
    });
    if (parts.includes("console")) withConsolePart.set(instance, Promise.resolve());
    return instance;
  })();
  current = made;
  return made;
}

/**
 * Adds the console part of the shown language (and of the fallback) to the console's instance, once; the pages
 * outside the prerendered public set wait for it before they render. Without an instance yet, nothing to do.
 */
export async function ensureConsoleMessages(): Promise<void> {
  if (!current) return;
  const instance = await current;
  let added = withConsolePart.get(instance);
  if (!added) {
    const locale = instance.language as Locale;
    added = Promise.all(localesOf(locale).map((l) => loadPart(l, "console"))).then((bundles) => {
      for (const [l, messages] of bundles) instance.addResourceBundle(l, "translation", messages, true, false);
    });
    // A part that failed to load is tried again by the next page that needs it.
    added.catch(() => withConsolePart.delete(instance));
    withConsolePart.set(instance, added);
  }
  return added;
}
