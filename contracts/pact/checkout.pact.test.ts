import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import type { CheckoutView } from "../schemas/checkout.ts";
import { exampleOf, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, eachLike } = MatchersV3;
const pact = createPact();
const { email } = merchant;
const invoiceId = "pactInvoice0000000001A";
const unknownId = "pactNoInvoice000000000";
const redirectUrl = "https://shop.example.com/thanks?cart=c-77";
const evmAddress = (example: string) => regex("^0x[0-9a-fA-F]{40}$", example);
const amount = (example: string) => regex("^\\d{1,20}(\\.\\d{1,6})?$", example);
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const address = "0x1111111111111111111111111111111111111111";

/** What the hosted checkout page reads of a new invoice: no session, nothing private (contracts/schemas/checkout.ts). */
const newInvoiceView = {
  invoiceId,
  status: "new",
  flags: [],
  currency: "USDT",
  amount: amount("25"),
  amountReceived: "0",
  amountSent: "0",
  amountDue: amount("25"),
  amountExcess: "0",
  description: like("Two mugs"),
  merchant: { name: like("Mug Shop"), site: like("https://shop.example.com") },
  returnUrl: regex(
    `^https://shop\\.example\\.com/thanks\\?cart=c-77&invoiceId=${invoiceId}&status=new$`,
    `${redirectUrl}&invoiceId=${invoiceId}&status=new`,
  ),
  options: eachLike({
    chain: like("Devnet"),
    chainName: like("Devnet"),
    chainId: integer(31337),
    token: evmAddress(token),
    decimals: integer(6),
    address: evmAddress(address),
    paymentUri: regex(
      "^ethereum:0x[0-9a-fA-F]{40}@\\d+/transfer\\?address=0x[0-9a-fA-F]{40}&uint256=\\d+$",
      `ethereum:${token}@31337/transfer?address=${address}&uint256=25000000`,
    ),
  }),
  confirmations: null,
  expiresAt: isoDate("2026-11-29T12:15:00.000Z"),
  serverTime: isoDate("2026-11-29T12:00:00.000Z"),
};

/** A new invoice of 25 USDT; the refusals ask for another id, which must tell nothing of it. */
const invoiceState = { email, name: "Mug Shop", invoiceId, amount: "25", product: "Devnet", redirectUrl };

describe("GET /api/Checkout/View", () => {
  it("shows a new invoice's checkout page to anyone with its id: shop, amount, where and how to pay", async () => {
    await pact
      .addInteraction()
      .given(states.invoice, invoiceState)
      .uponReceiving("a request for the checkout page's view of a new invoice, without a session")
      .withRequest("GET", "/api/Checkout/View", (b) => b.query({ invoiceId }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(newInvoiceView)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).checkout.view({ invoiceId })).resolves.toEqual(
          exampleOf<CheckoutView>(newInvoiceView),
        );
      });
  });

  it("refuses an id no invoice has with errCode 2920", async () => {
    await pact
      .addInteraction()
      .given(states.invoice, invoiceState)
      .uponReceiving("a request for the checkout page's view of an invoice that does not exist")
      .withRequest("GET", "/api/Checkout/View", (b) => b.query({ invoiceId: unknownId }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2920", "No payment page of this id")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).checkout.view({ invoiceId: unknownId })).rejects.toMatchObject({
          kind: "api",
          errCode: "2920",
        });
      });
  });
});

describe("GET /api/Checkout/Events", () => {
  it("refuses to follow an invoice that does not exist with errCode 2920, before any event", async () => {
    await pact
      .addInteraction()
      .given(states.invoice, invoiceState)
      .uponReceiving("a request to follow the checkout page of an invoice that does not exist")
      .withRequest("GET", "/api/Checkout/Events", (b) =>
        b.query({ invoiceId: unknownId }).headers({ Accept: "text/event-stream" }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2920", "No payment page of this id")))
      .executeTest(async (mock) => {
        const refusal = await new Promise((resolve) => {
          apiFor(mock).checkout.watch({ invoiceId: unknownId }, { onEvent: resolve, onError: resolve });
        });
        expect(refusal).toMatchObject({ kind: "api", errCode: "2920" });
      });
  });
});
