import { type InvoiceLifeEvent, invoiceLifeMachine } from "../../contracts/machines/invoice-life.ts";
import { selectInvoiceView } from "../../contracts/machines/invoice-life-selectors.ts";
import { invoiceInput } from "../../contracts/machines/invoice-life-test-support.ts";
import { type InvoiceTransfer, type SeenTransfer, sentOf } from "../../contracts/machines/invoice-transfers.ts";
import type { MachineModel, ModelSnapshot } from "../framework/model.ts";

type Snapshot = ModelSnapshot<typeof invoiceLifeMachine>;

/**
 * The customer's transfers a path sends to the 10 USDT invoice: the whole amount on ETH, a part on ETH, and the
 * rest on TRON, a chain the invoice did not offer (its one confirmation makes it final when seen).
 */
export const invoiceTransfers = {
  whole: { id: "whole", chain: "ETH", amount: "10", confirmations: 1, required: 2 },
  part: { id: "part", chain: "ETH", amount: "4", confirmations: 1, required: 2 },
  rest: { id: "rest", chain: "TRON", amount: "6", confirmations: 1, required: 1 },
} satisfies Record<string, SeenTransfer>;

const known = (s: Snapshot, id: string): InvoiceTransfer | undefined => s.context.transfers.find((t) => t.id === id);
const counting = (t: InvoiceTransfer | undefined) => !!t && !t.removed && t.confirmations < t.required;
const live = (t: InvoiceTransfer | undefined) => !!t && !t.removed;

/** Each transfer the watcher can report in this state, told once per situation. */
function transferEvents(s: Snapshot, what: { seen: boolean; confirm: boolean; remove: boolean }): InvoiceLifeEvent[] {
  return Object.values(invoiceTransfers).flatMap((transfer): InvoiceLifeEvent[] => {
    const t = known(s, transfer.id);
    const events: InvoiceLifeEvent[] = [];
    if (what.seen && !live(t)) events.push({ type: "transfer.seen", transfer });
    if (what.confirm && counting(t)) events.push({ type: "transfer.confirmed", id: transfer.id });
    if (what.remove && live(t)) events.push({ type: "transfer.removed", id: transfer.id });
    return events;
  });
}

const expiry: InvoiceLifeEvent = { type: "expiry.reached", at: invoiceInput.expiresAt };
const nameOf = (id: string) =>
  `the ${id === "whole" ? "whole amount" : id === "part" ? "4 USDT part" : "TRON"} transfer`;

export const invoiceLifeModel: MachineModel<typeof invoiceLifeMachine> = {
  id: "invoiceLife",
  machine: invoiceLifeMachine,
  starts: [{ name: "an invoice of 10 USDT on ETH and BSC, due at noon", input: invoiceInput }],
  // One actor goes on from where the last step left it, as the server's does for an invoice.
  walks: true,
  // What changes what happens next and what is shown: the state, the money confirmed and sent, the flags, the clock,
  // and whether a reorganisation took money back. Which transfer carries the money does not.
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.amountReceived,
      sentOf(s.context.transfers),
      s.context.flags,
      s.context.expiryPassed,
      s.context.transfers.some((t) => t.removed),
    ]),
  events: (s) => {
    if (s.matches("new"))
      return [...transferEvents(s, { seen: true, confirm: false, remove: false }), expiry, { type: "invoice.cancel" }];
    if (s.matches("processing")) {
      const more = transferEvents(s, { seen: true, confirm: true, remove: true });
      const whole = known(s, "whole");
      const count: InvoiceLifeEvent[] = counting(whole)
        ? [{ type: "transfer.confirmations", id: "whole", confirmations: 2 }]
        : [];
      return [...more, ...count, ...(s.context.expiryPassed ? [] : [expiry])];
    }
    // Ended: money still arrives, confirms, and a reorganisation deeper than the confirmations may take it away.
    return transferEvents(s, { seen: true, confirm: true, remove: s.matches("paid") });
  },
  describeEvent: (event) => {
    const e = event as InvoiceLifeEvent;
    switch (e.type) {
      case "transfer.seen":
        return `Send ${e.transfer.amount} USDT on ${e.transfer.chain} (${nameOf(e.transfer.id)}); the watcher sees it with ${e.transfer.confirmations} of ${e.transfer.required} confirmations`;
      case "transfer.confirmations":
        return `Mine blocks until ${nameOf(e.id)} has ${e.confirmations} confirmations`;
      case "transfer.confirmed":
        return `Mine blocks until ${nameOf(e.id)} is confirmed`;
      case "transfer.removed":
        return `Reorganise the chain so that ${nameOf(e.id)} leaves it`;
      case "expiry.reached":
        return "Wait until the invoice's expiry on the server's clock";
      case "invoice.cancel":
        return "Cancel the invoice";
      default:
        return (event as { type: string }).type;
    }
  },
  describeState: (s) => {
    const view = selectInvoiceView(s);
    const flags = view.flags.length > 0 ? `, flagged ${view.flags.join(", ")}` : "";
    const counted = view.confirmations ? `, confirming ${view.confirmations.n} of ${view.confirmations.of}` : "";
    const due = view.final ? "" : `, ${view.amountDue} USDT still due`;
    const excess = view.excess !== "0" ? `, ${view.excess} USDT too much` : "";
    return `The invoice is ${view.status}${flags}: ${view.amountReceived} USDT received${excess}${counted}${due}`;
  },
  excluded: [],
};
