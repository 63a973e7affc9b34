import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { transactionsEndpoints } from "../endpoints/transactions.ts";
import { transactionExportTable } from "../exports/transactions.ts";
import { merchant } from "./fixtures.ts";
import { listFileInteraction, listPageInteraction } from "./list-interactions.ts";
import { apiFor, authHeaders, createPact, failure, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, eachLike } = MatchersV3;
const pact = createPact();
const { email } = merchant;
const signed = (example: string) => regex("^-?\\d{1,20}(\\.\\d{1,18})?$", example);

describe("POST /api/Transaction/List", () => {
  it("lists the movements of the merchant's balance with their ledger lines, a page at a time", () =>
    listPageInteraction(pact, {
      given: [[states.balance, { email, amount: "25" }]],
      description: "a request for the merchant's unmatched recharges among its transaction records",
      endpoint: transactionsEndpoints.transactionList,
      body: { kind: "unmatched", pageSize: 10 },
      row: {
        id: regex("^\\d{1,18}$", "1"),
        kind: "unmatched",
        amount: signed("25"),
        createdAt: regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$", "2026-11-27T10:00:00.000Z"),
        orderCode: null,
        chain: like("Devnet"),
        txHash: regex("^0x[0-9a-f]{64}$", `0x${"ab".repeat(32)}`),
        blockNumber: regex("^\\d+$", "1"),
        confirmations: integer(12),
        requiredConfirmations: integer(12),
        withdrawalId: null,
        withdrawalStatus: null,
        lines: eachLike({ account: like("merchant"), amount: signed("25") }),
      },
      call: (api) => api.transactions.list({ kind: "unmatched", pageSize: 10 }),
    }));
});

describe("POST /api/Transaction/Export", () => {
  // No withdrawal was asked: the file is its header alone.
  it("exports the records a filter selects as a CSV file, its labels (English, the language asked) first", () =>
    listFileInteraction(pact, {
      given: [[states.balance, { email, amount: "25" }]],
      description: "a CSV export of the merchant's withdrawals among its transaction records",
      endpoint: transactionsEndpoints.transactionExport,
      body: { kind: "withdrawal" },
      table: transactionExportTable,
      call: (api) => api.transactions.export({ kind: "withdrawal" }),
    }));
});

describe("GET /api/Transaction/Events", () => {
  it("refuses to follow the live transaction records with a revoked token (401, 4010), before any event", async () => {
    const revoked = "pact-token-transactions-revoked";
    await pact
      .addInteraction()
      .given(states.tokenRevoked, { email, token: revoked })
      .uponReceiving("a request to follow the live transaction records with a revoked token")
      .withRequest("GET", "/api/Transaction/Events", (b) =>
        b.headers({ Accept: "text/event-stream", Authorization: authHeaders(revoked).Authorization }),
      )
      .willRespondWith(401, (b) => b.headers(responseHeaders).jsonBody(failure("4010", "Not logged in")))
      .executeTest(async (mock) => {
        const refusal = await new Promise((resolve) => {
          apiFor(mock, revoked).transactions.watch({}, { onEvent: resolve, onError: resolve });
        });
        expect(refusal).toMatchObject({ kind: "api", errCode: "4010" });
      });
  });
});
