import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { CallbackAttempt, CallbackTestRequest } from "../../contracts/schemas/callbacks.ts";
import { apiFailure, settle } from "../test-support.ts";
import { testAttempt } from "./callback-samples.ts";
import { callbackTestMachine } from "./callback-test.ts";
import { selectCallbackTest } from "./callback-test-selectors.ts";

function start(answer: () => Promise<CallbackAttempt>) {
  const inputs: CallbackTestRequest[] = [];
  const sent: CallbackAttempt[] = [];
  const machine = callbackTestMachine.provide({
    actors: {
      sendTest: fromPromise(({ input }) => {
        inputs.push(input);
        return answer();
      }),
    },
    actions: { sent: (_, { attempt }) => sent.push(attempt) },
  });
  return { actor: createActor(machine).start(), inputs, sent };
}

describe("send a test event", () => {
  it("needs an application, sends to the chosen URL, shows the receiver's answer, and can send again", async () => {
    const answer = testAttempt({ target: "withdraw" });
    const { actor, inputs, sent } = start(async () => answer);
    actor.send({ type: "dialog.open" });
    actor.send({ type: "test.send", appCode: "", target: "recharge" });
    expect(selectCallbackTest(actor.getSnapshot()).fieldErrors).toEqual({ appCode: "validation.required" });
    actor.send({ type: "test.send", appCode: "2026020100000001", target: "withdraw" });
    expect(selectCallbackTest(actor.getSnapshot())).toMatchObject({ open: true, busy: true, answer: null });
    await settle(actor, "answered");
    expect(inputs).toEqual([{ appCode: "2026020100000001", target: "withdraw" }]);
    expect(selectCallbackTest(actor.getSnapshot())).toMatchObject({ busy: false, answer });
    expect(sent).toEqual([answer]);
    actor.send({ type: "test.again" });
    expect(selectCallbackTest(actor.getSnapshot())).toMatchObject({ open: true, answer: null });
    actor.send({ type: "dialog.close" });
    expect(selectCallbackTest(actor.getSnapshot()).open).toBe(false);
  });

  it("keeps the form with the refusal (no URL of that kind)", async () => {
    const { actor, sent } = start(async () => Promise.reject(apiFailure("2702")));
    actor.send({ type: "dialog.open" });
    actor.send({ type: "test.send", appCode: "2026020100000001", target: "recharge" });
    await settle(actor, "editing");
    expect(selectCallbackTest(actor.getSnapshot())).toMatchObject({
      busy: false,
      failure: { errCode: "2702", errMsg: "failure 2702" },
    });
    expect(sent).toEqual([]);
  });
});
