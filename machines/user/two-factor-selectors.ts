import type { SnapshotFrom } from "xstate";
import type { twoFactorMachine } from "./two-factor.ts";

type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;

/** What the user centre's two-factor card shows: one view per step. */
export type TwoFactorView =
  | { kind: "loading" }
  | { kind: "loadFailed" }
  | { kind: "off"; busy: boolean }
  | { kind: "password"; busy: boolean; passwordError: string | undefined }
  | { kind: "setup"; secret: string; uri: string; busy: boolean; codeError: string | undefined }
  | { kind: "recoveryCodes"; codes: readonly string[] }
  | { kind: "on"; recoveryCodesLeft: number }
  | { kind: "confirmOff"; busy: boolean; codeError: string | undefined };

export function selectTwoFactorView(s: TwoFactorSnapshot): TwoFactorView {
  const busy = s.hasTag("busy");
  const codeError = s.context.fieldErrors.code;
  if (s.matches("loading")) return { kind: "loading" };
  if (s.matches("loadFailed")) return { kind: "loadFailed" };
  if (s.matches("askingPassword") || s.matches("startingSetup"))
    return { kind: "password", busy, passwordError: s.context.fieldErrors.password };
  if ((s.matches("settingUp") || s.matches("enabling")) && s.context.setup)
    return { kind: "setup", secret: s.context.setup.secret, uri: s.context.setup.uri, busy, codeError };
  if (s.matches("showingRecoveryCodes")) return { kind: "recoveryCodes", codes: s.context.recoveryCodes };
  if (s.matches("confirmingOff") || s.matches("disabling")) return { kind: "confirmOff", busy, codeError };
  if (s.hasTag("on")) return { kind: "on", recoveryCodesLeft: s.context.status?.recoveryCodesLeft ?? 0 };
  return { kind: "off", busy };
}

/** The card's badge: on (also while the recovery codes show and while turning off) or off; none before the status is known. */
export function selectTwoFactorBadge(s: TwoFactorSnapshot): "on" | "off" | null {
  const { kind } = selectTwoFactorView(s);
  if (kind === "loading" || kind === "loadFailed") return null;
  return kind === "on" || kind === "recoveryCodes" || kind === "confirmOff" ? "on" : "off";
}

/** Views are equal when the card would show the same. */
export const sameTwoFactorView = (a: TwoFactorView, b: TwoFactorView): boolean =>
  JSON.stringify(a) === JSON.stringify(b);
