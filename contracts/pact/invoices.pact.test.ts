import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { invoicesEndpoints } from "../endpoints/invoices.ts";
import { invoiceExportTable } from "../exports/invoices.ts";
import { isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { listFileInteraction, listPageInteraction } from "./list-interactions.ts";
import { apiFor, authHeaders, createPact, failure, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, eachLike, boolean } = MatchersV3;
const pact = createPact();
const { email } = merchant;
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
