import type { TwoFactorSetup } from "../../contracts/schemas/two-factor.ts";
import { twoFactorMachine } from "../../machines/user/two-factor.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, showingProblems } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(twoFactorMachine);

export const totpSetup: TwoFactorSetup = {
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  uri: "otpauth://totp/Merchant%20Console:merchant%40example.com?issuer=Merchant%20Console&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
};
export const recoveryCodes = Array.from({ length: 10 }, (_, i) => `${"abcdefghij"[i]}bcde-fghij`);

export const twoFactorModel: MachineModel<typeof twoFactorMachine> = {
  id: "twoFactor",
  machine: twoFactorMachine,
  starts: [{ name: "signed in, user centre", input: undefined }],
  // One console turns two-factor on and off again: every check reads the card as it is now.
  walks: true,
  events: (s) => {
    if (s.matches("loading"))
      return [
        done("loadStatus", { enabled: false, recoveryCodesLeft: 0 }),
        done("loadStatus", { enabled: true, recoveryCodesLeft: 7 }),
        failed("loadStatus", failure("5000", "Internal error")),
      ];
    if (s.matches("loadFailed")) return [{ type: "twoFactor.retry" }];
    if (s.matches("off")) return [{ type: "twoFactor.start" }];
    if (s.matches("askingPassword"))
      return [
        { type: "twoFactor.reveal", password: "Merchant7Pass" },
        { type: "twoFactor.reveal", password: "" },
        { type: "twoFactor.cancel" },
      ];
    if (s.matches("startingSetup"))
      return [
        done("startSetup", totpSetup),
        failed("startSetup", failure("2007", "Password is wrong")),
        failed("startSetup", failure("2304", "Two-factor sign-in is already on")),
      ];
    if (s.matches("settingUp"))
      return [
        { type: "twoFactor.confirm", code: "123456" },
        { type: "twoFactor.confirm", code: "12" },
        { type: "twoFactor.cancel" },
      ];
    if (s.matches("enabling"))
      return [done("enable", { recoveryCodes }), failed("enable", failure("2301", "The two-factor code is wrong"))];
    if (s.matches("showingRecoveryCodes")) return [{ type: "recovery.saved" }];
    if (s.matches("on")) return [{ type: "twoFactor.turnOff" }];
    if (s.matches("confirmingOff"))
      return [
        { type: "twoFactor.disable", code: "abcde-fghij" },
        { type: "twoFactor.disable", code: "x" },
        { type: "twoFactor.cancel" },
      ];
    if (s.matches("disabling"))
      return [done("disable", null), failed("disable", failure("2301", "The two-factor code is wrong"))];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "twoFactor.retry":
        return `Press ${english("twoFactor.retry")}`;
      case "twoFactor.start":
        return `Press ${english("twoFactor.turnOn")}`;
      case "twoFactor.reveal":
        return `Type the password "${e.password}" (the field has the focus); press Enter`;
      case "twoFactor.confirm":
        return `Type the app's code "${e.code}" (the field has the focus); press Enter`;
      case "twoFactor.cancel":
        return `Press ${english("common.cancel")}`;
      case "recovery.saved":
        return `Press ${english("twoFactor.recoverySaved")}`;
      case "twoFactor.turnOff":
        return `Press ${english("twoFactor.turnOff")}`;
      case "twoFactor.disable":
        return `Type the code "${e.code}" (the field has the focus); press Enter`;
      case "xstate.done.actor.loadStatus":
        return e.output.enabled ? "The server answers that TOTP is on" : "The server answers that TOTP is off";
      case "xstate.done.actor.startSetup":
        return "The server answers a new secret";
      case "xstate.done.actor.enable":
        return "The server accepts the code and answers ten recovery codes";
      case "xstate.done.actor.disable":
        return "The server accepts the code and turns TOTP off";
      default:
        return "error" in e ? refusal(e.error) : e.type;
    }
  },
  describeState: (s) => {
    const card = english("twoFactor.title");
    const showing = showingProblems(s.context);
    if (s.matches("loading")) return `${card} shows a spinner`;
    if (s.matches("loadFailed")) return `${card} shows the failure${showing} and ${english("twoFactor.retry")}`;
    if (s.matches("off"))
      return `${card} reads ${english("twoFactor.off")} with ${english("twoFactor.turnOn")}${showing}`;
    if (s.matches("askingPassword")) return `${card} asks for the password, the field focused${showing}`;
    if (s.matches("startingSetup")) return `${english("twoFactor.showKey")} shows a spinner`;
    if (s.matches("settingUp")) return `${card} shows the QR code, the key and the code field, focused${showing}`;
    if (s.matches("enabling")) return `${english("twoFactor.confirm")} shows a spinner`;
    if (s.matches("showingRecoveryCodes")) return `${card} lists the ten recovery codes once`;
    if (s.matches("on")) return `${card} reads ${english("twoFactor.on")} and the recovery codes left`;
    if (s.matches("confirmingOff")) return `${card} asks for a code to turn off, the field focused${showing}`;
    if (s.matches("disabling")) return `${english("twoFactor.turnOff")} shows a spinner`;
    return String(s.value);
  },
  excluded: [],
};
