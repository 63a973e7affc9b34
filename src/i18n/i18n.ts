import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "../../contracts/schemas/fields.ts";
import { defaultLocale } from "./locales.ts";

type Messages = Record<string, unknown>;

// Each locale is its own chunk: a merchant downloads only the language shown (plus English as fallback).
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  "en-US": () => import("../../locales/en-US.json"),
  "zh-CN": () => import("../../locales/zh-CN.json"),
  "zh-TW": () => import("../../locales/zh-TW.json"),
  "ja-JP": () => import("../../locales/ja-JP.json"),
  "ko-KR": () => import("../../locales/ko-KR.json"),
  "th-TH": () => import("../../locales/th-TH.json"),
};

export async function createI18n(locale: Locale): Promise<i18n> {
  const instance = i18next.createInstance();
  const locales = locale === defaultLocale ? [locale] : [locale, defaultLocale];
  const bundles = await Promise.all(locales.map(async (l) => [l, (await loaders[l]()).default] as const));
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: defaultLocale,
    resources: Object.fromEntries(bundles.map(([l, messages]) => [l, { translation: messages }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
