import { fromPromise } from "xstate";
import { messageBoxMachine } from "../../machines/shell/message-box.ts";
import type { Uses } from "../app/services.ts";

/** The navbar's own machines with their effects bound to the API (the account dialogs are in account-machines.ts). */
export const provideMessageBox = ({ api }: Uses<never, "messages">) =>
  messageBoxMachine.provide({
    actors: {
      loadMessages: fromPromise(() => api.messages.list()),
      markRead: fromPromise(({ input }) => api.messages.read({ ids: [...input.ids] })),
    },
  });
