import type { i18n } from "i18next";
import { createActor, fromPromise } from "xstate";
import { googleLinkMachine } from "../../machines/auth/google-link.ts";
import { secondFactorMachine } from "../../machines/auth/second-factor.ts";
import { type SessionActor, sessionMachine } from "../../machines/auth/session.ts";
import { type TabsActor, tabsMachine } from "../../machines/shell/tabs.ts";
import type { ApiError } from "../api/api-error.ts";
import { createErrorPolicy } from "../api/error-policy.ts";
import { apiOnDemand } from "../api/api-on-demand.ts";
import type { DownloadedFile } from "../api/download.ts";
import type { Api } from "../api/make-api.ts";
import { browserSessionStore, storageKeys } from "../api/session-storage.ts";
import type { Notifier } from "../ui/notifier.ts";
import { saveFile } from "../ui/save-file.ts";
import type { SettingsActor } from "../../machines/shell/settings.ts";
import type { LanguageChangeActor } from "../../machines/user/language-change.ts";
import type { NavDrawerActor } from "../../machines/shell/nav-drawer.ts";
import { startLanguageChange } from "./language-service.ts";
import { startSettings } from "./settings-service.ts";
import { type MatchMedia, startNavDrawer } from "./viewport-service.ts";

export type { LanguageChangeActor, NavDrawerActor, SessionActor, SettingsActor, TabsActor };

export interface Services {
  api: Api;
  session: SessionActor;
  settings: SettingsActor;
  tabs: TabsActor;
  /** Narrow or wide screen, and the menu drawer of a narrow one. */
  navDrawer: NavDrawerActor;
  /** The one language switch every language select sends to. */
  languageChange: LanguageChangeActor;
  storage: Storage;
  notify: Notifier;
  i18n: i18n;
  timers: Timers;
  /** Reloads the page (spec: after a language change and on re-login). */
  reload: () => void;
  /** Leaves the console for a page it does not serve (the hosted checkout page), in place of the current entry. */
  leave: (path: string) => void;
  /** A failure's text in the merchant's language: a known errCode's translation, else the server's errMsg. */
  describeFailure(failure: { errCode: string; errMsg: string } | null | undefined): string;
  /** Hands a downloaded file (a list's export) to the browser to save. */
  saveFile(file: DownloadedFile): void;
}

/**
 * What a wiring function (`provideX`) uses: the named services and the API's calls of the named areas, so a test
 * hands it only those, and its signature says what the machine reaches.
 */
export type Uses<S extends Exclude<keyof Services, "api"> = never, A extends keyof Api = never> = Pick<Services, S> & {
  api: Pick<Api, A>;
};

/** Repeating timers, injectable so tests can step time by hand. */
export interface Timers {
  every(ms: number, tick: () => void): () => void;
}

export const realTimers: Timers = {
  every(ms, tick) {
    const id = setInterval(tick, ms);
    return () => clearInterval(id);
  },
};

/**
 * An actor's clock for its delayed transitions (`after`), over the same injectable timers as the countdowns, so a test
 * steps both by hand: `useActorRef(machine, { clock: actorClock(services) })`.
 */
export const actorClock = ({ timers }: Pick<Services, "timers">) => ({
  setTimeout: (fire: () => void, ms: number) => {
    const stop = timers.every(ms, () => {
      stop();
      fire();
    });
    return stop;
  },
  clearTimeout: (stop: () => void) => stop(),
});

export interface ServiceDeps {
  storage: Storage;
  notify: Notifier;
  i18n: i18n;
  reload: () => void;
  /** Tests record where the page left for; the console replaces the browser's location. */
  leave?: (path: string) => void;
  timers?: Timers;
  /** The browser's media queries (`window.matchMedia`); without it the screen counts as wide. */
  matchMedia?: MatchMedia;
  /** Tests hand in an Api faked at the boundary; the console builds the real one. */
  api?: (reporter: ReturnType<typeof createErrorPolicy>) => Api;
  /** Tests keep the files a page saves; the console hands them to the browser. */
  saveFile?: (file: DownloadedFile) => void;
}

export function createServices(deps: ServiceDeps): Services {
  const { storage, notify, i18n: i18nInstance } = deps;
  const t = i18nInstance.t.bind(i18nInstance);
  const store = browserSessionStore(storage);

  const describeFailure: Services["describeFailure"] = (failure) => {
    if (!failure) return "";
    const key = `errors.${failure.errCode}`;
    return i18nInstance.exists(key) ? String(t(key as never)) : failure.errMsg || t("errors.generic");
  };

  let session: SessionActor | null = null;
  const reporter = createErrorPolicy({
    toast: (message, timeoutMs) => notify.error(message, timeoutMs),
    describe: (error: ApiError) => (error.kind === "api" ? describeFailure(error) : undefined),
    sessionExpired: (errMsg) => session?.send({ type: "session.expired", errMsg }),
  });
  const api =
    deps.api?.(reporter) ??
    apiOnDemand({ baseUrl: "", getToken: () => store.readToken(), getLocale: () => i18nInstance.language, reporter });

  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise(({ input }) => api.auth.login(input)),
      googleLogin: fromPromise(({ input }) =>
        "code" in input ? api.auth.googleCode(input) : api.auth.googleLogin(input),
      ),
      googleLink: googleLinkMachine.provide({
        actors: { linkAccount: fromPromise(({ input }) => api.auth.googleLink(input)) },
      }),
      secondFactor: secondFactorMachine.provide({
        actors: { verifyCode: fromPromise(({ input }) => api.auth.secondFactor(input)) },
      }),
      loadProfile: fromPromise(({ input }) => api.user.info({ id: input.userId })),
      logout: fromPromise(({ input }) => api.auth.logout({ uid: input.userId })),
    },
    actions: {
      saveSession: (_, { token, user }) => store.save(token, user),
      saveUser: (_, { user }) => user && store.saveUser(user),
      clearSession: () => store.clear(),
      rememberEmail: (_, { email }) =>
        email ? storage.setItem(storageKeys.rememberedEmail, email) : storage.removeItem(storageKeys.rememberedEmail),
      announceWelcome: (_, { nickName }) => notify.outcome(t("login.welcome", { name: nickName })),
      announceLogout: () => notify.outcome(t("session.logoutSucceed")),
      reloadPage: () => deps.reload(),
    },
  });
  session = createActor(machine, {
    input: {
      token: store.readToken(),
      user: store.readUser(),
      rememberedEmail: storage.getItem(storageKeys.rememberedEmail),
    },
  });
  session.start();

  const settings = startSettings({ storage, api, notify, i18n: i18nInstance, session });
  const languageChange = startLanguageChange({
    api,
    storage,
    notify,
    i18n: i18nInstance,
    reload: deps.reload,
    session,
  });
  const tabs = createActor(tabsMachine).start();
  const navDrawer = startNavDrawer(deps.matchMedia);
  // Logout resets the tabs (spec section 4).
  session.subscribe((snapshot) => {
    if (snapshot.matches("signedOut") && tabs.getSnapshot().context.tabs.length > 0) tabs.send({ type: "tabs.reset" });
  });

  return {
    api,
    session,
    settings,
    tabs,
    navDrawer,
    languageChange,
    storage,
    notify,
    i18n: i18nInstance,
    timers: deps.timers ?? realTimers,
    reload: deps.reload,
    leave: deps.leave ?? ((path) => window.location.replace(path)),
    describeFailure,
    saveFile: deps.saveFile ?? saveFile,
  };
}
