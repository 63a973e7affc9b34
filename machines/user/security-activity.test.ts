import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { SecurityActivityResult } from "../../contracts/schemas/security-events.ts";
import { apiFailure, settle } from "../test-support.ts";
import { selectSecurityActivity } from "./security-activity-selectors.ts";
import { securityActivityMachine } from "./security-activity.ts";

const activity: SecurityActivityResult = {
  items: [
    {
      id: "2",
      kind: "signIn",
      outcome: "success",
      ip: "203.0.113.7",
      userAgent: "Firefox",
      at: "2026-01-02T09:30:00.000Z",
    },
    {
      id: "1",
      kind: "signIn",
      outcome: "failure",
      ip: "198.51.100.4",
      userAgent: "curl",
      at: "2026-01-02T09:29:00.000Z",
    },
  ],
};

function start(...answers: Array<() => Promise<SecurityActivityResult>>) {
  let calls = 0;
  const machine = securityActivityMachine.provide({
    actors: {
      loadSecurityActivity: fromPromise(() => (answers[calls++] ?? answers.at(-1) ?? (async () => activity))()),
    },
  });
  return { actor: createActor(machine).start(), calls: () => calls };
}

describe("security activity", () => {
  it("asks once on start and shows the events, newest first as the server sent them", async () => {
    const { actor, calls } = start(async () => activity);
    expect(selectSecurityActivity(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "ready");
    expect(calls()).toBe(1);
    expect(selectSecurityActivity(actor.getSnapshot())).toEqual({
      kind: "list",
      events: activity.items,
      reloading: false,
    });
    expect(actor.getSnapshot().can({ type: "securityActivity.retry" })).toBe(false);
  });

  it("says there is nothing yet when the list is empty", async () => {
    const { actor } = start(async () => ({ items: [] }));
    await settle(actor, "ready");
    expect(selectSecurityActivity(actor.getSnapshot())).toEqual({ kind: "empty" });
  });

  it("offers a retry after a failure, and loads again on it", async () => {
    const { actor, calls } = start(
      () => Promise.reject(apiFailure("5000", "Internal error")),
      async () => activity,
    );
    await settle(actor, "failed");
    expect(selectSecurityActivity(actor.getSnapshot())).toEqual({ kind: "failed" });
    expect(actor.getSnapshot().context.failure).toEqual({ errCode: "5000", errMsg: "Internal error" });
    actor.send({ type: "securityActivity.retry" });
    await settle(actor, "ready");
    expect(calls()).toBe(2);
    expect(selectSecurityActivity(actor.getSnapshot()).kind).toBe("list");
  });

  it("keeps the list on screen while a reload runs", async () => {
    let release: (value: SecurityActivityResult) => void = () => {};
    const { actor } = start(
      async () => activity,
      () =>
        new Promise<SecurityActivityResult>((resolve) => {
          release = resolve;
        }),
    );
    await settle(actor, "ready");
    actor.send({ type: "securityActivity.reload" });
    expect(selectSecurityActivity(actor.getSnapshot())).toEqual({
      kind: "list",
      events: activity.items,
      reloading: true,
    });
    release({ items: [] });
    await settle(actor, "ready");
    expect(selectSecurityActivity(actor.getSnapshot())).toEqual({ kind: "empty" });
  });
});
