import type { Locale } from "../../contracts/schemas/fields.ts";
import { localeField } from "../../contracts/schemas/fields.ts";

export const defaultLocale: Locale = "en-US";

/** Each option in its own language, so a merchant finds theirs whatever is shown now. */
export const localeOptions: ReadonlyArray<{ value: Locale; label: string }> = [
  { value: "en-US", label: "English" },
  { value: "zh-CN", label: "简体中文" },
  { value: "zh-TW", label: "繁體中文" },
  { value: "ja-JP", label: "日本語" },
  { value: "ko-KR", label: "한국어" },
  { value: "th-TH", label: "ไทย" },
];

export const isLocale = (value: unknown): value is Locale => localeField.safeParse(value).success;

/** The stored choice (key arco-locale) when it is a locale we have, else en-US (spec section 9). */
export function storedLocale(storage: Pick<Storage, "getItem">): Locale {
  const value = storage.getItem("arco-locale");
  return isLocale(value) ? value : defaultLocale;
}
