import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { UserProfile } from "../../contracts/schemas/user.ts";
import { nicknameEditMachine } from "./nickname-edit.ts";
import { apiFailure, settle } from "../test-support.ts";

function start(answer: (nickName: string) => Promise<UserProfile>) {
  const saved = vi.fn();
  const machine = nicknameEditMachine.provide({
    actors: { submit: fromPromise(({ input }) => answer(input.nickName)) },
    actions: { succeeded: (_, { output }) => saved(output) },
  });
  const actor = createActor(machine).start();
  actor.send({ type: "dialog.open" });
  return { actor, saved };
}

describe("nickname edit", () => {
  it("needs a nickname", () => {
    const { actor } = start(async () => ({}) as UserProfile);
    actor.send({ type: "nickname.submit", nickName: "   " });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ nickName: "validation.required" });
  });

  it("saves the trimmed nickname and hands the new profile on", async () => {
    const { actor, saved } = start(async (nickName) => ({ nickName }) as UserProfile);
    actor.send({ type: "nickname.submit", nickName: "  Shop One " });
    await settle(actor, "closed");
    expect(saved).toHaveBeenCalledWith({ nickName: "Shop One" });
  });

  it("keeps the dialog open when the server refuses", async () => {
    const { actor } = start(() => Promise.reject(apiFailure("1001")));
    actor.send({ type: "nickname.submit", nickName: "Shop" });
    await settle(actor, "editing");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("1001");
  });
});
