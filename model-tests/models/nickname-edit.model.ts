import { nicknameEditMachine } from "../../machines/user/nickname-edit.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { showingProblems } from "./english.ts";
import { failure, profile, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(nicknameEditMachine);

export const nicknameEditModel: MachineModel<typeof nicknameEditMachine> = {
  id: "nicknameEdit",
  walks: true,
  machine: nicknameEditMachine,
  starts: [{ name: "signed in", input: undefined }],
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing"))
      return [
        { type: "nickname.submit", nickName: "Shop One" },
        { type: "nickname.submit", nickName: "" },
        { type: "dialog.close" },
      ];
    if (s.matches("submitting"))
      return [
        done("submit", { ...profile, nickName: "Shop One" }),
        failed("submit", failure("5000", "Internal error")),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return "Open the account menu; choose Edit personal info";
      case "dialog.close":
        return "Press Cancel";
      case "nickname.submit":
        return `Type nickname "${e.nickName}"; press Save`;
      case "xstate.done.actor.submit":
        return "The server saves the nickname";
      case "xstate.error.actor.submit":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open; the navbar shows the current nickname";
    if (s.matches("submitting")) return "Save shows a spinner";
    return `The Edit personal info dialog${showingProblems(s.context)}`;
  },
  excluded: [],
};
