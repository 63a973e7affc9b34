import { fromCallback, fromPromise } from "xstate";
import { codeSenderMachine } from "../../machines/auth/code-sender.ts";
import type { Uses } from "./services.ts";

/**
 * The code sender with its effects bound: SentVerificationCode, the countdown on the injectable timers, and "sent"
 * announced. One for every form that asks for a mailed code (registration, reset, sign-in, Google link, password
 * change, an application's protected actions, withdrawals); the purpose is the actor's input.
 */
export const provideCodeSender = ({ api, notify, i18n, timers }: Uses<"notify" | "i18n" | "timers", "auth">) =>
  codeSenderMachine.provide({
    actors: {
      sendCode: fromPromise(({ input }) => api.auth.sendCode(input)),
      countdown: fromCallback(({ sendBack }) => timers.every(1000, () => sendBack({ type: "countdown.tick" }))),
    },
    actions: { announceCodeSent: (_, { email }) => notify.success(i18n.t("code.sent", { email })) },
  });
