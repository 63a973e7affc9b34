import type { SnapshotFrom } from "xstate";
import type {
  AppAction,
  AppCredentials,
  AppSecretKind,
  Application,
  GraceWindow,
} from "../../contracts/schemas/apps.ts";
import { appSecretKinds, graceWindows } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { FieldErrors, Failure } from "../api-failure.ts";
import type { appEditMachine } from "./app-edit.ts";

type AppEditSnapshot = SnapshotFrom<typeof appEditMachine>;

/** The dialog's step: verify with the e-mail code (and the authenticator's), the edit form, or the credentials. */
export type AppEditView =
  | { kind: "closed" }
  | {
      kind: "verify";
      action: AppAction;
      app: Application;
      busy: boolean;
      needsTotp: boolean;
      graceWindow: GraceWindow;
      graceWindows: readonly GraceWindow[];
      rotateSecret: AppSecretKind;
      secretKinds: readonly AppSecretKind[];
      fieldErrors: FieldErrors;
      failure: Failure | null;
      /** The form fields a refusal may mark; a wrong authenticator code is said above, not on the e-mail code. */
      refusableFields: readonly string[];
    }
  | { kind: "edit"; app: Application; busy: boolean; fieldErrors: FieldErrors; failure: Failure | null }
  | {
      kind: "credentials";
      app: Application;
      busy: boolean;
      credentials: AppCredentials | null;
      /** The secret this dialog rotated, or null when it only shows the credentials. */
      rotated: AppSecretKind | null;
    };

const emailCodeOnly: readonly string[] = ["code"];
const noField: readonly string[] = [];

export function selectAppEditView(s: AppEditSnapshot): AppEditView {
  const { app, fieldErrors, failure } = s.context;
  if (!s.hasTag("open") || !app) return { kind: "closed" };
  const busy = s.hasTag("busy");
  if (s.matches("verify") || s.matches("checking")) {
    return {
      kind: "verify",
      action: s.context.action,
      app,
      busy,
      needsTotp: s.context.needsTotp,
      graceWindow: s.context.graceWindow,
      graceWindows,
      rotateSecret: s.context.rotateSecret,
      secretKinds: appSecretKinds,
      fieldErrors,
      failure,
      refusableFields:
        failure?.errCode === errCodes.twoFactorCodeWrong || failure?.errCode === errCodes.twoFactorRequired
          ? noField
          : emailCodeOnly,
    };
  }
  if (s.matches("editing") || s.matches("saving")) return { kind: "edit", app, busy, fieldErrors, failure };
  return {
    kind: "credentials",
    app,
    busy,
    credentials: s.context.credentials,
    rotated: s.context.action === "rotate" ? s.context.rotateSecret : null,
  };
}
