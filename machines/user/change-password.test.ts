import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { UpdatePasswordRequest } from "../../contracts/schemas/auth.ts";
import { changePasswordMachine } from "./change-password.ts";
import { apiFailure, settle } from "../test-support.ts";

const form = { oldPassword: "Merchant7Pass", password: "Better123", repeatPassword: "Better123", code: "135790" };

function start(answer: () => Promise<unknown> = async () => null) {
  const bodies: UpdatePasswordRequest[] = [];
  const announced = vi.fn();
  const machine = changePasswordMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        bodies.push(input);
        return answer();
      }),
    },
    actions: { succeeded: announced },
  });
  const actor = createActor(machine).start();
  actor.send({ type: "dialog.open" });
  return { actor, bodies, announced };
}

describe("change password dialog", () => {
  it("checks the rules before calling the server", () => {
    const { actor, bodies } = start();
    actor.send({ type: "password.submit", oldPassword: "", password: "weak", repeatPassword: "weak2", code: "12" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      oldPassword: "validation.passwordRequired",
      password: "validation.passwordRules",
      repeatPassword: "validation.passwordsMismatch",
      code: "validation.codeFormat",
    });
    expect(bodies).toHaveLength(0);
  });

  // Issue 25, finding 6: the change needs the code mailed to the account.
  it("asks for the mailed code before calling the server", () => {
    const { actor, bodies } = start();
    actor.send({ type: "password.submit", ...form, code: "" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: "validation.codeRequired" });
    expect(bodies).toHaveLength(0);
  });

  it("changes the password, announces it and closes", async () => {
    const { actor, bodies, announced } = start();
    actor.send({ type: "password.submit", ...form });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle(actor, "closed");
    expect(actor.getSnapshot().hasTag("open")).toBe(false);
    expect(bodies).toEqual([form]);
    expect(announced).toHaveBeenCalledOnce();
  });

  it("stays open with the server's reason when the old password is wrong", async () => {
    const { actor } = start(() => Promise.reject(apiFailure("2007", "Old password is wrong")));
    actor.send({ type: "password.submit", ...form });
    await settle(actor, "editing");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("2007");
    expect(actor.getSnapshot().hasTag("open")).toBe(true);
    actor.send({ type: "dialog.close" });
    actor.send({ type: "dialog.open" });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
