import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import type { Locale } from "../../contracts/schemas/fields.ts";
import { localeField } from "../../contracts/schemas/fields.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface LanguageChangeContext {
  current: Locale;
  signedIn: boolean;
  /** The stored user's language, to update it only when it differs. */
  userLanguage: string | null;
  next: Locale | null;
  failure: Failure | null;
}

export type LanguageChangeEvent =
  | { type: "language.change"; value: string | null | undefined }
  // The one app-wide actor outlives sign-in and sign-out; the app tells it what the session now is.
  | { type: "session.changed"; signedIn: boolean; userLanguage: string | null };

const wanted = (event: LanguageChangeEvent) =>
  localeField.safeParse(event.type === "language.change" ? event.value : undefined);

/** Spec section 4, language change. */
export const languageChangeMachine = setup({
  types: {} as {
    context: LanguageChangeContext;
    events: LanguageChangeEvent;
    input: { current: Locale; signedIn: boolean; userLanguage: string | null };
  },
  actors: {
    saveLanguage: fromPromise<unknown, { language: Locale }>(async () => {
      throw new Error("saveLanguage is provided by the app");
    }),
  },
  actions: {
    setLocale: (_, _params: { locale: Locale }) => {},
    storeLocale: (_, _params: { locale: Locale }) => {},
    updateStoredUser: (_, _params: { language: Locale }) => {},
    announceChanged: (_, _params: { locale: Locale }) => {},
    reloadPage: () => {},
  },
  guards: {
    // Empty, unknown, or the language already shown: nothing to do.
    ignorable: ({ context, event }) => {
      const parsed = wanted(event);
      return !parsed.success || parsed.data === context.current;
    },
    signedIn: ({ context }) => context.signedIn,
    storedUserDiffers: ({ context }) => context.userLanguage !== null && context.userLanguage !== context.next,
  },
}).createMachine({
  id: "languageChange",
  context: ({ input }) => ({ ...input, next: null, failure: null }),
  on: {
    "session.changed": {
      actions: assign({ signedIn: ({ event }) => event.signedIn, userLanguage: ({ event }) => event.userLanguage }),
    },
  },
  initial: "idle",
  states: {
    idle: {
      on: {
        "language.change": [
          { guard: "ignorable" },
          {
            guard: "signedIn",
            target: "saving",
            actions: assign({ next: ({ event }) => localeField.parse(event.value), failure: null }),
          },
          {
            target: "applying",
            actions: assign({ next: ({ event }) => localeField.parse(event.value), failure: null }),
          },
        ],
      },
    },
    saving: {
      invoke: {
        id: "saveLanguage",
        src: "saveLanguage",
        input: ({ context }) => ({ language: context.next as Locale }),
        onDone: [
          {
            guard: "storedUserDiffers",
            target: "applying",
            actions: { type: "updateStoredUser", params: ({ context }) => ({ language: context.next as Locale }) },
          },
          { target: "applying" },
        ],
        // Nothing changes when the server refuses; the error policy has shown why.
        onError: { target: "idle", actions: assign({ next: null, failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    // Final: the page reloads in the new language, which starts a fresh actor.
    applying: {
      entry: [
        { type: "setLocale", params: ({ context }) => ({ locale: context.next as Locale }) },
        { type: "storeLocale", params: ({ context }) => ({ locale: context.next as Locale }) },
        { type: "announceChanged", params: ({ context }) => ({ locale: context.next as Locale }) },
        "reloadPage",
      ],
      type: "final",
    },
  },
});

export type LanguageChangeActor = ActorRefFrom<typeof languageChangeMachine>;
