import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "../../contracts/schemas/fields.ts";
import { defaultLocale, isLocale, localeOptions } from "../i18n/locales.ts";

type Loader = () => Promise<{ default: Record<string, unknown> }>;

// Only the checkout part of each language (src/i18n/locale-parts.ts): the page downloads the one shown, and English.
const loaders: Record<Locale, Loader> = {
  "en-US": () => import("locale-part:en-US/checkout"),
  "zh-CN": () => import("locale-part:zh-CN/checkout"),
  "zh-TW": () => import("locale-part:zh-TW/checkout"),
  "ja-JP": () => import("locale-part:ja-JP/checkout"),
  "ko-KR": () => import("locale-part:ko-KR/checkout"),
  "th-TH": () => import("locale-part:th-TH/checkout"),
};

/** Chinese written in Traditional characters, by script or by region, when the browser names no exact locale. */
const traditional = /^zh-(hant|tw|hk|mo)\b/i;

/** The customer's browser languages, best first, matched to ours: exactly, then by language; English without one. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const exact = localeOptions.find((option) => option.value.toLowerCase() === language.toLowerCase());
    if (exact) return exact.value;
    if (traditional.test(language)) return "zh-TW";
    const base = language.split("-")[0]?.toLowerCase();
    const sameLanguage = localeOptions.find((option) => option.value.split("-")[0] === base);
    if (sameLanguage) return sameLanguage.value;
  }
  return defaultLocale;
}

async function addLocale(instance: i18n, locale: Locale): Promise<void> {
  if (instance.hasResourceBundle(locale, "translation")) return;
  const { default: messages } = await loaders[locale]();
  instance.addResourceBundle(locale, "translation", messages, true, false);
}

export async function createCheckoutI18n(locale: Locale): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: defaultLocale,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([addLocale(instance, locale), addLocale(instance, defaultLocale)]);
  // Bundles added after init: translate with them from the first render.
  await instance.changeLanguage(locale);
  return instance;
}

/** The switch: the language's part first, then the page in it. */
export async function switchLanguage(instance: i18n, locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  await addLocale(instance, locale);
  await instance.changeLanguage(locale);
  document.documentElement.lang = locale;
}
