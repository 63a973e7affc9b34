import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ResetPasswordRequest } from "../../contracts/schemas/auth.ts";
import { forgotPasswordMachine } from "./forgot-password.ts";
import { apiFailure, settle } from "../test-support.ts";

function start(options: { check?: () => Promise<{ valid: boolean }>; reset?: () => Promise<unknown> } = {}) {
  const resets: ResetPasswordRequest[] = [];
  const machine = forgotPasswordMachine.provide({
    actors: {
      checkCode: fromPromise(async () => (options.check ?? (async () => ({ valid: true })))()),
      resetPassword: fromPromise(async ({ input }) => {
        resets.push(input);
        return (options.reset ?? (async () => null))();
      }),
    },
  });
  return { actor: createActor(machine).start(), resets };
}

describe("forgot password machine", () => {
  it("walks e-mail + code, new password + repeat, done dialog", async () => {
    const { actor, resets } = start();
    actor.send({ type: "code.submit", email: "m@example.com", code: "123456" });
    await settle(actor, "choosePassword");
    actor.send({ type: "password.submit", password: "Merchant7Pass", repeatPassword: "Secret124" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ repeatPassword: "validation.passwordsMismatch" });
    actor.send({ type: "password.submit", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" });
    await settle(actor, "done");
    expect(resets).toEqual([
      { email: "m@example.com", code: "123456", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" },
    ]);
    actor.send({ type: "done.close" });
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("needs a code before checking", () => {
    const { actor } = start();
    actor.send({ type: "code.submit", email: "m@example.com", code: "" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: "validation.codeRequired" });
  });

  it("stays on step 1 when the code is wrong", async () => {
    const { actor } = start({ check: () => Promise.reject(apiFailure("2002")) });
    actor.send({ type: "code.submit", email: "m@example.com", code: "000000" });
    await settle(actor, "identify");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("2002");
  });

  it("returns to step 1 when the code expired meanwhile, and stays on step 2 on other failures", async () => {
    const expired = start({ reset: () => Promise.reject(apiFailure("2003")) });
    expired.actor.send({ type: "code.submit", email: "m@example.com", code: "123456" });
    await settle(expired.actor, "choosePassword");
    expired.actor.send({ type: "password.submit", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" });
    await settle(expired.actor, "identify");
    expect(expired.actor.getSnapshot().context.code).toBe("");

    const other = start({ reset: () => Promise.reject(apiFailure("5000")) });
    other.actor.send({ type: "code.submit", email: "m@example.com", code: "123456" });
    await settle(other.actor, "choosePassword");
    other.actor.send({ type: "password.submit", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" });
    await settle(other.actor, "choosePassword");
    expect(other.actor.getSnapshot().context.failure?.errCode).toBe("5000");
  });

  it("tags step 1 (identify, checking the code) and the calls under way", async () => {
    let answer: () => void = () => {};
    const { actor } = start({ check: () => new Promise((resolve) => (answer = () => resolve({ valid: true }))) });
    const tags = () =>
      ["identifyStep", "busy"].filter((tag) => actor.getSnapshot().hasTag(tag as "identifyStep" | "busy"));
    expect(tags()).toEqual(["identifyStep"]);
    actor.send({ type: "code.submit", email: "m@example.com", code: "123456" });
    expect(tags()).toEqual(["identifyStep", "busy"]);
    answer();
    await settle(actor, "choosePassword");
    expect(tags()).toEqual([]);
    actor.send({ type: "password.submit", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" });
    expect(tags()).toEqual(["busy"]);
    await settle(actor, "done");
    expect(tags()).toEqual([]);
  });
});
