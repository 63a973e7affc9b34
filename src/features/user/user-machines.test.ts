import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { provideTwoFactor } from "./user-machines.ts";

describe("the user centre's two-factor card", () => {
  // Turning the second factor on or off is security activity: the list beside the card shows it without a Refresh.
  it("tells the page each time the second factor is turned on or off", async () => {
    const api = {
      twoFactor: {
        status: async () => ({ enabled: false, recoveryCodesLeft: 0 }),
        setup: async () => ({ secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/m?secret=JBSWY3DPEHPK3PXP" }),
        enable: async () => ({ recoveryCodes: ["abcde-fghij"] }),
        disable: async () => null,
      },
    };
    const services = { api, notify: { success: () => undefined }, i18n: { t: (key: string) => key } };
    let changed = 0;
    const actor = createActor(provideTwoFactor(services as never, { changed: () => changed++ })).start();
    await waitFor(actor, (s) => s.value === "off");
    actor.send({ type: "twoFactor.start" });
    actor.send({ type: "twoFactor.reveal", password: "Merchant7Pass" });
    await waitFor(actor, (s) => s.value === "settingUp");
    actor.send({ type: "twoFactor.confirm", code: "123456" });
    await waitFor(actor, (s) => s.value === "showingRecoveryCodes");
    expect(changed).toBe(1);
    actor.send({ type: "recovery.saved" });
    actor.send({ type: "twoFactor.turnOff" });
    actor.send({ type: "twoFactor.disable", code: "123456" });
    await waitFor(actor, (s) => s.value === "off");
    expect(changed).toBe(2);
    actor.stop();
  });
});
