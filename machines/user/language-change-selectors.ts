import type { SnapshotFrom } from "xstate";
import type { Locale } from "../../contracts/schemas/fields.ts";
import type { languageChangeMachine } from "./language-change.ts";

type LanguageChangeSnapshot = SnapshotFrom<typeof languageChangeMachine>;

/** The language the switch shows: the new one once it is being applied, else the current one. */
export const selectLocale = (snapshot: LanguageChangeSnapshot): Locale =>
  snapshot.matches("applying") && snapshot.context.next ? snapshot.context.next : snapshot.context.current;

/** The new language is being saved to the profile: the select waits. */
export const selectSavingLanguage = (snapshot: LanguageChangeSnapshot): boolean => snapshot.matches("saving");
