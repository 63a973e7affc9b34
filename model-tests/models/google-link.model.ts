import { isServerRefusal } from "../../machines/api-failure.ts";
import { googleLinkMachine } from "../../machines/auth/google-link.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, problemsOf, saidOnce } from "./english.ts";
import { failure, loginResult, merchant } from "./fixtures.ts";
import { challengeAnswer, linkChallenge, linkCode, linkExpired } from "./session.model.ts";

const { done, failed } = eventBuilders(googleLinkMachine);

/**
 * The sign-in page's link step: Google vouched for an account whose e-mail is a merchant's who has not linked it; from
 * there to the way it ends (session.model.ts goes on).
 */
export const googleLinkModel: MachineModel<typeof googleLinkMachine> = {
  id: "googleLink",
  machine: googleLinkMachine,
  starts: [{ name: "Google's account not linked yet", input: { link: linkChallenge } }],
  walks: true,
  events: (s) => {
    if (s.matches("proving"))
      return [
        { type: "google.link", proof: { password: merchant.password } },
        { type: "google.link", proof: { code: linkCode } },
        { type: "google.link", proof: { code: "" } },
        { type: "google.linkCancel" },
      ];
    if (s.matches("linking"))
      return [
        done("linkAccount", loginResult),
        done("linkAccount", challengeAnswer),
        failed("linkAccount", failure("2006", "Wrong e-mail or password")),
        failed("linkAccount", linkExpired),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "google.link":
        return "password" in e.proof
          ? `On the link step, type the account's password "${e.proof.password}"; press ${english("googleLink.withPassword")}`
          : `On the link step, type the mailed code "${e.proof.code}"; press ${english("googleLink.withCode")}`;
      case "google.linkCancel":
        return "On the link step, press Cancel";
      case "xstate.done.actor.linkAccount":
        return "secondFactor" in e.output
          ? "The server links the Google account and asks for the second factor (TOTP is on)"
          : "The server links the Google account and signs in";
      case "xstate.error.actor.linkAccount": {
        const error = e.error as { errCode: string; errMsg: string };
        return isServerRefusal(error) ? `The server refuses: "${error.errMsg}"` : "The server cannot be reached";
      }
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("proving")) {
      const problems = problemsOf(s.context);
      return `${english("googleLink.title")}: the account's e-mail, a password field, a code field with Send code, and Cancel${problems.length ? `; ${problems.join(", ")}` : ""}`;
    }
    if (s.matches("linking")) return "The link step's buttons show a spinner";
    const ending = s.context.ending;
    if (ending?.outcome === "linked")
      return "secondFactor" in ending.answer
        ? "The two-factor step asks for the app's code; no token stored"
        : "The console shows the merchant's e-mail";
    if (ending?.outcome === "expired") return `The sign-in page, showing ${saidOnce(ending.failure)}`;
    return "The sign-in page; no token stored";
  },
  excluded: [],
};
