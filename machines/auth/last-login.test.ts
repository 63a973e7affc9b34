import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { LastLoginResult } from "../../contracts/schemas/auth.ts";
import { selectLastLoginLine } from "./last-login-selectors.ts";
import { lastLoginMachine } from "./last-login.ts";
import { apiFailure, settle } from "../test-support.ts";

const previous: LastLoginResult = {
  userId: "100001",
  lastLoginAt: "2026-01-02T09:30:00.000Z",
  lastLoginIp: "203.0.113.7",
};

function start(...answers: Array<() => Promise<LastLoginResult>>) {
  let calls = 0;
  const machine = lastLoginMachine.provide({
    actors: { loadLastLogin: fromPromise(() => (answers[calls++] ?? answers.at(-1) ?? (async () => previous))()) },
  });
  return { actor: createActor(machine).start(), calls: () => calls };
}

describe("last login", () => {
  it("asks once on start and shows when and from where", async () => {
    const { actor, calls } = start(async () => previous);
    expect(selectLastLoginLine(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "ready");
    expect(calls()).toBe(1);
    expect(selectLastLoginLine(actor.getSnapshot())).toEqual({
      kind: "previous",
      at: previous.lastLoginAt,
      ip: "203.0.113.7",
    });
    expect(actor.getSnapshot().can({ type: "lastLogin.retry" })).toBe(false);
  });

  it("says first sign-in when the server knows none, and leaves out an empty address", async () => {
    const first = start(async () => ({ userId: "1", lastLoginAt: null, lastLoginIp: null }));
    await settle(first.actor, "ready");
    expect(selectLastLoginLine(first.actor.getSnapshot())).toEqual({ kind: "firstSignIn" });
    const noAddress = start(async () => ({ ...previous, lastLoginIp: "" }));
    await settle(noAddress.actor, "ready");
    expect(selectLastLoginLine(noAddress.actor.getSnapshot())).toEqual({
      kind: "previous",
      at: previous.lastLoginAt,
      ip: null,
    });
  });

  it("keeps the failure and offers a retry that asks again", async () => {
    const { actor, calls } = start(
      () => Promise.reject(apiFailure("5000")),
      async () => previous,
    );
    await settle(actor, "failed");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("5000");
    expect(selectLastLoginLine(actor.getSnapshot())).toEqual({ kind: "failed" });
    expect(actor.getSnapshot().can({ type: "lastLogin.retry" })).toBe(true);
    actor.send({ type: "lastLogin.retry" });
    await settle(actor, "ready");
    expect(calls()).toBe(2);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});
