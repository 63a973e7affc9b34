import { fromCallback, fromPromise } from "xstate";
import { changePasswordMachine } from "../../machines/account/change-password.ts";
import { codeSenderMachine } from "../../machines/auth/code-sender.ts";
import { nicknameEditMachine } from "../../machines/account/nickname-edit.ts";
import { messageBoxMachine } from "../../machines/shell/message-box.ts";
import type { Uses } from "../app/services.ts";

/** The shell's machines (the navbar's message box, the account dialogs) with their effects bound. */
export const provideMessageBox = ({ api }: Uses<never, "messages">) =>
  messageBoxMachine.provide({
    actors: {
      loadMessages: fromPromise(() => api.messages.list()),
      markRead: fromPromise(({ input }) => api.messages.read({ ids: [...input.ids] })),
    },
  });

export const provideChangePassword = ({ api, notify, i18n }: Uses<"notify" | "i18n", "user">) =>
  changePasswordMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.user.updatePassword(input)) },
    actions: { succeeded: () => notify.success(i18n.t("password.changed")) },
  });

/** The code mailed to the signed-in merchant that the change-password dialog asks for. */
export const provideChangePasswordCode = ({ api, notify, i18n, timers }: Uses<"notify" | "i18n" | "timers", "auth">) =>
  codeSenderMachine.provide({
    actors: {
      sendCode: fromPromise(({ input }) => api.auth.sendCode(input)),
      countdown: fromCallback(({ sendBack }) => timers.every(1000, () => sendBack({ type: "countdown.tick" }))),
    },
    actions: { announceCodeSent: (_, { email }) => notify.success(i18n.t("code.sent", { email })) },
  });

export const provideNicknameEdit = ({ api, notify, i18n, session }: Uses<"notify" | "i18n" | "session", "user">) =>
  nicknameEditMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.user.updateProfile(input)) },
    actions: {
      succeeded: (_, { output }) => {
        session.send({ type: "profile.updated", profile: output });
        notify.success(i18n.t("profile.nicknameChanged"));
      },
    },
  });
