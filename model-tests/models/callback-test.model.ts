import { errCodes } from "../../contracts/schemas/envelope.ts";
import { callbackTestMachine } from "../../machines/callbacks/callback-test.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { sampleApp } from "./app-edit.model.ts";
import { refusedTestAnswer, testAnswer } from "./callback-fixtures.ts";
import { english, showingProblems } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(callbackTestMachine);

export const callbackTestModel: MachineModel<typeof callbackTestMachine> = {
  id: "callbackTest",
  machine: callbackTestMachine,
  starts: [{ name: "signed in, on Transaction callbacks", input: undefined }],
  // One console sends test events again and again: the list is asked for again after each answer.
  walks: true,
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing"))
      return [
        { type: "test.send", appCode: sampleApp.appCode, target: "withdraw" },
        { type: "test.send", appCode: "", target: "recharge" },
        { type: "dialog.close" },
      ];
    if (s.matches("sending"))
      return [
        done("sendTest", testAnswer),
        done("sendTest", refusedTestAnswer),
        failed("sendTest", failure(errCodes.callbackNoUrl, "The application has no callback URL of that kind")),
        failed("sendTest", failure("5000", "Internal error")),
      ];
    return [{ type: "test.again" }, { type: "dialog.close" }];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return `Press ${english("callbacks.test.open")}`;
      case "dialog.close":
        return "Press Cancel (or Close)";
      case "test.send":
        return `Choose ${e.appCode ? `application ${e.appCode}` : "no application"} and ${english(`callbacks.target.${e.target}`)}; press ${english("callbacks.test.send")}`;
      case "test.again":
        return `Press ${english("callbacks.test.again")}`;
      case "xstate.done.actor.sendTest":
        return `The receiver answers the test event ${e.output.responseStatus} in ${e.output.latencyMs} ms`;
      case "xstate.error.actor.sendTest":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open";
    if (s.matches("sending")) return `${english("callbacks.test.send")} shows a spinner; Cancel is held`;
    if (s.matches("answered"))
      return `The dialog says ${english(`callbacks.answer.${s.context.answer?.result}`)} with the status, latency and body; the list is asked for again`;
    return `The ${english("callbacks.test.title")} dialog${showingProblems(s.context)}`;
  },
  excluded: [],
};
