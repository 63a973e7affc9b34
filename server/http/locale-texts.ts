import type { Locale } from "../../contracts/schemas/fields.ts";
import { localeField } from "../../contracts/schemas/fields.ts";
import { type Say, sayFrom } from "../../contracts/exports/export-columns.ts";
import enUS from "../../locales/en-US.json" with { type: "json" };
import jaJP from "../../locales/ja-JP.json" with { type: "json" };
import koKR from "../../locales/ko-KR.json" with { type: "json" };
import thTH from "../../locales/th-TH.json" with { type: "json" };
import zhCN from "../../locales/zh-CN.json" with { type: "json" };
import zhTW from "../../locales/zh-TW.json" with { type: "json" };

const messages: Record<Locale, Record<string, unknown>> = {
  "en-US": enUS,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
  "ja-JP": jaJP,
  "ko-KR": koKR,
  "th-TH": thTH,
};

const says = new Map<Locale, Say>();

/**
 * The texts of the language a request names in its `Language` header (every console call sends it, src/api/client.ts),
 * as the console shows them; en-US when it names none we have.
 */
export function sayIn(language: string | string[] | undefined): Say {
  const asked = localeField.safeParse(Array.isArray(language) ? language[0] : language);
  const locale: Locale = asked.success ? asked.data : "en-US";
  let say = says.get(locale);
  if (!say) {
    say = sayFrom(messages[locale], enUS, locale);
    says.set(locale, say);
  }
  return say;
}
