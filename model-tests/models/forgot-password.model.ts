import { forgotPasswordMachine } from "../../machines/auth/forgot-password.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { showingProblems } from "./english.ts";
import { failure, merchant, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(forgotPasswordMachine);

const newPassword = "Better123";

export const forgotPasswordModel: MachineModel<typeof forgotPasswordMachine> = {
  id: "forgotPassword",
  machine: forgotPasswordMachine,
  starts: [{ name: "", input: undefined }],
  // One console resets the password again and again: every check reads the page as it is now.
  walks: true,
  events: (s) => {
    if (s.matches("identify"))
      return [
        { type: "code.submit", email: merchant.email, code: "123456" },
        { type: "code.submit", email: merchant.email, code: "" },
      ];
    if (s.matches("checkingCode"))
      return [done("checkCode", { valid: true }), failed("checkCode", failure("2002", "Verification code is wrong"))];
    if (s.matches("choosePassword"))
      return [
        { type: "password.submit", password: newPassword, repeatPassword: newPassword },
        { type: "password.submit", password: newPassword, repeatPassword: "Better124" },
        { type: "step.back" },
      ];
    if (s.matches("resetting"))
      return [
        done("resetPassword", null),
        failed("resetPassword", failure("2003", "Verification code expired, please request a new one")),
        failed("resetPassword", failure("5000", "Internal error")),
      ];
    if (s.matches("done")) return [{ type: "done.close" }];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "code.submit":
        return `Type e-mail "${e.email}" and code "${e.code}"; press Next`;
      case "password.submit":
        return `Type new password "${e.password}" and repeat "${e.repeatPassword}"; press Reset password`;
      case "step.back":
        return "Press Back";
      case "done.close":
        return "Press Go to sign in";
      case "xstate.done.actor.checkCode":
        return "The server accepts the code";
      case "xstate.done.actor.resetPassword":
        return "The server resets the password";
      case "xstate.error.actor.checkCode":
      case "xstate.error.actor.resetPassword":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const shown = showingProblems(s.context);
    if (s.matches("identify")) return `Step 1 of 2: e-mail and code${shown}`;
    if (s.matches("checkingCode")) return "Next shows a spinner";
    if (s.matches("choosePassword")) return `Step 2 of 2: new password and repeat${shown}`;
    if (s.matches("resetting")) return "Reset password shows a spinner";
    if (s.matches("done")) return "The dialog 'Password reset' asks to sign in with the new password";
    return "The sign-in page";
  },
  excluded: [],
};
