import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import type { LoginResult } from "../../contracts/schemas/auth.ts";
import type { SecondFactorRequest } from "../../contracts/schemas/two-factor.ts";
import { apiFailure, ended, recordedCall, signedInAnswer as loginResult } from "../test-support.ts";
import { secondFactorMachine } from "./second-factor.ts";
import { sameSecondFactorForm, selectSecondFactorFailure, selectSecondFactorForm } from "./second-factor-selectors.ts";

function start(answer: () => Promise<LoginResult> = async () => loginResult) {
  const { actor: verifyCode, calls } = recordedCall<SecondFactorRequest, LoginResult>(answer);
  const machine = secondFactorMachine.provide({ actors: { verifyCode } });
  return { actor: createActor(machine, { input: { challenge: "ch-1" } }).start(), calls };
}

describe("second factor machine (TOTP at sign-in)", () => {
  it("sends the trimmed code with the challenge and hands the session over", async () => {
    const { actor, calls } = start();
    expect(selectSecondFactorForm(actor.getSnapshot())).toEqual({ busy: false, codeError: undefined });
    actor.send({ type: "secondFactor.submit", code: " 123456 " });
    expect(selectSecondFactorForm(actor.getSnapshot())).toEqual({ busy: true, codeError: undefined });
    expect((await ended(actor)).output).toEqual({ outcome: "signedIn", result: loginResult });
    expect(calls).toEqual([{ challenge: "ch-1", code: "123456" }]);
  });

  it("refuses a malformed code without calling the server", () => {
    const { actor, calls } = start();
    actor.send({ type: "secondFactor.submit", code: "12" });
    expect(actor.getSnapshot().value).toBe("asking");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: "validation.secondFactorFormat" });
    expect(selectSecondFactorForm(actor.getSnapshot()).codeError).toBe("validation.secondFactorFormat");
    actor.send({ type: "secondFactor.submit", code: "" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: "validation.codeRequired" });
    expect(calls).toHaveLength(0);
  });

  it("stays on the code after a wrong one, and ends spent when the challenge is", async () => {
    const answers = [
      apiFailure("2301", "The two-factor code is wrong"),
      apiFailure("2302", "This sign-in has expired"),
    ];
    const { actor } = start(() => Promise.reject(answers.shift()));
    actor.send({ type: "secondFactor.submit", code: "000000" });
    await waitFor(actor, (s) => s.matches("asking") && s.context.failure !== null);
    expect(selectSecondFactorFailure(actor.getSnapshot())).toMatchObject({ errCode: "2301" });
    actor.send({ type: "secondFactor.submit", code: "111111" });
    expect((await ended(actor)).output).toEqual({
      outcome: "spent",
      failure: { errCode: "2302", errMsg: "This sign-in has expired" },
    });
  });

  it("ends throttled when the account's codes are, and cancelled on cancel", async () => {
    const { actor } = start(() => Promise.reject(apiFailure("2011", "Too many failed sign-ins on this account")));
    actor.send({ type: "secondFactor.submit", code: "123456" });
    expect((await ended(actor)).output).toMatchObject({ outcome: "throttled", failure: { errCode: "2011" } });
    const cancelled = start().actor;
    cancelled.send({ type: "secondFactor.cancel" });
    expect(cancelled.getSnapshot().output).toEqual({ outcome: "cancelled" });
  });

  it("compares forms by what the page shows", () => {
    const form = { busy: false, codeError: undefined };
    expect(sameSecondFactorForm(form, { ...form })).toBe(true);
    expect(sameSecondFactorForm(form, { ...form, busy: true })).toBe(false);
    expect(sameSecondFactorForm(form, { ...form, codeError: "validation.codeRequired" })).toBe(false);
  });
});
