import { useId } from "react";
import { useTranslation } from "react-i18next";
import { localeOptions } from "../i18n/locales.ts";
import { switchLanguage } from "./checkout-i18n.ts";

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <span className="co-language">
      <label htmlFor={id}>{t("checkout.language")}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => void switchLanguage(i18n, event.target.value)}
        data-testid="checkout-language"
      >
        {localeOptions.map((option) => (
          <option key={option.value} value={option.value} lang={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
