import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { rechargeExportTable } from "../exports/recharges.ts";
import { englishHeader } from "./export-header.ts";
import { apiFor, authHeaders, createPact, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, eachLike } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;

const evmAddress = (example: string) => regex("^0x[0-9a-fA-F]{40}$", example);
const isoTime = (example: string) => regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$", example);

describe("POST /api/RechargeBill/List", () => {
  it("lists the merchant's recharges (credits of the balance by transfers that are not application deposits), a page at a time", async () => {
    const recharge = {
      billNo: regex("^\\d{8,24}$", "202611270000000001"),
      reason: "unmatched",
      orderCode: null,
      amount: regex("^\\d{1,20}(\\.\\d{1,18})?$", "25"),
      chain: like("Devnet"),
      chainId: integer(31337),
      currency: like("USDT"),
      tokenContract: evmAddress(`0x${"11".repeat(20)}`),
      protocol: "ERC-20",
      fromAddress: evmAddress(`0x${"22".repeat(20)}`),
      paymentAddress: evmAddress(`0x${"33".repeat(20)}`),
      deliveryAddress: null,
      txHash: regex("^0x[0-9a-f]{64}$", `0x${"ab".repeat(32)}`),
      logIndex: integer(0),
      blockNumber: regex("^\\d+$", "1"),
      status: "credited",
      payTime: isoTime("2026-11-27T10:00:00.000Z"),
    };
    const listed = {
      items: eachLike(recharge),
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
      .uponReceiving("a request for the merchant's unmatched recharges")
      .withRequest("POST", "/api/RechargeBill/List", (b) =>
        b.headers(authHeaders(token)).jsonBody({ reason: "unmatched", pageSize: 10 }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(listed)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).recharges.list({ reason: "unmatched", pageSize: 10 });
        await expect(answer).resolves.toEqual(exampleOf(listed));
      });
  });
});

describe("POST /api/RechargeBill/Export", () => {
  it("exports the recharges a filter selects as a CSV file, its labels (English, the language asked) first", async () => {
    // Nothing came late: the file is its header alone (the columns and values are proven against the list by
    // server/routes/recharges.test.ts).
    const header = englishHeader(rechargeExportTable);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "25" })
      .uponReceiving("a CSV export of the merchant's late recharges")
      .withRequest("POST", "/api/RechargeBill/Export", (b) =>
        b.headers(authHeaders(token)).jsonBody({ reason: "late" }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers({ "Content-Type": regex("^text/csv(;.*)?$", "text/csv; charset=utf-8") })
          .body("text/plain", header.bytes),
      )
      .executeTest(async (mock) => {
        const file = await apiFor(mock, token).recharges.export({ reason: "late" });
        expect(await file.blob.text()).toBe(header.text);
      });
  });
});
