import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { CallbackAttempt, CallbackRedeliverRequest } from "../../contracts/schemas/callbacks.ts";
import { apiFailure, settle } from "../test-support.ts";
import { callbackRedeliverMachine } from "./callback-redeliver.ts";
import { selectCanRedeliver, selectRedeliver } from "./callback-redeliver-selectors.ts";
import { redeliveredAttempt } from "./callback-samples.ts";

function start(answer: (input: CallbackRedeliverRequest) => Promise<CallbackAttempt>) {
  const inputs: CallbackRedeliverRequest[] = [];
  const redelivered: CallbackAttempt[] = [];
  const machine = callbackRedeliverMachine.provide({
    actors: {
      redeliver: fromPromise(({ input }) => {
        inputs.push(input);
        return answer(input);
      }),
    },
    actions: { redelivered: (_, { attempt }) => redelivered.push(attempt) },
  });
  return { actor: createActor(machine).start(), inputs, redelivered };
}

describe("redeliver one attempt", () => {
  it("sends the attempt's event again, holds every Redeliver meanwhile, shows the answer and has the list reloaded", async () => {
    const answer = redeliveredAttempt();
    const { actor, inputs, redelivered } = start(async () => answer);
    expect(selectCanRedeliver(actor.getSnapshot())).toBe(true);
    actor.send({ type: "attempt.redeliver", attemptId: "41" });
    expect(selectRedeliver(actor.getSnapshot())).toEqual({ kind: "sending" });
    expect(selectCanRedeliver(actor.getSnapshot())).toBe(false);
    await settle(actor, "answered");
    expect(inputs).toEqual([{ attemptId: "41" }]);
    expect(selectRedeliver(actor.getSnapshot())).toEqual({ kind: "answered", answer });
    expect(redelivered).toEqual([answer]);
    actor.send({ type: "attempt.redeliver", attemptId: "42" });
    expect(inputs).toHaveLength(1);
    actor.send({ type: "redeliver.close" });
    expect(selectRedeliver(actor.getSnapshot())).toEqual({ kind: "closed" });
    expect(selectCanRedeliver(actor.getSnapshot())).toBe(true);
  });

  it("shows a refusal and reloads nothing", async () => {
    const { actor, redelivered } = start(async () => Promise.reject(apiFailure("2701")));
    actor.send({ type: "attempt.redeliver", attemptId: "41" });
    await settle(actor, "failed");
    expect(selectRedeliver(actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "2701", errMsg: "failure 2701" },
    });
    expect(redelivered).toEqual([]);
    actor.send({ type: "redeliver.close" });
    expect(actor.getSnapshot().context).toEqual({ attemptId: null, answer: null, failure: null });
  });
});
