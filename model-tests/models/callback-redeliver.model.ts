import { errCodes } from "../../contracts/schemas/envelope.ts";
import { callbackRedeliverMachine } from "../../machines/callbacks/callback-redeliver.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { redeliveredAnswer, sampleAttempts, unansweredRedelivery } from "./callback-fixtures.ts";
import { english, saidOnce } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(callbackRedeliverMachine);
const first = sampleAttempts[0]?.attemptId ?? "";

export const callbackRedeliverModel: MachineModel<typeof callbackRedeliverMachine> = {
  id: "callbackRedeliver",
  machine: callbackRedeliverMachine,
  starts: [{ name: "signed in, on Transaction callbacks with a failed attempt", input: undefined }],
  // One console redelivers again and again: the list is asked for again after each answer.
  walks: true,
  events: (s) => {
    if (s.matches("idle")) return [{ type: "attempt.redeliver", attemptId: first }];
    if (s.matches("sending"))
      return [
        done("redeliver", redeliveredAnswer),
        done("redeliver", unansweredRedelivery),
        failed("redeliver", failure(errCodes.callbackNotFound, "This callback record does not exist")),
        failed("redeliver", failure("5000", "Internal error")),
      ];
    return [{ type: "redeliver.close" }];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "attempt.redeliver":
        return `Press ${english("callbacks.actions.redeliver")} on attempt ${e.attemptId}`;
      case "redeliver.close":
        return `Press ${english("callbacks.redeliver.close")} in the redelivery dialog`;
      case "xstate.done.actor.redeliver":
        return e.output.responseStatus === null
          ? `The receiver does not answer the new attempt (${e.output.error})`
          : `The receiver answers the new attempt ${e.output.responseStatus} in ${e.output.latencyMs} ms`;
      case "xstate.error.actor.redeliver":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("idle")) return `No dialog is open; every ${english("callbacks.actions.redeliver")} can be pressed`;
    if (s.matches("sending"))
      return `The redelivery dialog says ${english("callbacks.redeliver.sending")}; every ${english("callbacks.actions.redeliver")} is held`;
    if (s.matches("answered")) {
      const answer = s.context.answer;
      return `The redelivery dialog says ${english(`callbacks.answer.${answer?.result}`)} with the status, latency and body (or why none came); the list is asked for again`;
    }
    return `The redelivery dialog: ${s.context.failure ? saidOnce(s.context.failure) : ""}`;
  },
  excluded: [],
};
