import type { DemoChain, DemoOrder } from "../../contracts/schemas/demo.ts";
import { demoCheckoutMachine, secondsLeft, statusPollMs } from "../../machines/public/demo-checkout.ts";
import { chainInfo } from "../../src/features/public/chains.ts";
import type { MachineModel, ModelEvent, ModelSnapshot } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed, after } = eventBuilders(demoCheckoutMachine);

/** The visitor's clock when /demo01 opens; the harness sets the page's clock to it. */
export const visitorStart = Date.parse("2026-05-01T08:00:00.000Z");
/** The server's clock runs 30 s ahead of the visitor's: the countdown must follow the server. */
const serverAhead = 30_000;
const windowMs = 15 * 60_000;

/** The demo order the fake server answers, on the chain the page asked for. */
export const demoOrder = (chain: DemoChain, status: DemoOrder["status"] = "pending"): DemoOrder => ({
  orderCode: "DEMO-MODEL12345",
  amount: "49.90",
  currency: "USDT",
  chain,
  address:
    chain === "ETH" ? "0x52908400098527886E0F7030069857D2E4169EE7" : "0x8894E0a0c962CB723c1976a4421c95949bE2D4E3",
  serverTime: new Date(visitorStart + serverAhead).toISOString(),
  expiresAt: new Date(visitorStart + serverAhead + windowMs).toISOString(),
  status,
});

/** The status poll coming due while the order waits. */
export const pollEvent = after("statusPoll", "demoCheckout.pending.waiting");

type S = ModelSnapshot<typeof demoCheckoutMachine>;
type E = ModelEvent<typeof demoCheckoutMachine>;

/** The countdown as the page writes it (mm:ss). */
const clockText = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;

const otherChain = (chain: DemoChain): DemoChain => (chain === "ETH" ? "BSC" : "ETH");
const networkName = (chain: DemoChain) => `${chainInfo(chain).network} (${chainInfo(chain).standard})`;

export const demoCheckoutModel: MachineModel<typeof demoCheckoutMachine> = {
  id: "demoCheckout",
  machine: demoCheckoutMachine,
  starts: [{ name: "visitor opens /demo01", input: { now: visitorStart } }],
  // One visitor's page goes through many orders: the harness counts its calls and timers as they come.
  walks: true,
  // The clock moves `now` on every tick, so states are told apart by step and problem shown, and by the
  // chain while an order is fetched and shown (so one path shows the other chain's order); the one-second
  // tick is still walked (one extra step wherever a transition is untaken).
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.failure?.errCode ?? null,
      s.matches("loading") || s.matches({ pending: "waiting" }) ? s.context.chain : null,
    ]),
  // Only steps that leave no server call unanswered: the fake server answers calls in order.
  events: (s) => {
    const { chain } = s.context;
    const newDemo: E[] = [{ type: "demo.start" }, { type: "demo.chain", chain: otherChain(chain) }];
    if (s.matches("loading"))
      return [done("createOrder", demoOrder(chain)), failed("createOrder", failure("5000", "Internal error"))];
    if (s.matches("failed") || s.matches("paid") || s.matches("expired")) return newDemo;
    if (s.matches({ pending: "waiting" })) {
      const expiry = Date.parse(s.context.order?.expiresAt ?? "") - s.context.skewMs;
      return [
        { type: "clock.tick", now: s.context.now + 1000 },
        { type: "clock.tick", now: expiry },
        pollEvent,
        { type: "demo.pay" },
        { type: "demo.chain", chain: otherChain(chain) },
      ];
    }
    if (s.matches({ pending: "checking" }))
      return [
        done("checkStatus", demoOrder(chain)),
        done("checkStatus", demoOrder(chain, "paid")),
        done("checkStatus", demoOrder(chain, "expired")),
        failed("checkStatus", failure("5000", "Internal error")),
      ];
    if (s.matches({ pending: "paying" }))
      return [
        { type: "demo.pay" },
        done("payOrder", demoOrder(chain, "paid")),
        done("payOrder", demoOrder(chain, "expired")),
        failed("payOrder", failure("2112", "This demo order has expired")),
        failed("payOrder", failure("5000", "Internal error")),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "demo.start":
        return `Press ${english("demo.retry")} or ${english("demo.startNew")}`;
      case "demo.chain":
        return `Under ${english("demo.chooseNetwork")} choose ${networkName(e.chain)}`;
      case "demo.pay":
        return `Press ${english("demo.simulatePayment")}`;
      case "clock.tick":
        return e.now >= visitorStart + windowMs ? "Wait until the countdown reaches 00:00" : "Wait one second";
      case pollEvent.type:
        return `Wait ${statusPollMs / 1000} seconds: the page asks the server whether the order was paid`;
      case "xstate.done.actor.createOrder":
        return `The server creates order ${e.output.orderCode} for ${e.output.amount} USDT on ${networkName(e.output.chain)}, 15 minutes to pay`;
      case "xstate.done.actor.checkStatus":
        return `The server answers the order is ${e.output.status}`;
      case "xstate.done.actor.payOrder":
        return e.output.status === "paid" ? "The server takes the payment" : "The server answers the order has expired";
      case "xstate.error.actor.createOrder":
      case "xstate.error.actor.checkStatus":
      case "xstate.error.actor.payOrder":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s: S) => {
    const { chain, order, failure: problem } = s.context;
    if (s.matches("loading")) return `A spinner ${english("demo.loading")}; ${networkName(chain)} is chosen`;
    if (s.matches("failed"))
      return `${english("demo.failedTitle")} with "${problem?.errMsg}" and a ${english("demo.retry")} button`;
    if (s.matches("paid"))
      return `${english("demo.paidTitle")}: ${order?.amount} USDT arrived; a ${english("demo.startNew")} button`;
    if (s.matches("expired")) return `${english("demo.expiredTitle")}; a ${english("demo.startNew")} button`;
    const shown = `Order ${order?.orderCode}: ${order?.amount} USDT to ${order?.address} on ${networkName(chain)}, a QR code, ${clockText(secondsLeft(s.context))} left`;
    const refusal = problem ? `, showing "${problem.errMsg}"` : "";
    if (s.matches({ pending: "paying" })) return `${shown}; ${english("demo.simulatePayment")} shows a spinner`;
    return `${shown}${refusal}`;
  },
  excluded: [],
};
