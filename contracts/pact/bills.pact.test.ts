import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { billExportTable } from "../exports/bills.ts";
import { apiFor, authHeaders, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";
import { billsEndpoints } from "../endpoints/bills.ts";
import { listFileInteraction, listPageInteraction } from "./list-interactions.ts";

const { like, regex, integer, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const billNo = "20261125900000001";
const appCode = "2026112590000001";
const name = "Pact shop";
const endUserId = "pact-user-1";
const amount = "12.5";
const withBill = { email, name, endUserId, amount };
// biome-ignore-start lint/suspicious/noTemplateCurlyInString: Pact provider-state expressions, not templates
/** The bill's number and its application's code, which the provider picks: filled in from the provider state. */
const stateBillNo = () => fromProviderState("${billNo}", billNo);
const stateAppCode = () => fromProviderState("${appCode}", appCode);
// biome-ignore-end lint/suspicious/noTemplateCurlyInString: Pact provider-state expressions, not templates

const address = (example: string) => regex("^0x[0-9a-fA-F]{40}$", example);
const hash = (example: string) => regex("^0x[0-9a-f]{64}$", example);
const decimal = (example: string) => regex("^\\d{1,20}(\\.\\d{1,18})?$", example);

/** resData of a bill (contracts/schemas/bills.ts appBill): a credited one, not collected yet. */
const billBody = () => ({
  billNo: regex("^\\d{8,24}$", billNo),
  appCode: regex("^\\d{8,24}$", appCode),
  appName: like(name),
  endUserId: like(endUserId),
  fromAddress: address(`0x${"ab".repeat(20)}`),
  toAddress: address(`0x${"cd".repeat(20)}`),
  amount: decimal(amount),
  chain: like("Devnet"),
  chainId: integer(31337),
  currency: like("USDT"),
  tokenContract: address(`0x${"11".repeat(20)}`),
  protocol: "ERC-20",
  blockNumber: regex("^\\d+$", "1234"),
  txHash: hash(`0x${"ef".repeat(32)}`),
  logIndex: integer(0),
  status: "credited",
  confirmations: integer(2),
  required: integer(2),
  payTime: isoDate("2026-11-25T08:00:00.000Z"),
  creditedAt: isoDate("2026-11-25T08:00:02.000Z"),
  removedAt: null,
  noticeStatus: regex("^(notNotified|success|failed)$", "notNotified"),
  collectionAmount: null,
  deliveryAddress: null,
  transferAmount: null,
  collectionTxHash: null,
  collectionGasFee: null,
});

describe("application bills (proposed)", () => {
  it("lists the merchant's bills of an application, by status, a page at a time", () =>
    listPageInteraction(pact, {
      given: [[states.bill, withBill]],
      description: "a request for the merchant's bills of one application",
      endpoint: billsEndpoints.billList,
      body: { appCode: stateAppCode(), status: "credited", pageSize: 10 },
      row: billBody(),
      call: (api) => api.bills.list({ appCode, status: "credited", pageSize: 10 }),
    }));

  // No bill is dropped: the file is its header alone, the same whatever the provider's bills hold.
  it("exports the bills a filter selects as a CSV file, its labels (English, the language asked) first", () =>
    listFileInteraction(pact, {
      given: [[states.bill, withBill]],
      description: "a CSV export of the merchant's dropped bills",
      endpoint: billsEndpoints.billExport,
      body: { status: "dropped" },
      table: billExportTable,
      call: (api) => api.bills.export({ status: "dropped" }),
    }));

  it("answers one of the merchant's bills by its number", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.bill, withBill)
      .uponReceiving("a request for one of the merchant's bills")
      .withRequest("POST", "/api/Bill/Detail", (b) => b.headers(authHeaders(token)).jsonBody({ billNo: stateBillNo() }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(billBody())))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).bills.detail({ billNo })).resolves.toEqual(exampleOf(billBody()));
      });
  });

  it("refuses a bill number the merchant has no bill of with errCode 2601", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request for a bill that does not exist")
      .withRequest("POST", "/api/Bill/Detail", (b) =>
        b.headers(authHeaders(token)).jsonBody({ billNo: "2099010190009999" }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2601", "No such bill")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).bills.detail({ billNo: "2099010190009999" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2601",
        });
      });
  });

  it("refuses to follow the live bills with a revoked token (401, 4010), before any event", async () => {
    const revoked = "pact-token-bills-revoked";
    await pact
      .addInteraction()
      .given(states.tokenRevoked, { email, token: revoked })
      .uponReceiving("a request to follow the live bills with a revoked token")
      .withRequest("GET", "/api/Bill/Events", (b) =>
        b.headers({ Accept: "text/event-stream", Authorization: authHeaders(revoked).Authorization }),
      )
      .willRespondWith(401, (b) => b.headers(responseHeaders).jsonBody(failure("4010", "Not logged in")))
      .executeTest(async (mock) => {
        const refusal = await new Promise((resolve) => {
          apiFor(mock, revoked).bills.watch({}, { onEvent: resolve, onError: resolve });
        });
        expect(refusal).toMatchObject({ kind: "api", errCode: "4010" });
      });
  });
});
