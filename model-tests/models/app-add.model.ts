import { errCodes } from "../../contracts/schemas/envelope.ts";
import { appAddMachine } from "../../machines/apps/app-add.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { sampleApp } from "./app-edit.model.ts";
import { showingProblems } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(appAddMachine);

export const newAppFields = {
  name: "New shop",
  address: "https://new.example.com",
  rechargeCallbackUrl: "https://new.example.com/callbacks/recharge",
  withdrawCallbackUrl: "https://new.example.com/callbacks/withdraw",
  remark: "",
};

export const appAddModel: MachineModel<typeof appAddMachine> = {
  id: "appAdd",
  machine: appAddMachine,
  starts: [{ name: "signed in, on My applications", input: undefined }],
  // One console adds applications again and again: the list is asked for again after each one.
  walks: true,
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing"))
      return [
        { type: "app.add", ...newAppFields },
        { type: "app.add", ...newAppFields, address: "" },
        { type: "dialog.close" },
      ];
    if (s.matches("submitting"))
      return [
        done("submit", { ...sampleApp, ...newAppFields, appCode: "2026020100000009" }),
        failed("submit", failure(errCodes.appLimitReached, "Your package (Trial) allows 1 application")),
        failed("submit", failure("5000", "Internal error")),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return "Press Add application";
      case "dialog.close":
        return "Press Cancel";
      case "app.add":
        return `Type name "${e.name}", site "${e.address}" and the two callback URLs; press Add`;
      case "xstate.done.actor.submit":
        return "The server creates the application";
      case "xstate.error.actor.submit":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open";
    if (s.matches("submitting")) return "Add shows a spinner";
    const packages = s.context.failure?.errCode === errCodes.appLimitReached ? ', and the link "See the packages"' : "";
    return `The Add application dialog${showingProblems(s.context)}${packages}`;
  },
  excluded: [],
};
