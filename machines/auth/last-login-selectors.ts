import type { SnapshotFrom } from "xstate";
import type { lastLoginMachine } from "./last-login.ts";

/** What the line says: still loading, could not be loaded, first sign-in, or when and from where. */
export type LastLoginLine =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "firstSignIn" }
  | { kind: "previous"; at: string; ip: string | null };

export function selectLastLoginLine(snapshot: SnapshotFrom<typeof lastLoginMachine>): LastLoginLine {
  if (snapshot.value === "loading") return { kind: "loading" };
  if (snapshot.value === "failed") return { kind: "failed" };
  const at = snapshot.context.lastLogin?.lastLoginAt;
  return at ? { kind: "previous", at, ip: snapshot.context.lastLogin?.lastLoginIp || null } : { kind: "firstSignIn" };
}
