import { describe, expect, it } from "vitest";
import { fromPromise, setup } from "xstate";
import { actorResultOf, eventBuilders } from "./model-events.ts";

const machine = setup({
  actors: { logout: fromPromise<null>(async () => null) },
  delays: { poll: 5000 },
}).createMachine({
  id: "demo",
  initial: "idle",
  states: {
    idle: { after: { poll: "leaving" } },
    leaving: { invoke: { id: "logout", src: "logout", onDone: "again" } },
    again: { invoke: { id: "secondLogout", src: "logout", onDone: "idle" } },
  },
});

describe("eventBuilders", () => {
  it("builds the events XState raises for an invoke's result and a delay", () => {
    // Not destructured: a linter takes a bare `after(…)` in a test for a test hook.
    const { done, failed, ...delays } = eventBuilders(machine, { secondLogout: "logout" });
    expect(done("logout", null)).toEqual({ type: "xstate.done.actor.logout", output: null, actorId: "logout" });
    expect(failed("secondLogout", { errCode: "5000", errMsg: "Internal error" })).toEqual({
      type: "xstate.error.actor.secondLogout",
      error: { errCode: "5000", errMsg: "Internal error" },
      actorId: "secondLogout",
    });
    expect(delays.after("poll", "demo.idle")).toEqual({ type: "xstate.after.poll.demo.idle" });
  });

  it("refuses, when the model loads, an id the machine does not invoke, an undeclared alias and a delay it lacks", () => {
    const { done, ...delays } = eventBuilders(machine);
    expect(() => done("secondLogout" as "logout", null)).toThrow(
      'demo: invoke "secondLogout" runs actor "logout"; name it in eventBuilders\' aliases',
    );
    expect(() => done("login" as "logout", null)).toThrow(
      'demo has no invoke with id "login" (invokes: logout, secondLogout)',
    );
    expect(() => eventBuilders(machine, { secondLogout: "login" as "logout" })).toThrow(
      "alias secondLogout → login does not match",
    );
    expect(() => delays.after("poll", "demo.leaving")).toThrow(
      "demo has no delayed transition xstate.after.poll.demo.leaving",
    );
  });

  it("takes an actor result event apart", () => {
    expect(actorResultOf({ type: "xstate.done.actor.logout", output: 1 } as { type: string })).toEqual({
      id: "logout",
      outcome: { output: 1 },
    });
    expect(actorResultOf({ type: "xstate.error.actor.a.b", error: "x" } as { type: string })).toEqual({
      id: "a.b",
      outcome: { error: "x" },
    });
    expect(actorResultOf({ type: "logout" })).toBeNull();
  });
});
