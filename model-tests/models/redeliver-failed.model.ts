import { redeliverFailedMachine } from "../../machines/callbacks/callback-redeliver-failed.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { sampleApp } from "./app-edit.model.ts";
import { english, showingProblems } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(redeliverFailedMachine);

export const redeliverFailedForm = { since: "2026-02-01T08:00", appCode: sampleApp.appCode };

export const redeliverFailedModel: MachineModel<typeof redeliverFailedMachine> = {
  id: "redeliverFailed",
  machine: redeliverFailedMachine,
  starts: [{ name: "signed in, on Transaction callbacks", input: undefined }],
  // One console redelivers again and again: the list is asked for again after each answer.
  walks: true,
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing"))
      return [
        { type: "failed.redeliver", ...redeliverFailedForm },
        { type: "failed.redeliver", since: "", appCode: "" },
        { type: "dialog.close" },
      ];
    if (s.matches("sending"))
      return [done("redeliverFailed", { queued: 3 }), failed("redeliverFailed", failure("5000", "Internal error"))];
    return [{ type: "dialog.close" }];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return `Press ${english("callbacks.redeliverFailed.open")}`;
      case "dialog.close":
        return "Press Cancel (or Close)";
      case "failed.redeliver":
        return `Type ${english("callbacks.redeliverFailed.since")} "${e.since}", choose application ${e.appCode || "(all)"}; press ${english("callbacks.redeliverFailed.submit")}`;
      case "xstate.done.actor.redeliverFailed":
        return `The server queues ${e.output.queued} failed deliveries again`;
      case "xstate.error.actor.redeliverFailed":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open";
    if (s.matches("sending")) return `${english("callbacks.redeliverFailed.submit")} shows a spinner; Cancel is held`;
    if (s.matches("done"))
      return `The dialog says ${s.context.queued} deliveries were queued again; the list is asked for again`;
    return `The ${english("callbacks.redeliverFailed.title")} dialog${showingProblems(s.context)}`;
  },
  excluded: [],
};
