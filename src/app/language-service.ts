import type { i18n } from "i18next";
import { createActor, fromPromise } from "xstate";
import { type LanguageChangeActor, languageChangeMachine } from "../../machines/user/language-change.ts";
import type { SessionActor } from "../../machines/auth/session.ts";
import type { Api } from "../api/make-api.ts";
import { browserSessionStore, storageKeys } from "../api/session-storage.ts";
import { defaultLocale, isLocale } from "../i18n/locales.ts";
import type { Notifier } from "../ui/notifier.ts";

interface LanguageDeps {
  api: Pick<Api, "user">;
  storage: Storage;
  notify: Notifier;
  i18n: i18n;
  reload: () => void;
  session: SessionActor;
}

/** The languageChange machine with its effects bound to the API, storage, i18next and the page. */
export function provideLanguageChange({ api, storage, notify, i18n, reload }: Omit<LanguageDeps, "session">) {
  const store = browserSessionStore(storage);
  return languageChangeMachine.provide({
    actors: { saveLanguage: fromPromise(({ input }) => api.user.language({ language: input.language })) },
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

/** The one language switch behind every language select, told when the merchant signs in or out. */
export function startLanguageChange(deps: LanguageDeps): LanguageChangeActor {
  const { session, i18n } = deps;
  const facts = () => {
    const { token, user } = session.getSnapshot().context;
    return { signedIn: token !== null, userLanguage: user?.language ?? null };
  };
  const current = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const actor = createActor(provideLanguageChange(deps), { input: { current, ...facts() } });
  actor.start();
  let last = facts();
  session.subscribe(() => {
    const now = facts();
    if (now.signedIn === last.signedIn && now.userLanguage === last.userLanguage) return;
    last = now;
    if (actor.getSnapshot().status === "active") actor.send({ type: "session.changed", ...now });
  });
  return actor;
}
