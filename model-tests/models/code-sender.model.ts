import { codeSenderMachine } from "../../machines/code-sender.ts";
import type { MachineModel } from "../framework/model.ts";
import { english } from "./english.ts";
import { failure, merchant } from "./fixtures.ts";

export const codeSenderModel: MachineModel<typeof codeSenderMachine> = {
  id: "codeSender",
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
        { type: "xstate.done.actor.sendCode", output: { resendAfterSeconds: 2, expiresInSeconds: 600 } },
        { type: "xstate.error.actor.sendCode", error: failure("2001", "E-mail already exists") },
      ] as never;
    if (s.matches("cooldown")) return [{ type: "countdown.tick" }];
    return [];
  },
  describeEvent: (event) => {
    const e = event as { type: string; email?: string; output?: { resendAfterSeconds: number }; error?: { errMsg: string } };
    if (e.type === "code.send") return `Type e-mail "${e.email}"; press Send code`;
    if (e.type === "xstate.done.actor.sendCode") return `The server sends the code and allows a resend after ${e.output?.resendAfterSeconds} s`;
    if (e.type === "xstate.error.actor.sendCode") return `The server refuses: "${e.error?.errMsg}"`;
    if (e.type === "countdown.tick") return "Wait one second";
    return e.type;
  },
  describeState: (s) => {
    if (s.matches("sending")) return "The send button shows a spinner";
    if (s.matches("cooldown")) return `The button reads "Resend in ${s.context.cooldown} s" and is disabled`;
    if (s.context.fieldErrors.email) return `The e-mail shows ${english(s.context.fieldErrors.email)}`;
    if (s.context.failure) return `The form shows "${s.context.failure.errMsg}"`;
    return s.context.sentOnce ? 'The button reads "Resend code"' : 'The button reads "Send code"';
  },
  excluded: [],
};
