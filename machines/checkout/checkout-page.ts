import { assertEvent, assign, fromCallback, fromPromise, setup } from "xstate";
import type { CheckoutView } from "../../contracts/schemas/checkout.ts";
import type { InvoiceStatus } from "../../contracts/schemas/invoice-states.ts";
import { invoiceIdField } from "../../contracts/schemas/open-api-invoices.ts";

/**
 * checkoutPage — the hosted checkout page (`/pay/{invoiceId}`): the invoice's view read once, then kept live by the
 * server's event stream (each event the whole view, never polled). What the page shows follows the server's status of
 * the invoice (contracts/machines/invoice-life.ts): `new` and `processing` may still be paid (a chain to choose, the
 * countdown on the server's clock), `paid`, `expired` and `cancelled` have ended. Beside it, the stream: live, lost
 * (the browser's EventSource reconnects by itself), or closed by the server for good and opened again a little later.
 */

/** What the first read answers: the view, with this device's clock when it arrived, or no such invoice. */
export type CheckoutAnswer = { found: true; view: CheckoutView; at: number } | { found: false };

export interface CheckoutPageContext {
  invoiceId: string;
  view: CheckoutView | null;
  /** This device's clock (ms), moved by `clock.tick` and set when a view arrives. */
  now: number;
  /** When the time to pay runs out on this device's clock: the server's time left, counted from the view's arrival. */
  deadline: number;
  /** The chain the customer chose to pay on; null: the first offered. */
  chain: string | null;
}

export type CheckoutPageEvent =
  | { type: "checkout.retry" }
  | { type: "checkout.chain"; chain: string }
  /** The stream's event: the whole view, as the server re-read it, at this device's clock. */
  | { type: "checkout.view"; view: CheckoutView; at: number }
  | { type: "stream.open" }
  /** The connection dropped; the browser is reconnecting. */
  | { type: "stream.lost" }
  /** The server answered with no event stream: the browser gave up, the page opens it again after `reopenAfter`. */
  | { type: "stream.closed" }
  | { type: "clock.tick"; now: number };

/** A stream closed for good is opened again after this. */
export const reopenStreamMs = 5_000;

const arrived = (view: CheckoutView, at: number) => ({
  view,
  now: at,
  deadline: at + (Date.parse(view.expiresAt) - Date.parse(view.serverTime)),
});

const statusIs =
  (status: InvoiceStatus) =>
  ({ context }: { context: CheckoutPageContext }) =>
    context.view?.status === status;

export const checkoutPageMachine = setup({
  types: {} as {
    context: CheckoutPageContext;
    events: CheckoutPageEvent;
    input: { invoiceId: string; now: number };
  },
  actors: {
    loadView: fromPromise<CheckoutAnswer, { invoiceId: string }>(async () => {
      throw new Error("loadView is provided by the page");
    }),
    watch: fromCallback<CheckoutPageEvent, { invoiceId: string }>(() => {
      throw new Error("watch is provided by the page");
    }),
    clock: fromCallback<CheckoutPageEvent>(() => {
      throw new Error("clock is provided by the page");
    }),
  },
  delays: { reopenAfter: reopenStreamMs },
  guards: {
    // No invoice can have such an id (invoiceIdField): not found, without asking the server.
    malformedId: ({ context }) => !invoiceIdField.safeParse(context.invoiceId).success,
    answeredNotFound: (_, { answer }: { answer: CheckoutAnswer }) => !answer.found,
    isNew: statusIs("new"),
    isProcessing: statusIs("processing"),
    isPaid: statusIs("paid"),
    isExpired: statusIs("expired"),
    timeUp: ({ context }) => context.now >= context.deadline,
    tickReachesDeadline: ({ context, event }) => event.type === "clock.tick" && event.now >= context.deadline,
    otherChainOffered: ({ context, event }) => {
      assertEvent(event, "checkout.chain");
      const offered = context.view?.options.map((o) => o.chain) ?? [];
      return offered.includes(event.chain) && event.chain !== (context.chain ?? offered[0]);
    },
  },
  actions: {
    takeAnswer: assign((_, { answer }: { answer: CheckoutAnswer }) =>
      answer.found ? arrived(answer.view, answer.at) : {},
    ),
    takeView: assign(({ event }) => {
      assertEvent(event, "checkout.view");
      return arrived(event.view, event.at);
    }),
    tick: assign({
      now: ({ event }) => {
        assertEvent(event, "clock.tick");
        return event.now;
      },
    }),
    choose: assign({
      chain: ({ event }) => {
        assertEvent(event, "checkout.chain");
        return event.chain;
      },
    }),
  },
}).createMachine({
  id: "checkoutPage",
  context: ({ input }) => ({ invoiceId: input.invoiceId, view: null, now: input.now, deadline: 0, chain: null }),
  initial: "checking",
  states: {
    checking: { always: [{ guard: "malformedId", target: "notFound" }, { target: "loading" }] },
    loading: {
      invoke: {
        id: "loadView",
        src: "loadView",
        input: ({ context }) => ({ invoiceId: context.invoiceId }),
        onDone: [
          {
            guard: { type: "answeredNotFound", params: ({ event }) => ({ answer: event.output }) },
            target: "notFound",
          },
          { target: "shown", actions: { type: "takeAnswer", params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: "failed",
      },
    },
    notFound: {},
    failed: { on: { "checkout.retry": "loading" } },
    shown: {
      type: "parallel",
      states: {
        invoice: {
          initial: "routing",
          // Handled here, not on `shown`: a new view must not restart the stream that brought it.
          on: { "checkout.view": { target: ".routing", actions: "takeView" } },
          states: {
            routing: {
              always: [
                { guard: "isNew", target: "open.status.new" },
                { guard: "isProcessing", target: "open.status.processing" },
                { guard: "isPaid", target: "paid" },
                { guard: "isExpired", target: "expired" },
                { target: "cancelled" },
              ],
            },
            open: {
              type: "parallel",
              on: { "checkout.chain": { guard: "otherChainOffered", actions: "choose" } },
              states: {
                status: { initial: "new", states: { new: {}, processing: {} } },
                countdown: {
                  initial: "running",
                  states: {
                    running: {
                      always: { guard: "timeUp", target: "ended" },
                      invoke: { id: "clock", src: "clock" },
                      on: {
                        "clock.tick": [
                          { guard: "tickReachesDeadline", target: "ended", actions: "tick" },
                          { actions: "tick" },
                        ],
                      },
                    },
                    // The time ran out on the server's clock; the server ends the invoice (or waits for money sent in
                    // time), and says so on the stream.
                    ended: {},
                  },
                },
              },
            },
            paid: {},
            expired: {},
            cancelled: {},
          },
        },
        stream: {
          initial: "open",
          states: {
            open: {
              invoke: { id: "watch", src: "watch", input: ({ context }) => ({ invoiceId: context.invoiceId }) },
              on: { "stream.closed": "closed" },
              initial: "live",
              states: {
                live: { on: { "stream.lost": "reconnecting" } },
                reconnecting: { on: { "stream.open": "live" } },
              },
            },
            closed: { after: { reopenAfter: "open" } },
          },
        },
      },
    },
  },
});
