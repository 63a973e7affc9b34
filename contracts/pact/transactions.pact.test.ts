import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { transactionExportTable } from "../exports/transactions.ts";
import { englishHeader } from "./export-header.ts";
import { apiFor, authHeaders, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, eachLike } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const signed = (example: string) => regex("^-?\\d{1,20}(\\.\\d{1,18})?$", example);

describe("POST /api/Transaction/List", () => {
  it("lists the movements of the merchant's balance with their ledger lines, a page at a time", async () => {
    const record = {
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
    };
    const listed = {
      items: eachLike(record),
      pageSize: integer(10),
      nextCursor: null,
      previousCursor: null,
      total: integer(1),
      totalCapped: false,
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "25" })
      .uponReceiving("a request for the merchant's unmatched recharges among its transaction records")
      .withRequest("POST", "/api/Transaction/List", (b) =>
        b.headers(authHeaders(token)).jsonBody({ kind: "unmatched", pageSize: 10 }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(listed)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).transactions.list({ kind: "unmatched", pageSize: 10 });
        await expect(answer).resolves.toEqual(exampleOf(listed));
      });
  });
});

describe("POST /api/Transaction/Export", () => {
  it("exports the records a filter selects as a CSV file, its labels (English, the language asked) first", async () => {
    // No withdrawal was asked: the file is its header alone (the columns and values are proven against the list by
    // server/routes/transactions.test.ts).
    const header = englishHeader(transactionExportTable);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "25" })
      .uponReceiving("a CSV export of the merchant's withdrawals among its transaction records")
      .withRequest("POST", "/api/Transaction/Export", (b) =>
        b.headers(authHeaders(token)).jsonBody({ kind: "withdrawal" }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers({ "Content-Type": regex("^text/csv(;.*)?$", "text/csv; charset=utf-8") })
          .body("text/plain", header.bytes),
      )
      .executeTest(async (mock) => {
        const file = await apiFor(mock, token).transactions.export({ kind: "withdrawal" });
        expect(await file.blob.text()).toBe(header.text);
      });
  });
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
