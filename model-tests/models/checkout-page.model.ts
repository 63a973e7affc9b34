import type { CheckoutView } from "../../contracts/schemas/checkout.ts";
import { checkoutPageMachine } from "../../machines/checkout/checkout-page.ts";
import type { MachineModel, ModelEvent, ModelSnapshot } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";

const { done, failed, after } = eventBuilders(checkoutPageMachine);

type S = ModelSnapshot<typeof checkoutPageMachine>;
type E = ModelEvent<typeof checkoutPageMachine>;

export const checkoutInvoiceId = "AbCdEfGhIjKlMnOpQrStUv";
/** The customer's device clock when the page opens; the harness sets the page's clock to it. */
export const customerStart = Date.parse("2026-05-01T08:00:00.000Z");
/** The server's clock runs 90 s ahead of the device's: the countdown must follow the server's. */
const serverAhead = 90_000;
const windowMs = 10 * 60_000;
const expiresAt = new Date(customerStart + serverAhead + windowMs).toISOString();

const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const option = (chain: string, chainName: string, chainId: number, address: string) => ({
  chain,
  chainName,
  chainId,
  token,
  decimals: 6,
  address,
  paymentUri: `ethereum:${token}@${chainId}/transfer?address=${address}&uint256=12500000`,
});
export const checkoutChains = [
  option("ETH", "Ethereum", 1, "0x52908400098527886E0F7030069857D2E4169EE7"),
  option("BSC", "BNB Smart Chain", 56, "0x8894E0a0c962CB723c1976a4421c95949bE2D4E3"),
];

/** The invoice as the server answers it at the device's time `at`: 12.50 USDT for two mugs, ten minutes to pay. */
const invoice = (at: number, change: Partial<CheckoutView> = {}): CheckoutView => ({
  invoiceId: checkoutInvoiceId,
  status: "new",
  flags: [],
  currency: "USDT",
  amount: "12.5",
  amountReceived: "0",
  amountSent: "0",
  amountDue: "12.5",
  amountExcess: "0",
  description: "Two mugs",
  merchant: { name: "Blue Mug Shop", site: "https://shop.example" },
  returnUrl: `https://shop.example/thanks?invoiceId=${checkoutInvoiceId}&status=paid`,
  options: checkoutChains,
  confirmations: null,
  expiresAt,
  serverTime: new Date(at + serverAhead).toISOString(),
  ...change,
});

/** What the server says of the invoice as it goes, each a view the stream sends. */
const says = {
  new: (at: number) => invoice(at),
  partly: (at: number) =>
    invoice(at, {
      status: "processing",
      amountSent: "10",
      amountDue: "2.5",
      confirmations: { seen: 1, needed: 2, chain: "ETH" },
    }),
  confirming: (at: number) =>
    invoice(at, {
      status: "processing",
      amountSent: "12.5",
      amountDue: "0",
      confirmations: { seen: 1, needed: 2, chain: "ETH" },
    }),
  paid: (at: number) => invoice(at, { status: "paid", amountSent: "12.5", amountReceived: "12.5", amountDue: "0" }),
  overpaid: (at: number) =>
    invoice(at, {
      status: "paid",
      flags: ["overpaid"],
      amountSent: "15",
      amountReceived: "15",
      amountDue: "0",
      amountExcess: "2.5",
    }),
  expired: (at: number) => invoice(at, { status: "expired", amountDue: "0" }),
  underpaid: (at: number) =>
    invoice(at, { status: "expired", flags: ["underpaid"], amountSent: "10", amountReceived: "10", amountDue: "0" }),
  late: (at: number) =>
    invoice(at, { status: "expired", flags: ["paidLate"], amountSent: "12.5", amountReceived: "12.5", amountDue: "0" }),
  cancelled: (at: number) => invoice(at, { status: "cancelled", amountDue: "0" }),
};
type Said = keyof typeof says;

/** The view the stream sends as a step, at the device's time of the state it is sent in. */
const view = (s: S, said: Said): E => ({ type: "checkout.view", view: says[said](s.context.now), at: s.context.now });
/** Which of the server's words a view is, told by what differs between them. */
function saidOf(v: CheckoutView): Said {
  const same = (k: Said) => {
    const w = says[k](0);
    return w.status === v.status && w.amountSent === v.amountSent && w.flags.join() === v.flags.join();
  };
  const said = (Object.keys(says) as Said[]).find(same);
  if (!said) throw new Error(`a view the model never sends: ${JSON.stringify(v)}`);
  return said;
}

export const reopenEvent = after("reopenAfter", "checkoutPage.shown.stream.closed");

const chainName = (chain: string | null) => checkoutChains.find((o) => o.chain === chain)?.chainName ?? "Ethereum";
const clockText = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
};

export const checkoutPageModel: MachineModel<typeof checkoutPageMachine> = {
  id: "checkoutPage",
  machine: checkoutPageMachine,
  starts: [
    {
      name: "a customer opens the invoice's payment link",
      input: { invoiceId: checkoutInvoiceId, now: customerStart },
    },
    { name: "a customer opens a mistyped payment link", input: { invoiceId: "not-an-invoice", now: customerStart } },
  ],
  // One page goes on through the invoice's life, as a customer's does.
  walks: true,
  // The clock moves `now` on every tick: states are told apart by what the server said, not by the second. The chain
  // chosen is left out: choosing one is walked once, and every later step checks the address of the one chosen.
  serialize: (s) => JSON.stringify([s.value, s.context.view && saidOf(s.context.view)]),
  events: (s) => {
    if (s.matches("loading"))
      return [
        done("loadView", { found: true, view: invoice(s.context.now), at: s.context.now }),
        done("loadView", { found: false }),
        failed("loadView", new Error("HTTP 503")),
      ];
    if (s.matches("failed")) return [{ type: "checkout.retry" }];
    if (!s.matches("shown")) return [];
    // While the stream is down nothing reaches the page but the stream's own news.
    if (s.matches({ shown: { stream: "closed" } })) return [reopenEvent];
    if (s.matches({ shown: { stream: { open: "reconnecting" } } }))
      return [{ type: "stream.open" }, { type: "stream.closed" }];
    const status = s.context.view?.status;
    if (s.matches({ shown: { invoice: "open" } })) {
      const running = s.matches({ shown: { invoice: { open: { countdown: "running" } } } });
      const ticks: E[] = running
        ? [
            { type: "clock.tick", now: s.context.now + 1000 },
            { type: "clock.tick", now: s.context.deadline },
          ]
        : [];
      if (status === "new" && running)
        return [
          ...ticks,
          { type: "checkout.chain", chain: s.context.chain === "BSC" ? "ETH" : "BSC" },
          { type: "stream.lost" },
          { type: "stream.closed" },
          view(s, "partly"),
          view(s, "confirming"),
          view(s, "expired"),
          view(s, "cancelled"),
        ];
      // Sent just in time, still confirming when the time ran out: the server waits for it.
      if (status === "new") return [view(s, "expired"), view(s, "confirming")];
      const partly = s.context.view?.amountDue !== "0";
      // Underpaid, the customer sends the rest in time (or not); all sent, the confirmations decide.
      return partly
        ? [...ticks, ...(running ? [view(s, "confirming")] : [view(s, "underpaid")])]
        : [...ticks, view(s, "paid")];
    }
    if (s.matches({ shown: { invoice: "paid" } }) && saidOf(s.context.view as CheckoutView) === "paid")
      return [view(s, "overpaid")];
    if (s.matches({ shown: { invoice: "expired" } }) && saidOf(s.context.view as CheckoutView) === "expired")
      return [view(s, "late")];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "xstate.done.actor.loadView":
        return e.output.found
          ? `The server answers the invoice: 12.50 USDT to Blue Mug Shop, payable on Ethereum or BNB Smart Chain, ${windowMs / 60_000} minutes left on its clock (${serverAhead / 1000} s ahead of the device's)`
          : "The server answers that no invoice has this id";
      case "xstate.error.actor.loadView":
        return "The server cannot be reached (HTTP 503)";
      case "checkout.retry":
        return `Press ${english("checkout.retry")}`;
      case "checkout.chain":
        return `Under ${english("checkout.chooseChain")} choose ${chainName(e.chain)}`;
      case "checkout.view": {
        const v = e.view;
        const what: Record<Said, string> = {
          new: "nothing has arrived yet",
          partly: "10 USDT arrives (1 of 2 confirmations)",
          confirming: "12.50 USDT arrives in all (1 of 2 confirmations)",
          paid: "the payment is confirmed: the invoice is paid",
          overpaid: "another 2.50 USDT arrives: paid, 2.50 USDT too much",
          expired: "the invoice expires with nothing received",
          underpaid: "the invoice expires with 10 USDT received",
          late: "12.50 USDT arrives after the expiry",
          cancelled: "the shop cancels the invoice",
        };
        return `The stream tells the page: ${what[saidOf(v)]}`;
      }
      case "stream.lost":
        return "The connection drops (the browser reconnects by itself)";
      case "stream.open":
        return "The connection is back";
      case "stream.closed":
        return "The server closes the stream for good";
      case "clock.tick":
        return e.now >= Date.parse(expiresAt) - serverAhead
          ? "Wait until the countdown reaches 00:00"
          : "Wait one second";
      case reopenEvent.type:
        return "Wait 5 seconds: the page opens the stream again";
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("loading") || s.matches("checking")) return english("checkout.loading");
    if (s.matches("notFound")) return `${english("checkout.notFoundTitle")}, and nothing asked of the server`;
    if (s.matches("failed")) return `${english("checkout.failedTitle")} with a ${english("checkout.retry")} button`;
    const v = s.context.view as CheckoutView;
    const stream = s.matches({ shown: { stream: { open: "live" } } }) ? "" : `; ${english("checkout.reconnecting")}`;
    const head = `Blue Mug Shop, 12.50 USDT, ${english(`invoiceStatus.${v.status}`)}`;
    if (s.matches({ shown: { invoice: "open" } })) {
      const left = clockText(Math.max(0, s.context.deadline - s.context.now));
      if (s.matches({ shown: { invoice: { open: { countdown: "ended" } } } }))
        return `${head}, ${left} left${v.amountDue === "0" ? "" : `, ${english("checkout.timeUp")}, no address`}${stream}`;
      const pay =
        v.amountDue === "0"
          ? "nothing left to pay"
          : `${v.amountDue} USDT to pay on ${chainName(s.context.chain)}, its address and QR`;
      return `${head}, ${left} left, ${pay}${stream}`;
    }
    const leave = v.status === "paid" ? "Return to shop.example" : "Go to shop.example";
    return `${head}${v.flags.length ? ` (${v.flags.join(", ")})` : ""}: no address or countdown; ${leave}${stream}`;
  },
  excluded: [],
};
