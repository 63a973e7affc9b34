import type { LastLoginResult } from "../../contracts/schemas/auth.ts";
import { lastLoginMachine } from "../../machines/auth/last-login.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, merchant, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(lastLoginMachine);

/** The server's answers: a previous sign-in with its address, and none (the first sign-in). */
export const previousSignIn: LastLoginResult = {
  userId: merchant.userId,
  lastLoginAt: "2026-01-02T09:30:00.000Z",
  lastLoginIp: "203.0.113.7",
};
export const firstSignIn: LastLoginResult = { userId: merchant.userId, lastLoginAt: null, lastLoginIp: null };

export const lastLoginModel: MachineModel<typeof lastLoginMachine> = {
  id: "lastLogin",
  machine: lastLoginMachine,
  starts: [{ name: "signed in, console home", input: undefined }],
  events: (s) => {
    if (s.matches("loading"))
      return [
        done("loadLastLogin", previousSignIn),
        done("loadLastLogin", firstSignIn),
        failed("loadLastLogin", failure("5000", "Internal error")),
      ];
    if (s.matches("failed")) return [{ type: "lastLogin.retry" }];
    return [];
  },
  describeEvent: (e) => {
    if (e.type === "lastLogin.retry")
      return `Press ${english("console.lastLoginRetry")} beside ${english("console.lastLogin")}`;
    if (e.type === "xstate.done.actor.loadLastLogin")
      return e.output.lastLoginAt
        ? `The server answers the previous sign-in (${e.output.lastLoginAt} from ${e.output.lastLoginIp})`
        : "The server answers that there was no previous sign-in";
    if (e.type === "xstate.error.actor.loadLastLogin") return refusal(e.error);
    return e.type;
  },
  describeState: (s) => {
    const line = english("console.lastLogin");
    if (s.matches("loading")) return `${line} reads ${english("console.lastLoginLoading")}`;
    if (s.matches("failed"))
      return `${line} reads ${english("console.lastLoginFailed")} with ${english("console.lastLoginRetry")}`;
    return s.context.lastLogin?.lastLoginAt
      ? `${line} shows the date and time and the address`
      : `${line} reads ${english("console.never")}`;
  },
  excluded: [],
};
