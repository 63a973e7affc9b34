import { isServerRefusal } from "../../machines/api-failure.ts";
import { secondFactorMachine } from "../../machines/auth/second-factor.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce, showingProblems } from "./english.ts";
import { failure, loginResult } from "./fixtures.ts";
import { challengeAnswer, challengeSpent, codesThrottled, totpCode } from "./session.model.ts";

const { done, failed } = eventBuilders(secondFactorMachine);

/** The sign-in's second step (TOTP on), from the password that held to the way it ends (session.model.ts goes on). */
export const secondFactorModel: MachineModel<typeof secondFactorMachine> = {
  id: "secondFactor",
  machine: secondFactorMachine,
  starts: [{ name: "the password held, TOTP on", input: { challenge: challengeAnswer.challenge } }],
  walks: true,
  events: (s) => {
    if (s.matches("asking"))
      return [
        { type: "secondFactor.submit", code: totpCode },
        { type: "secondFactor.submit", code: "12" },
        { type: "secondFactor.cancel" },
      ];
    if (s.matches("verifying"))
      return [
        done("verifyCode", loginResult),
        failed("verifyCode", failure("2301", "The two-factor code is wrong")),
        failed("verifyCode", challengeSpent),
        failed("verifyCode", codesThrottled),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "secondFactor.submit":
        return `Type the code "${e.code}" (the field has the focus); press Enter`;
      case "secondFactor.cancel":
        return "Press Back to sign-in";
      case "xstate.done.actor.verifyCode":
        return "The server accepts the code";
      case "xstate.error.actor.verifyCode": {
        const error = e.error as { errCode: string; errMsg: string };
        return isServerRefusal(error) ? `The server refuses: "${error.errMsg}"` : "The server cannot be reached";
      }
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("asking")) {
      return `The two-factor step asks for the app's code, its field focused${showingProblems(s.context)}; no token stored`;
    }
    if (s.matches("verifying")) return "Verify shows a spinner";
    const ending = s.context.ending;
    if (ending?.outcome === "signedIn") return "The console shows the merchant's e-mail";
    if (ending?.outcome === "throttled")
      return `The sign-in page with a code field and ${english("code.send")}, showing ${saidOnce(ending.failure)}`;
    if (ending?.outcome === "spent") return `The sign-in page, showing ${saidOnce(ending.failure)}`;
    return "The sign-in page; no token stored";
  },
  excluded: [],
};
