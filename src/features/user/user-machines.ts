import { fromPromise } from "xstate";
import { securityActivityMachine } from "../../../machines/account/security-activity.ts";
import type { Uses } from "../../app/services.ts";

/** The user centre's machines with their effects bound to the API. */
export const provideSecurityActivity = ({ api }: Uses<never, "user">) =>
  securityActivityMachine.provide({
    actors: { loadSecurityActivity: fromPromise(() => api.user.securityActivity()) },
  });
