import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { invoiceLifeMachine, resumeInvoiceLife } from "./invoice-life.ts";
import { callbackEventBetween, selectInvoiceStatus, selectInvoiceView } from "./invoice-life-selectors.ts";
import {
  beforeExpiry,
  cancel,
  confirmed,
  counted,
  expiry,
  removed,
  runInvoice,
  seen,
} from "./invoice-life-test-support.ts";

const viewAfter = (...events: Parameters<typeof runInvoice>[0]) => {
  const { snapshot, callbacks } = runInvoice(events);
  return { view: selectInvoiceView(snapshot), callbacks, snapshot };
};

describe("invoiceLife: paying exactly", () => {
  it("starts new, with the whole amount due and nothing counting", () => {
    expect(viewAfter().view).toEqual({
      status: "new",
      flags: [],
      amount: "10",
      amountReceived: "0",
      amountDue: "10",
      excess: "0",
      confirmations: null,
      final: false,
    });
  });

  it("is processing while the transfer counts, 1 of 2, nothing more due; paid when it is confirmed", () => {
    const counting = viewAfter(seen("t1", "10"));
    expect(counting.view).toMatchObject({ status: "processing", amountReceived: "0", amountDue: "0" });
    expect(counting.view.confirmations).toEqual({ n: 1, of: 2 });
    expect(counting.callbacks).toEqual(["invoice.processing"]);

    const done = viewAfter(seen("t1", "10"), confirmed("t1"));
    expect(done.view).toMatchObject({
      status: "paid",
      flags: [],
      amountReceived: "10",
      final: true,
      confirmations: null,
    });
    expect(done.callbacks).toEqual(["invoice.processing", "invoice.paid"]);
  });

  it("counts confirmations up to N and is paid at N; a lagging node's lower count changes nothing", () => {
    const { view, callbacks } = viewAfter(seen("t1", "10"), counted("t1", 0), counted("t1", 2));
    expect(view.status).toBe("paid");
    expect(callbacks).toEqual(["invoice.processing", "invoice.paid"]);
    expect(viewAfter(seen("t1", "10"), counted("t1", 0)).view.confirmations).toEqual({ n: 1, of: 2 });
  });

  it("is paid at once by a transfer first seen with all its confirmations (after a downtime): one callback", () => {
    const { view, callbacks } = viewAfter(seen("t1", "10", 5));
    expect(view.status).toBe("paid");
    expect(callbacks).toEqual(["invoice.paid"]);
  });

  it("shows the transfer nearest to final when two count", () => {
    const { view } = viewAfter(seen("t1", "5", 1, "BSC"), seen("t2", "2", 1), counted("t1", 2));
    expect(view.confirmations).toEqual({ n: 2, of: 3 });
  });
});

describe("invoiceLife: two transfers, underpaid, overpaid", () => {
  it("is paid by two transfers that together make the amount", () => {
    const { view, callbacks } = viewAfter(seen("t1", "4"), confirmed("t1"), seen("t2", "6"), confirmed("t2"));
    expect(view).toMatchObject({ status: "paid", amountReceived: "10", flags: [] });
    expect(callbacks).toEqual(["invoice.processing", "invoice.paid"]);
  });

  it("underpaid: shows what is still due and waits; at expiry ends expired, flagged, the received amount kept", () => {
    const waiting = viewAfter(seen("t1", "4.5"), confirmed("t1"));
    expect(waiting.view).toMatchObject({ status: "processing", amountReceived: "4.5", amountDue: "5.5", flags: [] });

    const ended = viewAfter(seen("t1", "4.5"), confirmed("t1"), expiry());
    expect(ended.view).toMatchObject({
      status: "expired",
      flags: ["underpaid"],
      amountReceived: "4.5",
      amountDue: "0",
      final: true,
    });
    expect(ended.callbacks).toEqual(["invoice.processing", "invoice.expired"]);
  });

  it("underpaid with the short transfer still counting at expiry: expired, and its money counted when it confirms", () => {
    const { view, callbacks } = viewAfter(seen("t1", "4"), expiry(), confirmed("t1"));
    expect(view).toMatchObject({ status: "expired", flags: ["underpaid"], amountReceived: "4" });
    expect(callbacks).toEqual(["invoice.processing", "invoice.expired"]);
  });

  it("overpaid: paid, flagged, the excess named; more money on a paid invoice adds to it without a callback", () => {
    const once = viewAfter(seen("t1", "12.25"), confirmed("t1"));
    expect(once.view).toMatchObject({ status: "paid", flags: ["overpaid"], excess: "2.25", amountReceived: "12.25" });

    const more = viewAfter(seen("t1", "10"), confirmed("t1"), seen("t2", "1"), confirmed("t2"));
    expect(more.view).toMatchObject({ status: "paid", flags: ["overpaid"], excess: "1" });
    expect(more.callbacks).toEqual(["invoice.processing", "invoice.paid"]);
  });
});

describe("invoiceLife: expiry and money after it", () => {
  it("ends expired with nothing received, unflagged", () => {
    const { view, callbacks } = viewAfter(expiry());
    expect(view).toMatchObject({ status: "expired", flags: [], amountReceived: "0", final: true });
    expect(callbacks).toEqual(["invoice.expired"]);
  });

  it("ignores an expiry before its time (the server's clock decides, an early one is a mistake)", () => {
    expect(viewAfter(expiry(beforeExpiry)).view.status).toBe("new");
  });

  it("paid late: stays expired, flagged paidLate, the money credited; one more invoice.expired tells the merchant", () => {
    const { view, callbacks } = viewAfter(expiry(), seen("t1", "10"), confirmed("t1"), seen("t2", "1"));
    expect(view).toMatchObject({ status: "expired", flags: ["paidLate"], amountReceived: "10" });
    expect(callbacks).toEqual(["invoice.expired", "invoice.expired"]);
  });

  it("tells the merchant of late money once it is credited, not while it is only seen: the event carries the amount", () => {
    const onlySeen = viewAfter(expiry(), seen("t1", "10"));
    expect(onlySeen.view).toMatchObject({ status: "expired", flags: ["paidLate"], amountReceived: "0" });
    expect(onlySeen.callbacks).toEqual(["invoice.expired"]);
    const credited = viewAfter(expiry(), seen("t1", "10"), confirmed("t1"));
    expect(credited.view).toMatchObject({ status: "expired", amountReceived: "10" });
    expect(credited.callbacks).toEqual(["invoice.expired", "invoice.expired"]);
    // Taken away by a reorganisation before it was credited: nothing arrived, nothing to tell.
    expect(viewAfter(cancel, seen("t1", "10"), removed("t1")).callbacks).toEqual(["invoice.cancelled"]);
  });

  it("an underpaid invoice topped up late: still expired, paidLate, and no longer underpaid once the rest is confirmed", () => {
    const { view } = viewAfter(seen("t1", "4"), confirmed("t1"), expiry(), seen("t2", "6"), confirmed("t2"));
    expect(view).toMatchObject({ status: "expired", flags: ["paidLate"], amountReceived: "10" });
  });

  it("waits past expiry for money sent in time that covers the amount: paid when it confirms, not late", () => {
    const grace = viewAfter(seen("t1", "10"), expiry());
    expect(grace.view).toMatchObject({ status: "processing", flags: [] });
    const { view, callbacks } = viewAfter(seen("t1", "10"), expiry(), confirmed("t1"));
    expect(view).toMatchObject({ status: "paid", flags: [], amountReceived: "10" });
    expect(callbacks).toEqual(["invoice.processing", "invoice.paid"]);
  });

  it("ends expired when a reorganisation takes away the money it waited for past expiry", () => {
    const { view, callbacks } = viewAfter(seen("t1", "10"), expiry(), removed("t1"));
    expect(view).toMatchObject({ status: "expired", flags: [], amountReceived: "0" });
    expect(callbacks).toEqual(["invoice.processing", "invoice.expired"]);
  });

  it("money arriving while it waits past expiry is late, and counts", () => {
    const { view } = viewAfter(seen("t1", "9"), seen("t2", "1"), expiry(), seen("t3", "1"), confirmed("t1"));
    expect(view).toMatchObject({ status: "processing", flags: ["paidLate"], amountReceived: "9" });
    expect(viewAfter(seen("t1", "9"), seen("t2", "1"), expiry(), seen("t3", "1"), removed("t2")).view.status).toBe(
      "expired",
    );
  });
});

describe("invoiceLife: reorganisations, repeats, other chains", () => {
  it("back to new when a reorganisation removes the only transfer; paid once when it comes back", () => {
    const back = viewAfter(seen("t1", "10"), removed("t1"));
    expect(back.view).toMatchObject({ status: "new", amountDue: "10", confirmations: null });
    expect(back.callbacks).toEqual(["invoice.processing"]);

    const { view, callbacks, snapshot } = viewAfter(seen("t1", "10"), removed("t1"), seen("t1", "10"), confirmed("t1"));
    expect(view).toMatchObject({ status: "paid", amountReceived: "10" });
    expect(callbacks).toEqual(["invoice.processing", "invoice.processing", "invoice.paid"]);
    expect(snapshot.context.transfers).toHaveLength(1);
  });

  it("stays processing when a removed transfer leaves another counting", () => {
    const { view } = viewAfter(seen("t1", "5"), seen("t2", "5"), removed("t1"));
    expect(view).toMatchObject({ status: "processing", amountDue: "5" });
  });

  it("counts a transfer once however often it is seen, confirmed or told", () => {
    const events = [seen("t1", "6"), seen("t1", "6"), confirmed("t1"), seen("t1", "6", 3), confirmed("t1")];
    const { view, snapshot } = viewAfter(...events);
    expect(view).toMatchObject({ status: "processing", amountReceived: "6", amountDue: "4" });
    expect(snapshot.context.transfers).toHaveLength(1);
  });

  it("a reorganisation deeper than the confirmations after paid lowers the money received, not the status", () => {
    const { view, callbacks } = viewAfter(seen("t1", "10"), confirmed("t1"), removed("t1"));
    expect(view).toMatchObject({ status: "paid", amountReceived: "0" });
    expect(callbacks).toEqual(["invoice.processing", "invoice.paid"]);
  });

  it("credits a payment on a chain not offered, flagged otherChain, with that chain's confirmations", () => {
    const counting = viewAfter(seen("t1", "10", 1, "TRON", 20));
    expect(counting.view).toMatchObject({ status: "processing", flags: ["otherChain"] });
    expect(counting.view.confirmations).toEqual({ n: 1, of: 20 });
    const { view } = viewAfter(seen("t1", "10", 1, "TRON", 20), confirmed("t1"));
    expect(view).toMatchObject({ status: "paid", flags: ["otherChain"], amountReceived: "10" });
  });

  it("keeps the invoice's own confirmations for an offered chain, whatever the watcher's event says", () => {
    expect(viewAfter(seen("t1", "10", 2, "BSC", 1)).view).toMatchObject({
      status: "processing",
      confirmations: { n: 2, of: 3 },
    });
  });

  it("ignores events about transfers it never saw, and a transfer of nothing", () => {
    const { view, snapshot } = viewAfter(confirmed("x"), counted("x", 9), removed("x"), seen("t0", "0"));
    expect(view.status).toBe("new");
    expect(snapshot.context.transfers).toEqual([]);
  });
});

describe("invoiceLife: cancel", () => {
  it("cancels while nothing was received", () => {
    const { view, callbacks } = viewAfter(cancel);
    expect(view).toMatchObject({ status: "cancelled", final: true, amountDue: "0" });
    expect(callbacks).toEqual(["invoice.cancelled"]);
  });

  it("refuses once money was seen, even still counting, and cancels again after a reorganisation took it away", () => {
    expect(viewAfter(seen("t1", "1"), cancel).view.status).toBe("processing");
    expect(viewAfter(seen("t1", "10"), confirmed("t1"), cancel).view.status).toBe("paid");
    expect(viewAfter(expiry(), cancel).view.status).toBe("expired");
    expect(viewAfter(seen("t1", "1"), removed("t1"), cancel).view.status).toBe("cancelled");
  });

  it("credits money sent after a cancel, flagged paidLate, and tells the merchant once", () => {
    const { view, callbacks } = viewAfter(cancel, seen("t1", "10"), confirmed("t1"), seen("t2", "1"));
    expect(view).toMatchObject({ status: "cancelled", flags: ["paidLate"], amountReceived: "10" });
    expect(callbacks).toEqual(["invoice.cancelled", "invoice.cancelled"]);
  });
});

describe("invoiceLife: resumed from what is stored", () => {
  it("goes on after a restart from its status and context as stored, JSON and back, without a second callback", () => {
    for (const events of [
      [seen("t1", "4"), confirmed("t1")],
      [expiry(), seen("t1", "10")],
      [cancel],
      [seen("t1", "10"), removed("t1")],
    ]) {
      const { snapshot } = runInvoice(events);
      const stored = JSON.parse(JSON.stringify({ status: selectInvoiceStatus(snapshot), context: snapshot.context }));
      const resumed = resumeInvoiceLife(stored.status, stored.context);
      expect(resumed.value).toEqual(snapshot.value);
      expect(resumed.context).toEqual(snapshot.context);
    }
    const late = runInvoice([expiry(), seen("t1", "10")]).snapshot;
    const context = JSON.parse(JSON.stringify(late.context));
    // XState asks for the input too; a resumed snapshot's context wins.
    const actor = createActor(invoiceLifeMachine, {
      snapshot: resumeInvoiceLife("expired", context),
      input: context,
    }).start();
    const before = actor.getSnapshot();
    actor.send(seen("t2", "1"));
    expect(callbackEventBetween(before, actor.getSnapshot())).toBeNull();
    actor.send(confirmed("t1"));
    expect(selectInvoiceView(actor.getSnapshot())).toMatchObject({ status: "expired", amountReceived: "10" });
  });
});
