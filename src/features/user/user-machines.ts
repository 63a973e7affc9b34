import { fromPromise } from "xstate";
import { securityActivityMachine } from "../../../machines/user/security-activity.ts";
import { twoFactorMachine } from "../../../machines/user/two-factor.ts";
import type { Uses } from "../../app/services.ts";

/** The user centre's machines with their effects bound. */
/** `page.changed` is told when the second factor was turned on or off: the security activity shows it. */
export const provideTwoFactor = (
  { api, notify, i18n }: Uses<"notify" | "i18n", "twoFactor">,
  page: { changed(): void },
) =>
  twoFactorMachine.provide({
    actors: {
      loadStatus: fromPromise(() => api.twoFactor.status()),
      startSetup: fromPromise(({ input }) => api.twoFactor.setup(input)),
      enable: fromPromise(({ input }) => api.twoFactor.enable(input)),
      disable: fromPromise(({ input }) => api.twoFactor.disable(input)),
    },
    actions: {
      announceOn: () => {
        notify.success(i18n.t("twoFactor.turnedOn"));
        page.changed();
      },
      announceOff: () => {
        notify.success(i18n.t("twoFactor.turnedOff"));
        page.changed();
      },
    },
  });

export const provideSecurityActivity = ({ api }: Uses<never, "user">) =>
  securityActivityMachine.provide({
    actors: { loadSecurityActivity: fromPromise(() => api.user.securityActivity()) },
  });
