import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { invoicesEndpoints } from "../endpoints/invoices.ts";
import { invoiceExportTable } from "../exports/invoices.ts";
import { exampleOf, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { listFileInteraction, listPageInteraction } from "./list-interactions.ts";
import { apiFor, authHeaders, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, eachLike, boolean, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const orderId = "pact-order-1";
const withInvoice = { email, name: "Pact shop", orderId, amount: "2" };

const address = (example: string) => regex("^0x[0-9a-fA-F]{40}$", example);
const decimal = (example: string) => regex("^\\d{1,20}(\\.\\d{1,18})?$", example);
const invoiceId = "AAAAAAAAAAAAAAAAAAAAAA";
const txHash = () => regex("^0x[0-9a-f]{64}$", `0x${"ab".repeat(32)}`);

describe("POST /api/Invoice/List", () => {
  it("lists the invoices of the merchant's applications by order id, with their payment links, the transfers they counted and their timelines", () =>
    listPageInteraction(pact, {
      given: [[states.invoiceCounting, withInvoice]],
      description: "a request for the merchant's invoices of one order",
      endpoint: invoicesEndpoints.invoiceList,
      body: { orderId, pageSize: 10 },
      row: {
        invoiceId: regex("^[A-Za-z0-9_-]{22}$", invoiceId),
        orderId,
        appCode: regex("^\\d{8,24}$", "2026112590000001"),
        appName: like("Pact shop"),
        status: "processing",
        flags: [],
        amount: decimal("2"),
        amountReceived: decimal("0"),
        currency: "USDT",
        description: like("Two mugs"),
        customerEmail: like("buyer@example.com"),
        redirectUrl: like("https://shop.example.com/thanks"),
        metadata: { cart: like("c-77") },
        checkoutUrl: regex("^https?://[^/]+/pay/[A-Za-z0-9_-]{22}$", `http://127.0.0.1:3000/pay/${invoiceId}`),
        addresses: eachLike({
          chain: like("Devnet"),
          chainId: integer(31337),
          token: address(`0x${"11".repeat(20)}`),
          address: address(`0x${"33".repeat(20)}`),
        }),
        transfers: eachLike({
          chain: like("Devnet"),
          amount: decimal("1"),
          confirmations: integer(1),
          required: integer(2),
          removed: boolean(false),
          late: boolean(false),
          txHash: txHash(),
          // The devnet has no explorer configured.
          explorerUrl: null,
        }),
        expiresAt: isoDate("2026-11-29T10:15:00.000Z"),
        paidAt: null,
        createdAt: isoDate("2026-11-29T10:00:00.000Z"),
        refunds: [],
        // Made, then its one transfer seen; no change of state's callback (the state seeds it counting).
        timeline: [
          { at: isoDate("2026-11-29T10:00:00.000Z"), kind: "created", transfer: null, callback: null },
          {
            at: isoDate("2026-11-29T10:01:00.000Z"),
            kind: "transferSeen",
            transfer: { chain: like("Devnet"), amount: decimal("1"), txHash: txHash(), late: false },
            callback: null,
          },
        ],
      },
      call: (api) => api.invoices.list({ orderId, pageSize: 10 }),
    }));
});

describe("POST /api/Invoice/Export", () => {
  // The one invoice is processing, with no flag: the file of paid, overpaid ones is its header alone.
  it("exports the invoices a filter selects as a CSV file, its labels (English, the language asked) first", () =>
    listFileInteraction(pact, {
      given: [[states.invoiceCounting, withInvoice]],
      description: "a CSV export of the merchant's paid invoices flagged overpaid",
      endpoint: invoicesEndpoints.invoiceExport,
      body: { status: "paid", flag: "overpaid" },
      table: invoiceExportTable,
      call: (api) => api.invoices.export({ status: "paid", flag: "overpaid" }),
    }));
});

describe("POST /api/Invoice/Create", () => {
  it("makes a payment link: one invoice of the merchant's application, its checkout page and its addresses", async () => {
    const appCode = "2026112590000001";
    const link = {
      amount: "12.5",
      description: "Two mugs",
      expiresInSeconds: 900,
      redirectUrl: "https://shop.example.com/thanks",
      requestId: "3f2b8c1e-7d4a-4e2f-9a6b-1c2d3e4f5a6b",
    };
    const made = {
      invoiceId: regex("^[A-Za-z0-9_-]{22}$", invoiceId),
      orderId: "link-3f2b8c1e7d4a4e2f9a6b1c2d3e4f5a6b",
      status: "new",
      flags: [],
      amount: decimal("12.5"),
      amountReceived: decimal("0"),
      currency: "USDT",
      description: "Two mugs",
      customerEmail: null,
      redirectUrl: "https://shop.example.com/thanks",
      metadata: {},
      checkoutUrl: regex("^https?://[^/]+/pay/[A-Za-z0-9_-]{22}$", `http://127.0.0.1:3000/pay/${invoiceId}`),
      addresses: eachLike({
        chain: like("Devnet"),
        chainId: integer(31337),
        token: address(`0x${"11".repeat(20)}`),
        address: address(`0x${"33".repeat(20)}`),
      }),
      expiresAt: isoDate("2026-11-29T10:15:00.000Z"),
      createdAt: isoDate("2026-11-29T10:00:00.000Z"),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.paidOrder, { email, packageCode: "basic", product: "Devnet" })
      .given(states.application, { email, name: "Pact shop" })
      .uponReceiving("a request for a payment link of the merchant's application")
      .withRequest("POST", invoicesEndpoints.invoiceCreate.path, (b) =>
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
        b.headers(authHeaders(token)).jsonBody({ ...link, appCode: fromProviderState("${appCode}", appCode) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(made)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).invoices.create({ ...link, appCode })).resolves.toEqual(exampleOf(made));
      });
  });
});

describe("POST /api/Invoice/Refund", () => {
  it("refunds part of a paid invoice to a destination of the address book, with the mailed code: a withdrawal", async () => {
    const product = "Devnet";
    const destination = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
    const code = "482615";
    const requestId = "5d2e9c1a-3b7f-4e8d-9a6c-1f0b2d4e6a8c";
    const body = { invoiceId, chain: product, to: destination, amount: "5", code, requestId };
    const withdrawal = {
      id: regex("^\\d{1,18}$", "1"),
      chain: like(product),
      chainId: integer(31337),
      token: address(`0x${"11".repeat(20)}`),
      to: address(destination),
      amount: decimal("5"),
      fee: decimal("1"),
      status: like("requested"),
      txHash: null,
      failure: null,
      waiting: null,
      createdAt: isoDate("2026-11-29T10:00:00.000Z"),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "25" })
      .given(states.invoicePaid, { email, name: "Pact shop", invoiceId, amount: "20", product })
      .given(states.withdrawalAddress, { email, address: destination, product })
      .given(states.codeSent, { code, email, type: "withdrawal" })
      .uponReceiving("a refund of part of a paid invoice to a destination of the address book")
      .withRequest("POST", "/api/Invoice/Refund", (b) => b.headers(authHeaders(token)).jsonBody(body))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(withdrawal)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).invoices.refund(body)).resolves.toEqual(exampleOf(withdrawal));
      });
  });
});

describe("GET /api/Invoice/Events", () => {
  it("refuses to follow the live invoices with a revoked token (401, 4010), before any event", async () => {
    const revoked = "pact-token-invoices-revoked";
    await pact
      .addInteraction()
      .given(states.tokenRevoked, { email, token: revoked })
      .uponReceiving("a request to follow the live invoices with a revoked token")
      .withRequest("GET", "/api/Invoice/Events", (b) =>
        b.headers({ Accept: "text/event-stream", Authorization: authHeaders(revoked).Authorization }),
      )
      .willRespondWith(401, (b) => b.headers(responseHeaders).jsonBody(failure("4010", "Not logged in")))
      .executeTest(async (mock) => {
        const refusal = await new Promise((resolve) => {
          apiFor(mock, revoked).invoices.watch({}, { onEvent: resolve, onError: resolve });
        });
        expect(refusal).toMatchObject({ kind: "api", errCode: "4010" });
      });
  });
});
