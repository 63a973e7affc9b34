// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { i18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CheckoutView,
  checkoutEventName,
  checkoutEventsPath,
  checkoutView,
  checkoutViewPath,
} from "../../contracts/schemas/checkout.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { invoiceFlag, invoiceStatus } from "../../contracts/schemas/invoice-states.ts";
import enUS from "../../locales/en-US.json" with { type: "json" };
import { browserLocale, createCheckoutI18n } from "./checkout-i18n.ts";
import { CheckoutScreen } from "./checkout-screen.tsx";

const invoiceId = "AbCdEfGhIjKlMnOpQrStUv";
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const returnUrl = `https://shop.example/thanks?order=1042&invoiceId=${invoiceId}&status=paid`;

/** A view as the server answers it, checked by the contract's schema, with what a test changes on top. */
function fixtureView(change: Partial<CheckoutView> = {}): CheckoutView {
  const option = (chain: string, chainName: string, chainId: number, address: string, units: string) => ({
    chain,
    chainName,
    chainId,
    token,
    decimals: 6,
    address,
    paymentUri: `ethereum:${token}@${chainId}/transfer?address=${address}&uint256=${units}`,
  });
  return checkoutView.parse({
    invoiceId,
    status: "new",
    flags: [],
    currency: "USDT",
    amount: "12.5",
    amountReceived: "0",
    amountSent: "0",
    amountDue: "12.5",
    amountExcess: "0",
    description: "Order 1042: two mugs",
    merchant: { name: "Blue Mug Shop", site: "https://shop.example" },
    returnUrl,
    options: [
      option("ETH", "Ethereum", 1, `0x${"1".repeat(40)}`, "12500000"),
      option("BSC", "BNB Smart Chain", 56, `0x${"2".repeat(40)}`, "12500000"),
    ],
    confirmations: null,
    // Far from this machine's clock: the countdown must run on the server's.
    expiresAt: "2030-01-01T00:10:00.000Z",
    serverTime: "2030-01-01T00:00:00.000Z",
    ...change,
  });
}

/** The browser's EventSource, faked: the test sends what the server would. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  send(view: CheckoutView) {
    act(() => {
      this.dispatchEvent(new MessageEvent(checkoutEventName, { data: JSON.stringify(view) }));
    });
  }
  drop() {
    act(() => {
      this.readyState = FakeEventSource.CONNECTING;
      this.dispatchEvent(new Event("error"));
    });
  }
  reopen() {
    act(() => {
      this.readyState = FakeEventSource.OPEN;
      this.dispatchEvent(new Event("open"));
    });
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let answers: Response[];
const fetchMock = vi.fn(async (_url: string) => answers.shift() ?? json(500, {}));
const clipboard = { writeText: vi.fn(async (_text: string) => undefined) };
let english: i18n;

beforeAll(async () => {
  english = await createCheckoutI18n("en-US");
});

beforeEach(() => {
  FakeEventSource.opened = [];
  fetchMock.mockClear();
  clipboard.writeText.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("EventSource", FakeEventSource);
  Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API's envelope, as the server answers GET /api/Checkout/View. */
const ok = (view: CheckoutView) => json(200, { success: true, errCode: "0", errMsg: "", resData: view });

async function show(first: Response | CheckoutView, options: { id?: string; i18n?: i18n } = {}) {
  answers = [first instanceof Response ? first : ok(first)];
  render(
    <I18nextProvider i18n={options.i18n ?? english}>
      <CheckoutScreen invoiceId={options.id ?? invoiceId} />
    </I18nextProvider>,
  );
}

const notes = () => [...screen.getByTestId("checkout-notes").querySelectorAll("p")].map((p) => p.textContent);
const stream = () => FakeEventSource.opened.at(-1) as FakeEventSource;
const leave = () => screen.queryByTestId("checkout-leave");

describe("the checkout page", () => {
  it("shows a new invoice: who, what, how much, where, with a QR, a countdown on the server's clock and copy buttons", async () => {
    await show(fixtureView());
    expect(await screen.findByRole("heading", { name: "Blue Mug Shop" })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`${checkoutViewPath}?invoiceId=${invoiceId}`, expect.anything());
    expect(stream().url).toBe(`${checkoutEventsPath}?invoiceId=${invoiceId}`);
    expect(document.title).toBe("Pay Blue Mug Shop");
    expect(screen.getByText("shop.example")).toBeTruthy();
    expect(screen.getByText("Order 1042: two mugs")).toBeTruthy();
    expect(screen.getByTestId("checkout-amount").textContent).toBe("12.50 USDT");
    expect(screen.getByTestId("checkout-status").textContent).toBe("Status: Awaiting payment");
    expect(notes()).toEqual(["Waiting for your payment"]);
    expect(screen.getByTestId("checkout-time-left").textContent).toMatch(/^(10:00|09:5\d)$/);
    expect(screen.getByText("Send exactly 12.50 USDT on Ethereum to this address:")).toBeTruthy();
    expect(screen.getByTestId("checkout-address").textContent).toBe(`0x${"1".repeat(40)}`);
    expect(screen.getByTestId("checkout-qr").getAttribute("data-value")).toBe(fixtureView().options[0]?.paymentUri);
    expect(screen.getByRole("img", { name: "QR code of this payment on Ethereum" })).toBeTruthy();
    expect(leave()).toBeNull();

    // Two chains: a choice, and the address and QR follow it.
    fireEvent.click(screen.getByRole("radio", { name: "BNB Smart Chain" }));
    expect(screen.getByTestId("checkout-address").textContent).toBe(`0x${"2".repeat(40)}`);
    expect(screen.getByTestId("checkout-qr").getAttribute("data-value")).toContain("@56/transfer");

    fireEvent.click(screen.getByTestId("checkout-copy-address"));
    fireEvent.click(screen.getByTestId("checkout-copy-amount"));
    // The amount is copied as the wire's decimal string, the figure a wallet takes.
    expect(clipboard.writeText.mock.calls).toEqual([[`0x${"2".repeat(40)}`], ["12.5"]]);
    expect((await screen.findAllByText("Copied")).length).toBe(2);
  });

  it("follows the live stream: confirming 1 of 2, then paid with the way back to the shop; says when the stream is lost", async () => {
    await show(fixtureView({ options: fixtureView().options.slice(0, 1) }));
    await screen.findByText("Waiting for your payment");
    // One chain: no choice to make.
    expect(screen.queryByRole("radio")).toBeNull();

    stream().drop();
    expect(notes()).toContain("Connection lost, reconnecting…");
    stream().reopen();
    expect(notes()).not.toContain("Connection lost, reconnecting…");

    stream().send(
      fixtureView({
        status: "processing",
        amountSent: "12.5",
        amountDue: "0",
        confirmations: { seen: 1, needed: 2, chain: "ETH" },
        serverTime: "2030-01-01T00:05:00.000Z",
      }),
    );
    expect(notes()).toEqual(["Payment seen: confirming 1 of 2"]);
    expect(screen.getByTestId("checkout-status").textContent).toBe("Status: Confirming");
    // Nothing is left to pay: no address to pay to, the clock still shown, now on the new answer's server time.
    expect(screen.queryByTestId("checkout-address")).toBeNull();
    expect(screen.getByTestId("checkout-time-left").textContent).toMatch(/^(05:00|04:5\d)$/);

    stream().send(fixtureView({ status: "paid", amountSent: "12.5", amountReceived: "12.5", amountDue: "0" }));
    expect(notes()).toEqual(["Paid. Thank you!"]);
    expect(screen.queryByTestId("checkout-time-left")).toBeNull();
    expect(leave()?.textContent).toBe("Return to shop.example");
    expect(leave()?.getAttribute("href")).toBe(returnUrl);
    // Never polled: the one read, then the stream.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says what is left to pay when less arrived, and keeps the address and QR for the rest", async () => {
    const due = fixtureView().options.map((o) => ({ ...o, paymentUri: o.paymentUri.replace("12500000", "2500000") }));
    await show(
      fixtureView({ status: "processing", amountSent: "10", amountReceived: "10", amountDue: "2.5", options: due }),
    );
    expect(await screen.findByText("10.00 USDT received so far: 2.50 USDT is still to pay.")).toBeTruthy();
    expect(screen.getByTestId("checkout-amount-due").textContent).toBe("2.50 USDT");
    expect(screen.getByTestId("checkout-qr").getAttribute("data-value")).toContain("uint256=2500000");
  });

  it.each([
    [
      "expired",
      fixtureView({ status: "expired" }),
      ["This payment has expired: its time ran out before the payment arrived."],
    ],
    [
      "expired, underpaid",
      fixtureView({ status: "expired", flags: ["underpaid"], amountReceived: "4", amountSent: "4", amountDue: "8.5" }),
      ["This payment has expired with 4.00 USDT of 12.50 USDT received. Contact Blue Mug Shop about the rest."],
    ],
    ["cancelled", fixtureView({ status: "cancelled" }), ["This payment was cancelled."]],
  ])("%s: says so, shows no address or clock, and offers the merchant's site", async (_name, view, said) => {
    await show(view);
    await screen.findByRole("heading", { name: "Blue Mug Shop" });
    expect(notes()).toEqual(said);
    expect(screen.queryByTestId("checkout-address")).toBeNull();
    expect(screen.queryByTestId("checkout-time-left")).toBeNull();
    expect(leave()?.textContent).toBe("Go to shop.example");
    expect(leave()?.getAttribute("href")).toBe("https://shop.example");
  });

  it("says what happened when paid late, overpaid, or on a chain the invoice did not offer", async () => {
    await show(fixtureView({ status: "expired", flags: ["paidLate"], amountReceived: "12.5", amountSent: "12.5" }));
    expect(await screen.findByText(/arrived after the time ran out/)).toBeTruthy();
    expect(notes()).toEqual([
      "This payment has expired: its time ran out before the payment arrived.",
      "Your payment arrived after the time ran out. It was received all the same: Blue Mug Shop will settle it with you.",
    ]);
    stream().send(
      fixtureView({ status: "paid", flags: ["overpaid", "otherChain"], amountReceived: "20", amountExcess: "7.5" }),
    );
    expect(notes()).toEqual([
      "Paid. Thank you!",
      "You sent 7.50 USDT more than the amount. Contact Blue Mug Shop about the difference.",
      "A payment arrived on a chain this payment did not offer. It was received all the same: Blue Mug Shop will settle it with you.",
    ]);
    expect(leave()?.getAttribute("href")).toBe(returnUrl);
  });

  it("says an unknown invoice is not found, without asking for a malformed id; a failed read can be tried again", async () => {
    await show(json(200, { success: false, errCode: errCodes.checkoutNotFound, errMsg: "", resData: null }));
    expect(await screen.findByRole("heading", { name: "Payment not found" })).toBeTruthy();
    expect(FakeEventSource.opened).toEqual([]);
    cleanup();

    await show(fixtureView(), { id: "not-an-id" });
    expect(screen.getByRole("heading", { name: "Payment not found" })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    cleanup();

    await show(json(503, {}));
    expect(screen.getByRole("status").textContent).toBe("Loading your payment…");
    const retry = await screen.findByRole("button", { name: "Try again" });
    answers = [ok(fixtureView())];
    fireEvent.click(retry);
    expect(await screen.findByRole("heading", { name: "Blue Mug Shop" })).toBeTruthy();
  });
});

describe("the checkout page's language", () => {
  it("follows the browser's languages, best first, and falls back to English", () => {
    expect(browserLocale(["ja"])).toBe("ja-JP");
    expect(browserLocale(["fr-FR", "ko"])).toBe("ko-KR");
    expect(browserLocale(["zh-Hant-HK"])).toBe("zh-TW");
    expect(browserLocale(["zh"])).toBe("zh-CN");
    expect(browserLocale(["th-TH"])).toBe("th-TH");
    expect(browserLocale(["de", "fr"])).toBe("en-US");
  });

  it("has a word for every status and flag of the invoice's life (contracts/schemas/invoice-states.ts), and no other", () => {
    const words = enUS.invoiceStatus as Record<string, unknown>;
    expect(Object.keys(words).sort()).toEqual([...invoiceStatus.options, "flags"].sort());
    expect(Object.keys(words.flags as object).sort()).toEqual([...invoiceFlag.options].sort());
  });

  it("is switched on the page, and the status words come from the one section the console shares", async () => {
    const japanese = await createCheckoutI18n("ja-JP");
    await show(fixtureView({ status: "paid", amountReceived: "12.5", amountDue: "0" }), { i18n: japanese });
    expect(await screen.findByText("お支払いが完了しました。ありがとうございます！")).toBeTruthy();
    expect(screen.getByTestId("checkout-status").textContent).toBe("状態: 支払い済み");
    fireEvent.change(screen.getByTestId("checkout-language"), { target: { value: "zh-CN" } });
    expect(await screen.findByText("已付款，谢谢！")).toBeTruthy();
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(screen.getByTestId("checkout-status").textContent).toBe("状态: 已付款");
  });
});
