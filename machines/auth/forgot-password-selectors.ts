import type { SnapshotFrom } from "xstate";
import type { forgotPasswordMachine } from "./forgot-password.ts";

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

/** Which of the two steps shows: the e-mail and its code, or the new password. */
export const selectResetStep = (snapshot: ForgotPasswordSnapshot): 1 | 2 => (snapshot.hasTag("identifyStep") ? 1 : 2);

/** The password is reset: the done dialog shows. */
export const selectResetDone = (snapshot: ForgotPasswordSnapshot): boolean => snapshot.matches("done");

/** The e-mail to sign in with once the merchant leaves the done dialog, else null. */
export const selectResetFinishedEmail = (snapshot: ForgotPasswordSnapshot): string | null =>
  snapshot.matches("finished") ? snapshot.context.email : null;
