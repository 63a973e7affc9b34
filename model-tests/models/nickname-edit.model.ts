import { nicknameEditMachine } from "../../machines/nickname-edit.ts";
import type { MachineModel } from "../framework/model.ts";
import { english } from "./english.ts";
import { failure, profile } from "./fixtures.ts";

export const nicknameEditModel: MachineModel<typeof nicknameEditMachine> = {
  id: "nicknameEdit",
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
    if (s.matches("saving"))
      return [
        { type: "xstate.done.actor.saveProfile", output: { ...profile, nickName: "Shop One" } },
        { type: "xstate.error.actor.saveProfile", error: failure("5000", "Internal error") },
      ] as never;
    return [];
  },
  describeEvent: (event) => {
    const e = event as { type: string; nickName?: string; error?: { errMsg: string } };
    switch (e.type) {
      case "dialog.open":
        return "Open the account menu; choose Edit personal info";
      case "dialog.close":
        return "Press Cancel";
      case "nickname.submit":
        return `Type nickname "${e.nickName}"; press Save`;
      case "xstate.done.actor.saveProfile":
        return "The server saves the nickname";
      default:
        return `The server refuses: "${e.error?.errMsg}"`;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open; the navbar shows the current nickname";
    if (s.matches("saving")) return "Save shows a spinner";
    const problems = [...Object.values(s.context.fieldErrors).map(english), ...(s.context.failure ? [s.context.failure.errMsg] : [])];
    return `The Edit personal info dialog${problems.length ? `, showing ${problems.join(", ")}` : ""}`;
  },
  excluded: [],
};
