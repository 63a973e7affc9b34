import { languageChangeMachine } from "../../machines/language-change.ts";
import type { MachineModel } from "../framework/model.ts";
import { failure } from "./fixtures.ts";

export const languageChangeModel: MachineModel<typeof languageChangeMachine> = {
  id: "languageChange",
  machine: languageChangeMachine,
  starts: [
    { name: "signed out", input: { current: "en-US", signedIn: false, userLanguage: null } },
    { name: "signed in", input: { current: "en-US", signedIn: true, userLanguage: "en-US" } },
    { name: "signed in, stored user already in Japanese", input: { current: "en-US", signedIn: true, userLanguage: "ja-JP" } },
  ],
  events: (s) => {
    if (s.matches("idle"))
      return [
        { type: "language.change", value: "en-US" },
        { type: "language.change", value: "ja-JP" },
      ];
    if (s.matches("saving"))
      return [
        { type: "xstate.done.actor.saveLanguage", output: null },
        { type: "xstate.error.actor.saveLanguage", error: failure("5000", "Internal error") },
      ] as never;
    return [];
  },
  describeEvent: (event) => {
    const e = event as { type: string; value?: string; error?: { errMsg: string } };
    if (e.type === "language.change") return `Choose ${e.value} in the language switch`;
    if (e.type === "xstate.done.actor.saveLanguage") return "The server saves the language";
    return `The server refuses: "${e.error?.errMsg}"`;
  },
  describeState: (s) => {
    if (s.matches("saving")) return "The language switch is disabled while the choice is saved";
    if (s.matches("applying")) return `"Language changed" shows, the choice is stored under arco-locale and the page reloads in ${s.context.next}`;
    return s.context.failure ? "The language stays as it was; the error is shown" : "The language stays as it was";
  },
  excluded: [],
};
