import type { SnapshotFrom } from "xstate";
import type { registerMachine } from "./register.ts";

type RegisterSnapshot = SnapshotFrom<typeof registerMachine>;

/** The registration is on its way: the button spins. */
export const selectRegistering = (snapshot: RegisterSnapshot): boolean => snapshot.matches("submitting");

/** The registered e-mail once registration is over (the sign-in form starts with it), else null. */
export const selectRegisteredEmail = (snapshot: RegisterSnapshot): string | null =>
  snapshot.matches("registered") ? snapshot.context.email : null;
