import type { SnapshotFrom } from "xstate";
import type { Locale } from "../../contracts/schemas/fields.ts";
import type { LanguageChangeContext, languageChangeMachine } from "./language-change.ts";

/** The language the switch shows: the new one once it is being applied, else the current one. */
export const selectLocale = (snapshot: {
  context: LanguageChangeContext;
  matches(state: "applying"): boolean;
}): Locale =>
  snapshot.matches("applying") && snapshot.context.next ? snapshot.context.next : snapshot.context.current;

/** The new language is being saved to the profile: the select waits. */
export const selectSavingLanguage = (snapshot: SnapshotFrom<typeof languageChangeMachine>): boolean =>
  snapshot.matches("saving");
