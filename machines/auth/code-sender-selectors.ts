import type { SnapshotFrom } from "xstate";
import type { codeSenderMachine } from "./code-sender.ts";

/** A code is being sent: the send button spins. */
export const selectSendingCode = (snapshot: SnapshotFrom<typeof codeSenderMachine>): boolean =>
  snapshot.matches("sending");
