import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { CallbackRedeliverFailedRequest } from "../../contracts/schemas/callbacks.ts";
import { apiFailure, settle } from "../test-support.ts";
import { toInstant } from "../lists/search-time.ts";
import { redeliverFailedMachine } from "./callback-redeliver-failed.ts";
import { selectRedeliverFailed } from "./callback-redeliver-failed-selectors.ts";

function start(answers: Array<() => Promise<{ queued: number }>>) {
  const inputs: CallbackRedeliverFailedRequest[] = [];
  const queued: number[] = [];
  const machine = redeliverFailedMachine.provide({
    actors: {
      redeliverFailed: fromPromise(({ input }) => {
        inputs.push(input);
        return (answers[inputs.length - 1] ?? (answers.at(-1) as () => Promise<{ queued: number }>))();
      }),
    },
    actions: { queued: (_, params) => queued.push(params.queued) },
  });
  return { actor: createActor(machine).start(), inputs, queued };
}

describe("redeliver every failed one", () => {
  it("asks since when, refuses an empty time, sends the instant and shows how many were queued", async () => {
    const { actor, inputs, queued } = start([async () => ({ queued: 3 })]);
    expect(selectRedeliverFailed(actor.getSnapshot()).open).toBe(false);
    actor.send({ type: "dialog.open" });
    actor.send({ type: "failed.redeliver", since: "", appCode: "" });
    expect(selectRedeliverFailed(actor.getSnapshot())).toMatchObject({
      open: true,
      phase: "form",
      fieldErrors: { since: "validation.required" },
    });
    expect(inputs).toEqual([]);
    actor.send({ type: "failed.redeliver", since: "2026-02-01T08:00", appCode: "2026020100000001" });
    expect(selectRedeliverFailed(actor.getSnapshot())).toMatchObject({ busy: true, fieldErrors: {} });
    await settle(actor, "done");
    expect(inputs).toEqual([{ since: toInstant("2026-02-01T08:00", "start"), appCode: "2026020100000001" }]);
    expect(selectRedeliverFailed(actor.getSnapshot())).toMatchObject({ phase: "done", busy: false, queued: 3 });
    expect(queued).toEqual([3]);
    actor.send({ type: "dialog.close" });
    expect(selectRedeliverFailed(actor.getSnapshot()).open).toBe(false);
  });

  it("keeps the dialog with the refusal; Cancel closes it; opening again starts clean", async () => {
    const { actor, inputs, queued } = start([async () => Promise.reject(apiFailure("5000"))]);
    actor.send({ type: "dialog.open" });
    actor.send({ type: "failed.redeliver", since: "2026-02-01T08:00", appCode: "" });
    await settle(actor, "editing");
    expect(inputs).toEqual([{ since: toInstant("2026-02-01T08:00", "start") }]);
    expect(selectRedeliverFailed(actor.getSnapshot()).failure).toEqual({ errCode: "5000", errMsg: "failure 5000" });
    expect(queued).toEqual([]);
    actor.send({ type: "dialog.close" });
    actor.send({ type: "dialog.open" });
    expect(selectRedeliverFailed(actor.getSnapshot())).toMatchObject({ failure: null, fieldErrors: {}, queued: null });
  });
});
