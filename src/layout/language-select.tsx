import { HTMLSelect } from "@blueprintjs/core";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { languageChangeMachine } from "../../machines/language-change.ts";
import { browserSessionStore, storageKeys } from "../api/session-storage.ts";
import { useServices } from "../app/services-context.tsx";
import type { Services } from "../app/services.ts";
import { isLocale, localeOptions } from "../i18n/locales.ts";

export function provideLanguageChange(services: Services) {
  const { api, storage, notify, i18n, reload } = services;
  const store = browserSessionStore(storage);
  return languageChangeMachine.provide({
    actors: { saveLanguage: fromPromise(({ input }) => api.saveLanguage(input.language)) },
    actions: {
      setLocale: (_, { locale }) => void i18n.changeLanguage(locale),
      storeLocale: (_, { locale }) => storage.setItem(storageKeys.locale, locale),
      updateStoredUser: (_, { language }) => {
        const user = store.readUser();
        if (user) store.saveUser({ ...user, language });
      },
      announceChanged: () => notify.success(i18n.t("language.changed")),
      reloadPage: reload,
    },
  });
}

/** The navbar's language switch; the languageChange machine decides what a choice does. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const signedIn = useSelector(services.session, (s) => s.context.token !== null);
  const userLanguage = useSelector(services.session, (s) => s.context.user?.language ?? null);
  const current = isLocale(i18n.language) ? i18n.language : "en-US";
  const changer = useActorRef(provideLanguageChange(services), { input: { current, signedIn, userLanguage } });
  const busy = useSelector(changer, (s) => s.matches("saving"));
  return (
    <HTMLSelect
      aria-label={t("language.label")}
      value={current}
      disabled={busy}
      minimal
      onChange={(event) => changer.send({ type: "language.change", value: event.currentTarget.value })}
      options={localeOptions.map((option) => ({ value: option.value, label: option.label }))}
    />
  );
}
