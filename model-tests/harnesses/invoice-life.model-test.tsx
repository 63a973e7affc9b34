import { expect } from "vitest";
import { type Actor, createActor } from "xstate";
import { type InvoiceLifeEvent, invoiceLifeMachine } from "../../contracts/machines/invoice-life.ts";
import {
  callbackEventBetween,
  type InvoiceLifeSnapshot,
  selectInvoiceView,
} from "../../contracts/machines/invoice-life-selectors.ts";
import { addAmounts, amountLeft, compareAmounts, subtractAmounts } from "../../contracts/money.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { invoiceLifeModel } from "../models/invoice-life.model.ts";

/**
 * The machine has no screen of its own: the server runs it and every screen reads its selectors. The harness runs a
 * live actor as the server will, and checks what every layer is shown against the money itself.
 */
interface H {
  actor: Actor<typeof invoiceLifeMachine>;
  before: InvoiceLifeSnapshot;
  callbacks: string[];
}

const isInvoiceEvent = (event: { type: string }): event is InvoiceLifeEvent => !event.type.startsWith("xstate.");

runModel(invoiceLifeModel, {
  async start(path): Promise<H> {
    const actor = createActor(invoiceLifeMachine, { input: path.input }).start();
    return { actor, before: actor.getSnapshot(), callbacks: [] };
  },
  async perform(h, event) {
    // The machine has no timers or actors: every step is an event the watcher, the clock or the merchant sends.
    if (!isInvoiceEvent(event)) return unmapped(event);
    h.actor.send(event);
    const after = h.actor.getSnapshot();
    const raised = callbackEventBetween(h.before, after);
    if (raised) h.callbacks.push(raised);
    h.before = after;
  },
  async expectScreen(h, s) {
    const now = h.actor.getSnapshot();
    // The live actor and the pure step the path was made with agree.
    expect(now.value).toEqual(s.value);
    expect(now.context).toEqual(s.context);

    const view = selectInvoiceView(now);
    const { amount, transfers } = now.context;
    const confirmed = transfers.filter((t) => !t.removed && t.confirmations >= t.required);
    const sent = addAmounts(...transfers.filter((t) => !t.removed).map((t) => t.amount));
    expect(view.amountReceived).toBe(addAmounts(...confirmed.map((t) => t.amount)));
    const over = compareAmounts(view.amountReceived, amount) > 0;
    expect(view.excess).toBe(over ? subtractAmounts(view.amountReceived, amount) : "0");
    expect(view.flags.includes("overpaid")).toBe(over);
    expect(view.flags.includes("otherChain")).toBe(transfers.some((t) => !t.removed && t.chain === "TRON"));
    expect(h.callbacks.filter((c) => c === "invoice.paid").length).toBeLessThanOrEqual(1);

    switch (view.status) {
      case "new":
        expect(view).toMatchObject({ amountReceived: "0", amountDue: amount, confirmations: null, final: false });
        break;
      case "processing":
        expect(view.final).toBe(false);
        expect(view.amountDue).toBe(amountLeft(amount, sent));
        expect(compareAmounts(view.amountReceived, amount)).toBeLessThan(0);
        break;
      case "paid":
        expect(view).toMatchObject({ final: true, amountDue: "0" });
        expect(h.callbacks).toContain("invoice.paid");
        break;
      case "expired": {
        const short = compareAmounts(view.amountReceived, "0") > 0 && compareAmounts(view.amountReceived, amount) < 0;
        expect(view.flags.includes("underpaid")).toBe(short);
        expect(view).toMatchObject({ final: true, amountDue: "0" });
        expect(h.callbacks.at(-1)).toBe("invoice.expired");
        break;
      }
      case "cancelled":
        expect(view).toMatchObject({ final: true, amountDue: "0" });
        expect(h.callbacks.at(-1)).toBe("invoice.cancelled");
        break;
    }
  },
  stop: (h) => h.actor.stop(),
});
