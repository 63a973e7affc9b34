import type { AppCredentials, Application } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { appEditMachine } from "../../machines/apps/app-edit.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { showingProblems } from "./english.ts";
import { failure, merchant, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(appEditMachine);

/** The fake server's one application, with long callback addresses as merchants have them. */
export const sampleApp: Application = {
  appCode: "2026020100000001",
  name: "Northwind shop",
  address: "https://shop.northwind.example.com",
  rechargeCallbackUrl: "https://shop.northwind.example.com/api/v2/callbacks/recharge",
  withdrawCallbackUrl: "https://shop.northwind.example.com/api/v2/callbacks/withdraw",
  withdrawAutoApproveLimit: null,
  withdrawAnyAddressDailyLimit: null,
  status: "normal",
  remark: "Main shop",
  createdAt: "2026-02-01T09:00:00.000Z",
};

export const sampleCredentials: AppCredentials = {
  appCode: sampleApp.appCode,
  appKey: "ak_5c504ed432cb51138bcf09aa",
  appSecret: "as_0f9e8d7c6b5a49382716",
  previousSecretValidUntil: null,
  webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  previousWebhookSecretValidUntil: null,
};

export const rotatedCredentials: AppCredentials = {
  ...sampleCredentials,
  appSecret: "as_11223344556677889900",
  previousSecretValidUntil: "2026-02-01T11:00:00.000Z",
};

export const rotatedWebhookCredentials: AppCredentials = {
  ...sampleCredentials,
  webhookSecret: "whsec_Zm9yIHRoZSBtb2RlbCB0ZXN0IG9ubHkgMTIzNDU2",
  previousWebhookSecretValidUntil: "2026-02-02T09:00:00.000Z",
};

export const editedFields = {
  name: "Northwind store",
  address: sampleApp.address,
  rechargeCallbackUrl: sampleApp.rechargeCallbackUrl,
  withdrawCallbackUrl: sampleApp.withdrawCallbackUrl,
  withdrawAutoApproveLimit: "250",
  remark: "Renamed",
};

type E = ModelEvent<typeof appEditMachine>;

const spent = failure(errCodes.appProofExpired, "This verification has expired or was used");

export const appEditModel: MachineModel<typeof appEditMachine> = {
  id: "appEdit",
  machine: appEditMachine,
  starts: [{ name: "signed in, on My applications", input: { email: merchant.email } }],
  // One console walks many openings of the dialog: the harness reads the name the list shows after a save, and what
  // the dialog said since it opened.
  walks: true,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.action,
      s.context.needsTotp,
      s.context.graceWindow,
      s.context.rotateSecret,
      // The verified window: open on the application or not, whether this opening checked a code (a proof) or went
      // straight through, and an edit kept across a new code.
      s.context.verified.includes(sampleApp.appCode),
      s.context.proof !== null,
      s.context.draft !== null,
      Object.keys(s.context.fieldErrors).length > 0,
      s.context.failure?.errCode ?? null,
    ]),
  events: (s) => {
    const { context } = s;
    if (s.matches("closed"))
      return (["edit", "credentials", "rotate"] as const).map(
        (action): E => ({ type: "app.open", action, app: sampleApp }),
      );
    if (s.matches("verify")) {
      const events: E[] = [
        { type: "verify.submit", code: "123456", totpCode: context.needsTotp ? "654321" : "" },
        { type: "verify.submit", code: "", totpCode: "" },
        { type: "dialog.close" },
      ];
      // One choice or the other, not both: the two selects are independent, and every pair would double the paths.
      const untouched = context.graceWindow === "1h" && context.rotateSecret === "appSecret";
      if (context.action === "rotate" && untouched) {
        events.push({ type: "rotate.grace", graceWindow: "24h" });
        events.push({ type: "rotate.secret", secret: "webhookSecret" });
      }
      return events;
    }
    if (s.matches("checking")) {
      const events: E[] = [
        // Checked in the merchant's session, as the console checks it: the answer opens the verified window.
        done("checkCode", { valid: true, proof: "proof-1", proofExpiresInSeconds: 300, verifiedForSeconds: 600 }),
        done("checkCode", { valid: false }),
        failed("checkCode", failure(errCodes.codeWrong, "Wrong verification code")),
        { type: "dialog.close" },
      ];
      if (!context.needsTotp)
        events.push(
          failed("checkCode", failure(errCodes.twoFactorRequired, "Enter the code of your authenticator app")),
        );
      // A wrong authenticator code marks the authenticator's field, not the e-mail code's.
      else events.push(failed("checkCode", failure(errCodes.twoFactorCodeWrong, "Wrong authenticator code")));
      return events;
    }
    if (s.matches("editing"))
      return [
        { type: "edit.submit", ...editedFields },
        { type: "edit.submit", ...editedFields, address: "ftp://shop" },
        { type: "dialog.close" },
      ];
    if (s.matches("saving"))
      return [
        done("editApp", { ...sampleApp, name: editedFields.name, remark: editedFields.remark }),
        failed("editApp", spent),
        failed("editApp", failure("5000", "Internal error")),
        { type: "dialog.close" },
      ];
    if (s.matches("loadingCredentials"))
      return [done("loadCredentials", sampleCredentials), failed("loadCredentials", spent), { type: "dialog.close" }];
    if (s.matches("rotating"))
      return [
        done("rotateSecret", context.rotateSecret === "webhookSecret" ? rotatedWebhookCredentials : rotatedCredentials),
        failed("rotateSecret", spent),
        { type: "dialog.close" },
      ];
    if (s.matches("credentials")) return [{ type: "dialog.close" }];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "app.open":
        return `In the application's row, press ${e.action === "edit" ? "Edit" : e.action === "credentials" ? "Credentials" : "Rotate secret"}`;
      case "dialog.close":
        return "Press Cancel (or close the dialog)";
      case "rotate.grace":
        return `Choose "${e.graceWindow}" under "Old secret keeps working"`;
      case "rotate.secret":
        return `Choose "${e.secret === "webhookSecret" ? "Webhook signing secret" : "AppSecret"}" under "Secret to rotate"`;
      case "verify.submit":
        return `Type code "${e.code}"${e.totpCode ? ` and authenticator code "${e.totpCode}"` : ""}; press Verify`;
      case "edit.submit":
        return `Type name "${e.name}", site "${e.address}"; press Save`;
      case "xstate.done.actor.checkCode":
        return e.output.proof
          ? "The server accepts the code and answers a proof, and a verified window of 10 minutes on the application"
          : "The server answers no proof";
      case "xstate.done.actor.editApp":
        return "The server saves the application";
      case "xstate.done.actor.loadCredentials":
        return "The server answers the AppKey, AppSecret and webhook signing secret";
      case "xstate.done.actor.rotateSecret":
        return "The server answers the new secret and when the old one stops";
      case "xstate.error.actor.checkCode":
      case "xstate.error.actor.editApp":
      case "xstate.error.actor.loadCredentials":
      case "xstate.error.actor.rotateSecret":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const showing = showingProblems(context);
    if (s.matches("closed")) return "No dialog is open; the list shows the application";
    if (s.matches("verify") || s.matches("checking"))
      return `The dialog asks for the e-mail code${context.needsTotp ? " and the authenticator's" : ""}${
        context.action === "rotate"
          ? `, the ${context.rotateSecret} to rotate, the grace window ${context.graceWindow}`
          : ""
      }${s.matches("checking") ? "; Verify shows a spinner" : ""}${showing}`;
    if (s.matches("editing"))
      return `${context.proof === null ? "Without asking for a code, the" : "The"} edit form, filled in with ${
        context.draft ? "the edit typed before the new code" : "the application"
      }${showing}`;
    if (s.matches("saving")) return "Save shows a spinner";
    if (s.matches("loadingCredentials") || s.matches("rotating")) return "The dialog shows a spinner";
    return `The AppKey, AppSecret and webhook signing secret (what it verifies said) with copy buttons and "Important data, avoid leaking"${
      context.action === "rotate" ? `, and when the old ${context.rotateSecret} stops working` : ""
    }`;
  },
  excluded: [],
};
