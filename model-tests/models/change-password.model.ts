import { changePasswordMachine } from "../../machines/user/change-password.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { showingProblems } from "./english.ts";
import { failure, merchant, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(changePasswordMachine);

export const changePasswordModel: MachineModel<typeof changePasswordMachine> = {
  id: "changePassword",
  walks: true,
  machine: changePasswordMachine,
  starts: [{ name: "signed in", input: undefined }],
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing"))
      return [
        {
          type: "password.submit",
          oldPassword: merchant.password,
          password: "Better123",
          repeatPassword: "Better123",
          code: "135790",
        },
        {
          type: "password.submit",
          oldPassword: merchant.password,
          password: "Better123",
          repeatPassword: "Better124",
          code: "135790",
        },
        { type: "dialog.close" },
      ];
    if (s.matches("submitting"))
      return [done("submit", null), failed("submit", failure("2007", "Old password is wrong"))];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return "Open the account menu; choose Change password";
      case "dialog.close":
        return "Press Cancel";
      case "password.submit":
        return `Type old "${e.oldPassword}", new "${e.password}", repeat "${e.repeatPassword}", the mailed code "${e.code}"; press Change password`;
      case "xstate.done.actor.submit":
        return "The server changes the password";
      case "xstate.error.actor.submit":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open";
    if (s.matches("submitting")) return "Change password shows a spinner";
    return `The Change password dialog${showingProblems(s.context)}`;
  },
  excluded: [],
};
