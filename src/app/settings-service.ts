import type { i18n } from "i18next";
import { createActor, fromPromise } from "xstate";
import type { SessionActor } from "../../machines/auth/session.ts";
import { restoreSettings, type SettingsActor, settingsMachine } from "../../machines/shell/settings.ts";
import type { Api } from "../api/make-api.ts";
import type { Notifier } from "../ui/notifier.ts";

export const settingsStorageKey = "app-settings";

function readStored(storage: Storage): unknown {
  try {
    return JSON.parse(storage.getItem(settingsStorageKey) ?? "null");
  } catch {
    return null;
  }
}

/** The settings actor, persisted in storage; it reads the session itself (see machines/shell/settings.ts). */
export function startSettings(deps: {
  storage: Storage;
  api: Pick<Api, "user">;
  notify: Notifier;
  i18n: i18n;
  session: SessionActor;
}): SettingsActor {
  const { storage, api, notify, i18n, session } = deps;
  const machine = settingsMachine.provide({
    actors: { fetchMenu: fromPromise(() => api.user.menu()) },
    actions: {
      persist: (_, { settings }) => storage.setItem(settingsStorageKey, JSON.stringify(settings)),
      announceMenuLoading: () => notify.info(i18n.t("settings.menuLoading")),
      announceMenuLoaded: () => notify.success(i18n.t("settings.menuLoaded")),
      announceMenuFailed: () => notify.error(i18n.t("settings.menuFailed")),
    },
  });
  return createActor(machine, { input: { settings: restoreSettings(readStored(storage)), session } }).start();
}
