import { languageChangeMachine } from "../../machines/user/language-change.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(languageChangeMachine);

export const languageChangeModel: MachineModel<typeof languageChangeMachine> = {
  id: "languageChange",
  machine: languageChangeMachine,
  starts: [
    { name: "signed out", input: { current: "en-US", signedIn: false, userLanguage: null } },
    { name: "signed in", input: { current: "en-US", signedIn: true, userLanguage: "en-US" } },
    {
      name: "signed in, stored user already in Japanese",
      input: { current: "en-US", signedIn: true, userLanguage: "ja-JP" },
    },
  ],
  events: (s) => {
    if (s.matches("idle"))
      return [
        { type: "language.change", value: "en-US" },
        { type: "language.change", value: "ja-JP" },
      ];
    if (s.matches("saving"))
      return [done("saveLanguage", null), failed("saveLanguage", failure("5000", "Internal error"))];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "language.change") return `Choose ${e.value} in the language switch`;
    if (e.type === "xstate.done.actor.saveLanguage") return "The server saves the language";
    if (e.type === "xstate.error.actor.saveLanguage") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    if (s.matches("saving")) return "The language switch is disabled while the choice is saved";
    if (s.matches("applying"))
      return `"Language changed" shows, the choice is stored under arco-locale and the page reloads in ${s.context.next}`;
    return s.context.failure ? "The language stays as it was; the error is shown" : "The language stays as it was";
  },
  excluded: [
    {
      transition: "languageChange on session.changed → (stays)",
      why: "sent by the app (src/app/language-service.ts) when the merchant signs in or out, not by the language switch; the signed-in and signed-out starts cover both, and machines/user/language-change.test.ts covers the update",
    },
  ],
};
