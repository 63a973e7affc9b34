import { fromPromise } from "xstate";
import { changePasswordMachine } from "../../machines/user/change-password.ts";
import { nicknameEditMachine } from "../../machines/user/nickname-edit.ts";
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
