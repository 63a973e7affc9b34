import { HTMLSelect } from "@blueprintjs/core";
import { useSelector } from "@xstate/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { selectLocale, selectSavingLanguage } from "../../machines/user/language-change-selectors.ts";
import { useLanguageChangeActor } from "../app/services-context.tsx";
import { localeOptions } from "../i18n/locales.ts";
import { useValueBeforeHydration } from "../ui/before-hydration.ts";

/** A language switch (navbar, sign-in pages, settings drawer); the one app-wide languageChange actor decides what a choice does. */
export function LanguageSelect({ id }: { id?: string } = {}) {
  const { t } = useTranslation();
  const languageChange = useLanguageChangeActor();
  const current = useSelector(languageChange, selectLocale);
  const busy = useSelector(languageChange, selectSavingLanguage);
  const choose = (value: string) => languageChange.send({ type: "language.change", value });
  // On a prerendered page, a language chosen before the console had the page is applied once it has.
  const selectRef = useRef<HTMLSelectElement>(null);
  useValueBeforeHydration(selectRef, current, choose);
  return (
    <HTMLSelect
      id={id}
      className="language-select"
      aria-label={t("language.label")}
      value={current}
      disabled={busy}
      minimal
      ref={selectRef}
      onChange={(event) => choose(event.currentTarget.value)}
      options={localeOptions.map((option) => ({ value: option.value, label: option.label }))}
    />
  );
}
