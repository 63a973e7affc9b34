import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { CheckoutView } from "../../contracts/schemas/checkout.ts";
import { type CheckoutAnswer, type CheckoutPageEvent, checkoutPageMachine, reopenStreamMs } from "./checkout-page.ts";
import {
  selectCheckoutOpen,
  selectCheckoutStage,
  selectChosenOption,
  selectConnected,
  selectPayable,
  selectTimeLeftMs,
  selectTimeUp,
} from "./checkout-page-selectors.ts";

const invoiceId = "AbCdEfGhIjKlMnOpQrStUv";
const t0 = Date.parse("2026-05-01T08:00:00.000Z");
const option = (chain: string, address: string) => ({
  chain,
  chainName: chain,
  chainId: 1,
  token: `0x${"5".repeat(40)}`,
  decimals: 6,
  address,
  paymentUri: `ethereum:0x${"5".repeat(40)}@1/transfer?address=${address}&uint256=12500000`,
});

/** Ten minutes to pay on the server's clock, which runs an hour ahead of the device's. */
const view = (change: Partial<CheckoutView> = {}): CheckoutView => ({
  invoiceId,
  status: "new",
  flags: [],
  currency: "USDT",
  amount: "12.5",
  amountReceived: "0",
  amountSent: "0",
  amountDue: "12.5",
  amountExcess: "0",
  description: null,
  merchant: { name: "Blue Mug Shop", site: null },
  returnUrl: null,
  options: [option("ETH", `0x${"1".repeat(40)}`), option("BSC", `0x${"2".repeat(40)}`)],
  confirmations: null,
  expiresAt: new Date(t0 + 3_600_000 + 600_000).toISOString(),
  serverTime: new Date(t0 + 3_600_000).toISOString(),
  ...change,
});

function start(answer: () => Promise<CheckoutAnswer>, id = invoiceId) {
  const calls = { load: 0, watches: 0, closed: 0 };
  let send: (event: CheckoutPageEvent) => void = () => undefined;
  const machine = checkoutPageMachine.provide({
    actors: {
      loadView: fromPromise(async () => {
        calls.load++;
        return answer();
      }),
      watch: fromCallback<CheckoutPageEvent, { invoiceId: string }>(({ sendBack, input }) => {
        expect(input.invoiceId).toBe(invoiceId);
        calls.watches++;
        send = sendBack;
        return () => {
          calls.closed++;
        };
      }),
      // The test moves the device's clock itself.
      clock: fromCallback(() => () => undefined),
    },
  });
  const actor = createActor(machine, { input: { invoiceId: id, now: t0 } }).start();
  return { actor, calls, stream: (event: CheckoutPageEvent) => send(event) };
}

const found = (v: CheckoutView, at = t0): CheckoutAnswer => ({ found: true, view: v, at });
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("checkoutPage machine", () => {
  it("asks nothing for an id no invoice can have, and says not found", async () => {
    const { actor, calls } = start(async () => found(view()), "not-an-id");
    await flush();
    expect(selectCheckoutStage(actor.getSnapshot())).toBe("notFound");
    expect(calls.load).toBe(0);
  });

  it("tells not found from a failure, and tries a failed read again when asked", async () => {
    let answers: Array<() => Promise<CheckoutAnswer>> = [async () => ({ found: false })];
    let { actor } = start(() => (answers.shift() as () => Promise<CheckoutAnswer>)());
    await flush();
    expect(selectCheckoutStage(actor.getSnapshot())).toBe("notFound");

    answers = [
      async () => {
        throw new Error("HTTP 503");
      },
      async () => found(view()),
    ];
    ({ actor } = start(() => (answers.shift() as () => Promise<CheckoutAnswer>)()));
    await flush();
    expect(selectCheckoutStage(actor.getSnapshot())).toBe("failed");
    actor.send({ type: "checkout.retry" });
    await flush();
    expect(selectCheckoutStage(actor.getSnapshot())).toBe("shown");
  });

  it("counts down on the server's clock and ends the countdown at 0, hiding where to pay", async () => {
    const { actor } = start(async () => found(view()));
    await flush();
    const snap = () => actor.getSnapshot();
    expect([selectCheckoutOpen(snap()), selectPayable(snap()), selectTimeLeftMs(snap())]).toEqual([
      true,
      true,
      600_000,
    ]);
    actor.send({ type: "clock.tick", now: t0 + 1_000 });
    expect(selectTimeLeftMs(snap())).toBe(599_000);
    actor.send({ type: "clock.tick", now: t0 + 600_000 });
    expect([selectTimeUp(snap()), selectPayable(snap()), selectTimeLeftMs(snap())]).toEqual([true, false, 0]);
    // The server's word ends it; a view whose time is already up arrives with its countdown ended.
    actor.send({ type: "checkout.view", view: view({ expiresAt: view().serverTime }), at: t0 + 601_000 });
    expect(selectTimeUp(snap())).toBe(true);
    actor.send({ type: "checkout.view", view: view({ status: "expired" }), at: t0 + 602_000 });
    expect(snap().value).toEqual({ shown: { invoice: "expired", stream: { open: "live" } } });
    expect(selectCheckoutOpen(snap())).toBe(false);
  });

  it("follows the server's status from the stream without opening the stream again", async () => {
    const { actor, calls, stream } = start(async () => found(view()));
    await flush();
    const status = () => (actor.getSnapshot().value as { shown: { invoice: unknown } }).shown.invoice;
    stream({ type: "checkout.view", view: view({ status: "processing", amountSent: "10", amountDue: "2.5" }), at: t0 });
    expect(status()).toEqual({ open: { status: "processing", countdown: "running" } });
    expect(selectPayable(actor.getSnapshot())).toBe(true);
    stream({ type: "checkout.view", view: view({ status: "processing", amountSent: "12.5", amountDue: "0" }), at: t0 });
    expect(selectPayable(actor.getSnapshot())).toBe(false);
    stream({ type: "checkout.view", view: view({ status: "paid", amountReceived: "12.5", amountDue: "0" }), at: t0 });
    expect(status()).toBe("paid");
    stream({ type: "checkout.view", view: view({ status: "cancelled" }), at: t0 });
    expect(status()).toBe("cancelled");
    expect([calls.watches, calls.closed]).toEqual([1, 0]);
  });

  it("chooses only an offered chain other than the one shown", async () => {
    const { actor } = start(async () => found(view()));
    await flush();
    const chosen = () => selectChosenOption(actor.getSnapshot())?.chain;
    expect(chosen()).toBe("ETH");
    actor.send({ type: "checkout.chain", chain: "TRON" });
    expect(chosen()).toBe("ETH");
    actor.send({ type: "checkout.chain", chain: "BSC" });
    expect(chosen()).toBe("BSC");
  });

  it("says the stream is lost until it is open again, and opens a stream the server closed after a pause", async () => {
    const { actor, calls, stream } = start(async () => found(view()));
    await flush();
    const connected = () => selectConnected(actor.getSnapshot());
    stream({ type: "stream.lost" });
    expect(connected()).toBe(false);
    stream({ type: "stream.open" });
    expect(connected()).toBe(true);
    stream({ type: "stream.closed" });
    expect([connected(), calls.closed]).toEqual([false, 1]);
    await vi.advanceTimersByTimeAsync(reopenStreamMs - 1);
    expect(calls.watches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect([connected(), calls.watches]).toEqual([true, 2]);
  });
});
