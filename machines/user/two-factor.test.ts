import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { TwoFactorStatus } from "../../contracts/schemas/two-factor.ts";
import { apiFailure, settle } from "../test-support.ts";
import { twoFactorMachine } from "./two-factor.ts";
import { sameTwoFactorView, selectTwoFactorBadge, selectTwoFactorView } from "./two-factor-selectors.ts";

const setup = { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/Merchant%20Console:m?secret=JBSWY3DPEHPK3PXP" };
const codes = Array.from({ length: 10 }, (_, i) => `abcd${"abcdefghij"[i]}-fghij`);

function start(
  status: TwoFactorStatus | Error,
  overrides: {
    startSetup?: () => Promise<unknown>;
    enable?: () => Promise<unknown>;
    disable?: () => Promise<unknown>;
  } = {},
) {
  const effects = { announceOn: vi.fn(), announceOff: vi.fn() };
  const calls = { startSetup: [] as unknown[], enable: [] as unknown[], disable: [] as unknown[] };
  const machine = twoFactorMachine.provide({
    actors: {
      loadStatus: fromPromise(async () => {
        if (status instanceof Error) throw status;
        return status;
      }),
      startSetup: fromPromise(async ({ input }) => {
        calls.startSetup.push(input);
        await (overrides.startSetup ?? (async () => null))();
        return setup;
      }),
      enable: fromPromise(async ({ input }) => {
        calls.enable.push(input);
        await (overrides.enable ?? (async () => null))();
        return { recoveryCodes: codes };
      }),
      disable: fromPromise(async ({ input }) => {
        calls.disable.push(input);
        return (overrides.disable ?? (async () => null))();
      }),
    },
    actions: { announceOn: () => effects.announceOn(), announceOff: () => effects.announceOff() },
  });
  return { actor: createActor(machine).start(), effects, calls };
}

describe("two-factor machine (user centre)", () => {
  it("turns TOTP on: set-up shown, a malformed code refused locally, the codes shown once, then on", async () => {
    const { actor, effects, calls } = start({ enabled: false, recoveryCodesLeft: 0 });
    await settle(actor, "off");
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({ kind: "off", busy: false });
    expect(selectTwoFactorBadge(actor.getSnapshot())).toBe("off");
    actor.send({ type: "twoFactor.start" });
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({
      kind: "password",
      busy: false,
      passwordError: undefined,
    });
    actor.send({ type: "twoFactor.reveal", password: "" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: "validation.passwordRequired" });
    expect(calls.startSetup).toEqual([]);
    actor.send({ type: "twoFactor.reveal", password: "Merchant7Pass" });
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({
      kind: "password",
      busy: true,
      passwordError: undefined,
    });
    await settle(actor, "settingUp");
    expect(calls.startSetup).toEqual([{ password: "Merchant7Pass" }]);
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({
      kind: "setup",
      ...setup,
      busy: false,
      codeError: undefined,
    });
    actor.send({ type: "twoFactor.confirm", code: "12a" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: "validation.codeFormat" });
    actor.send({ type: "twoFactor.confirm", code: "123456" });
    await settle(actor, "showingRecoveryCodes");
    expect(calls.enable).toEqual([{ code: "123456" }]);
    expect(effects.announceOn).toHaveBeenCalledOnce();
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({ kind: "recoveryCodes", codes });
    expect(selectTwoFactorBadge(actor.getSnapshot())).toBe("on");
    actor.send({ type: "recovery.saved" });
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({ kind: "on", recoveryCodesLeft: 10 });
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([]);
  });

  it("keeps the set-up after a wrong code, and cancel forgets it", async () => {
    const { actor } = start(
      { enabled: false, recoveryCodesLeft: 0 },
      { enable: () => Promise.reject(apiFailure("2301", "The two-factor code is wrong")) },
    );
    await settle(actor, "off");
    actor.send({ type: "twoFactor.start" });
    actor.send({ type: "twoFactor.reveal", password: "Merchant7Pass" });
    await settle(actor, "settingUp");
    actor.send({ type: "twoFactor.confirm", code: "000000" });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().value).toBe("settingUp");
    actor.send({ type: "twoFactor.cancel" });
    expect(actor.getSnapshot().context).toMatchObject({ setup: null, failure: null });
    expect(actor.getSnapshot().value).toBe("off");
  });

  it("asks for the password before the secret: a wrong one shows on its field, no secret; cancel goes back", async () => {
    const { actor, calls } = start(
      { enabled: false, recoveryCodesLeft: 0 },
      { startSetup: () => Promise.reject(apiFailure("2007", "Password is wrong")) },
    );
    await settle(actor, "off");
    actor.send({ type: "twoFactor.start" });
    actor.send({ type: "twoFactor.reveal", password: "Wrong-password1" });
    await settle(actor, "askingPassword");
    expect(calls.startSetup).toEqual([{ password: "Wrong-password1" }]);
    expect(actor.getSnapshot().context).toMatchObject({ setup: null, failure: null });
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({
      kind: "password",
      busy: false,
      passwordError: "twoFactor.passwordWrong",
    });
    actor.send({ type: "twoFactor.cancel" });
    expect(actor.getSnapshot().value).toBe("off");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it("keeps any other refusal of the set-up (a throttle) as the card's failure, on the password step", async () => {
    const { actor } = start(
      { enabled: false, recoveryCodesLeft: 0 },
      { startSetup: () => Promise.reject(apiFailure("2005", "Too many attempts")) },
    );
    await settle(actor, "off");
    actor.send({ type: "twoFactor.start" });
    actor.send({ type: "twoFactor.reveal", password: "Merchant7Pass" });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().value).toBe("askingPassword");
    expect(actor.getSnapshot().context.failure).toMatchObject({ errCode: "2005" });
  });

  it("turns TOTP off with a code or a recovery code", async () => {
    const { actor, effects, calls } = start({ enabled: true, recoveryCodesLeft: 4 });
    await settle(actor, "on");
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({ kind: "on", recoveryCodesLeft: 4 });
    actor.send({ type: "twoFactor.turnOff" });
    actor.send({ type: "twoFactor.disable", code: "x" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: "validation.secondFactorFormat" });
    actor.send({ type: "twoFactor.cancel" });
    expect(actor.getSnapshot().value).toBe("on");
    actor.send({ type: "twoFactor.turnOff" });
    actor.send({ type: "twoFactor.disable", code: "ABCDE-FGHIJ" });
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({ kind: "confirmOff", busy: true, codeError: undefined });
    expect(selectTwoFactorBadge(actor.getSnapshot())).toBe("on");
    await settle(actor, "off");
    expect(calls.disable).toEqual([{ code: "ABCDE-FGHIJ" }]);
    expect(effects.announceOff).toHaveBeenCalledOnce();
  });

  it("stays on the prompt when the server refuses the code", async () => {
    const { actor } = start(
      { enabled: true, recoveryCodesLeft: 4 },
      { disable: () => Promise.reject(apiFailure("2301", "The two-factor code is wrong")) },
    );
    await settle(actor, "on");
    actor.send({ type: "twoFactor.turnOff" });
    actor.send({ type: "twoFactor.disable", code: "123456" });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().value).toBe("confirmingOff");
  });

  it("shows the load failure and retries", async () => {
    const { actor } = start(new Error("offline"));
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "loadFailed");
    expect(selectTwoFactorView(actor.getSnapshot())).toEqual({ kind: "loadFailed" });
    expect(selectTwoFactorBadge(actor.getSnapshot())).toBeNull();
    actor.send({ type: "twoFactor.retry" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(sameTwoFactorView({ kind: "loading" }, { kind: "loading" })).toBe(true);
    expect(sameTwoFactorView({ kind: "loading" }, { kind: "loadFailed" })).toBe(false);
  });
});
