import type { SnapshotFrom } from "xstate";
import type {
  AppAction,
  AppCredentials,
  AppSecretKind,
  Application,
  GraceWindow,
} from "../../contracts/schemas/apps.ts";
import { appSecretKinds, graceWindows, verifiedWindowSeconds } from "../../contracts/schemas/apps.ts";
import type { FieldErrors, Failure } from "../api-failure.ts";
import type { AppEditFields, appEditMachine } from "./app-edit.ts";

type AppEditSnapshot = SnapshotFrom<typeof appEditMachine>;

/** Which secret a rotation replaces and how long the old one keeps working: chosen before the code, or in the window. */
export interface RotateChoices {
  graceWindow: GraceWindow;
  graceWindows: readonly GraceWindow[];
  rotateSecret: AppSecretKind;
  secretKinds: readonly AppSecretKind[];
}

/**
 * The dialog's step: verify with the e-mail code (and the authenticator's), the rotation's choices inside the verified
 * window (no code), the edit form, or the credentials.
 */
export type AppEditView =
  | { kind: "closed" }
  | ({
      kind: "verify";
      action: AppAction;
      app: Application;
      busy: boolean;
      needsTotp: boolean;
      /** How long one code spares the merchant another on this application (the server's verified window). */
      windowMinutes: number;
      fieldErrors: FieldErrors;
      failure: Failure | null;
      /** The form fields a refusal may mark: the e-mail code, and the authenticator's once it is asked. */
      refusableFields: readonly string[];
    } & RotateChoices)
  | {
      kind: "edit";
      app: Application;
      /** What the form starts from: the edit kept across a new code, or the application as listed. */
      fields: AppEditFields;
      busy: boolean;
      fieldErrors: FieldErrors;
      failure: Failure | null;
    }
  | {
      kind: "credentials";
      app: Application;
      busy: boolean;
      credentials: AppCredentials | null;
      /** The secret this dialog rotated, or null when it only shows the credentials. */
      rotated: AppSecretKind | null;
    };

const emailCodeOnly: readonly string[] = ["code"];
const bothCodes: readonly string[] = ["code", "totpCode"];

const fieldsOf = (app: Application): AppEditFields => ({
  name: app.name,
  address: app.address,
  rechargeCallbackUrl: app.rechargeCallbackUrl,
  withdrawCallbackUrl: app.withdrawCallbackUrl,
  withdrawAutoApproveLimit: app.withdrawAutoApproveLimit ?? "",
  withdrawAnyAddressDailyLimit: app.withdrawAnyAddressDailyLimit ?? "",
  remark: app.remark,
});

export function selectAppEditView(s: AppEditSnapshot): AppEditView {
  const { app, fieldErrors, failure } = s.context;
  if (!s.hasTag("open") || !app) return { kind: "closed" };
  const busy = s.hasTag("busy");
  const choices: RotateChoices = {
    graceWindow: s.context.graceWindow,
    graceWindows,
    rotateSecret: s.context.rotateSecret,
    secretKinds: appSecretKinds,
  };
  if (s.matches("verify") || s.matches("checking")) {
    return {
      kind: "verify",
      action: s.context.action,
      app,
      busy,
      needsTotp: s.context.needsTotp,
      windowMinutes: verifiedWindowSeconds / 60,
      ...choices,
      fieldErrors,
      failure,
      // The authenticator's field once it is asked; before, a refusal of it is said above the e-mail code.
      refusableFields: s.context.needsTotp ? bothCodes : emailCodeOnly,
    };
  }
  if (s.matches("editing") || s.matches("saving"))
    return { kind: "edit", app, fields: s.context.draft ?? fieldsOf(app), busy, fieldErrors, failure };
  return {
    kind: "credentials",
    app,
    busy,
    credentials: s.context.credentials,
    rotated: s.context.action === "rotate" ? s.context.rotateSecret : null,
  };
}
