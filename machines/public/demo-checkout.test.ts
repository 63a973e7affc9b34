import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { DemoCheckoutRequest, DemoInvoice } from "../../contracts/schemas/demo.ts";
import { apiFailure, recordedCall, settle } from "../test-support.ts";
import { demoCheckoutMachine } from "./demo-checkout.ts";
import { selectDemoCheckout } from "./demo-checkout-selectors.ts";

const invoice: DemoInvoice = { invoiceId: "Abc_DEF-123456789012345" };

function start(answers: Array<() => Promise<DemoInvoice>>) {
  const opened: string[] = [];
  let turn = 0;
  const create = recordedCall<DemoCheckoutRequest, DemoInvoice>(() => (answers[turn++] ?? answers.at(-1)!)());
  const machine = demoCheckoutMachine.provide({
    actors: { createInvoice: create.actor },
    actions: { openCheckout: (_, { path }) => void opened.push(path) },
  });
  return { actor: createActor(machine).start(), calls: create.calls, opened };
}

describe("demoCheckout machine", () => {
  it("asks for one invoice and goes on to its checkout page", async () => {
    const { actor, calls, opened } = start([async () => invoice]);
    expect(selectDemoCheckout(actor.getSnapshot())).toEqual({ stage: "creating" });
    await settle(actor, "leaving");
    expect(calls).toEqual([{}]);
    expect(opened).toEqual(["/pay/Abc_DEF-123456789012345"]);
    expect(selectDemoCheckout(actor.getSnapshot())).toEqual({
      stage: "leaving",
      checkoutPath: "/pay/Abc_DEF-123456789012345",
    });
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("says the demo is not available on a server without the devnet, and offers no retry", async () => {
    const { actor, opened } = start([() => Promise.reject(apiFailure("2113"))]);
    await settle(actor, "unavailable");
    expect(selectDemoCheckout(actor.getSnapshot())).toEqual({ stage: "unavailable" });
    expect(actor.getSnapshot().can({ type: "demo.retry" })).toBe(false);
    expect(opened).toEqual([]);
  });

  it("shows another refusal and tries again on demand, clearing it", async () => {
    const { actor, calls, opened } = start([() => Promise.reject(apiFailure("2005", "Too many")), async () => invoice]);
    await settle(actor, "failed");
    expect(selectDemoCheckout(actor.getSnapshot())).toEqual({
      stage: "failed",
      failure: { errCode: "2005", errMsg: "Too many" },
    });
    actor.send({ type: "demo.retry" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await settle(actor, "leaving");
    expect(calls).toHaveLength(2);
    expect(opened).toEqual(["/pay/Abc_DEF-123456789012345"]);
  });
});
