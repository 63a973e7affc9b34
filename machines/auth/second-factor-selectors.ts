import type { SnapshotFrom } from "xstate";
import type { secondFactorMachine } from "./second-factor.ts";

type SecondFactorSnapshot = SnapshotFrom<typeof secondFactorMachine>;

/** The second step's form: its field error, and whether the code is being checked. */
export const selectSecondFactorForm = (snapshot: SecondFactorSnapshot) => ({
  busy: snapshot.matches("verifying"),
  codeError: snapshot.context.fieldErrors.code,
});

export const sameSecondFactorForm = (
  a: ReturnType<typeof selectSecondFactorForm>,
  b: ReturnType<typeof selectSecondFactorForm>,
): boolean => a.busy === b.busy && a.codeError === b.codeError;

/** The server refused the code (a wrong one): said over the field. */
export const selectSecondFactorFailure = ({ context }: SecondFactorSnapshot) => context.failure;
