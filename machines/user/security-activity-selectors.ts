import type { SecurityEvent } from "../../contracts/schemas/security-events.ts";
import type { SnapshotFrom } from "xstate";
import type { securityActivityMachine } from "./security-activity.ts";

/** What the section shows: loading (first time), could not be loaded, nothing yet, or the events (newest first). */
export type SecurityActivityView =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "empty" }
  | { kind: "list"; events: SecurityEvent[]; reloading: boolean };

export function selectSecurityActivity(snapshot: SnapshotFrom<typeof securityActivityMachine>): SecurityActivityView {
  if (snapshot.value === "failed") return { kind: "failed" };
  const reloading = snapshot.value === "loading";
  const { events } = snapshot.context;
  if (events.length > 0) return { kind: "list", events, reloading };
  if (reloading) return { kind: "loading" };
  return { kind: "empty" };
}
