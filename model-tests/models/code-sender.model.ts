import { codeSenderMachine } from "../../machines/auth/code-sender.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce } from "./english.ts";
import { failure, merchant, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(codeSenderMachine);

export const codeSenderModel: MachineModel<typeof codeSenderMachine> = {
  id: "codeSender",
  walks: true,
  machine: codeSenderMachine,
  starts: [{ name: "register form", input: { purpose: "register" } }],
  events: (s) => {
    if (s.matches("idle"))
      return [
        { type: "code.send", email: merchant.email },
        { type: "code.send", email: "not-an-email" },
      ];
    if (s.matches("sending"))
      return [
        done("sendCode", { resendAfterSeconds: 2, expiresInSeconds: 600 }),
        failed("sendCode", failure("2001", "E-mail already exists")),
        // Another tab or dialog asked a moment ago: the seconds left are counted down.
        failed("sendCode", {
          ...failure("2004", "Please wait 2 seconds before requesting a new code"),
          detail: { resendAfterSeconds: 2 },
        }),
        // SMTP failed; the merchant is told (not a silent success) while the outbox retries.
        failed(
          "sendCode",
          failure(
            "2031",
            "The e-mail could not be sent yet. We keep trying for a few minutes; if no code arrives, ask for a new one.",
          ),
        ),
      ];
    if (s.matches("cooldown")) return [{ type: "countdown.tick" }];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "code.send") return `Type e-mail "${e.email}"; press Send code`;
    if (e.type === "xstate.done.actor.sendCode")
      return `The server sends the code and allows a resend after ${e.output.resendAfterSeconds} s`;
    if (e.type === "xstate.error.actor.sendCode") return refusal(e.error);
    if (e.type === "countdown.tick") return "Wait one second";
    return e.type;
  },
  describeState: (s) => {
    if (s.matches("sending")) return "The send button shows a spinner";
    if (s.matches("cooldown")) return `The button reads "Resend in ${s.context.cooldown} s" and is disabled`;
    if (s.context.fieldErrors.email) return `The e-mail shows ${english(s.context.fieldErrors.email)}`;
    if (s.context.failure) return `The form: ${saidOnce(s.context.failure)}`;
    return s.context.sentOnce ? 'The button reads "Resend code"' : 'The button reads "Send code"';
  },
  excluded: [],
};
