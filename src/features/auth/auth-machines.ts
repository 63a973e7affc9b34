import { fromPromise } from "xstate";
import { forgotPasswordMachine } from "../../../machines/auth/forgot-password.ts";
import { googleSignInMachine } from "../../../machines/auth/google-sign-in.ts";
import { registerMachine } from "../../../machines/auth/register.ts";
import type { Services, Uses } from "../../app/services.ts";
import { loadGoogleLibrary, requestGoogleCode } from "./google-library.ts";

export const provideRegister = ({ api, notify, i18n }: Uses<"notify" | "i18n", "auth">) =>
  registerMachine.provide({
    actors: { register: fromPromise(({ input }) => api.auth.register(input)) },
    actions: { announceRegistered: () => notify.outcome(i18n.t("register.success")) },
  });

export const provideForgotPassword = ({ api }: Uses<never, "auth">) =>
  forgotPasswordMachine.provide({
    actors: {
      checkCode: fromPromise(({ input }) => api.auth.checkCode(input)),
      resetPassword: fromPromise(({ input }) => api.auth.resetPassword(input)),
    },
  });

/** Google's library and popup; the code goes on to the session machine. */
export const provideGoogleSignIn = ({ session }: Pick<Services, "session">) =>
  googleSignInMachine.provide({
    actors: {
      loadLibrary: fromPromise(() => loadGoogleLibrary()),
      requestCode: fromPromise(({ input }) => requestGoogleCode(input.clientId)),
    },
    actions: { deliverCode: (_, { code }) => session.send({ type: "login.google", grant: { code } }) },
  });
