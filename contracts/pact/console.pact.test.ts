import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { regex, integer, eachLike } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const decimal = (example: string) => regex("^\\d{1,20}(\\.\\d{1,18})?$", example);
const utcDay = (example: string) => regex("^\\d{4}-\\d{2}-\\d{2}$", example);

describe("POST /api/Console/Overview (proposed)", () => {
  it("answers the console home's figures: counts, balance, main-chain amount, today's receipts and invoices paid, and the week's trend of both", async () => {
    const today = { date: utcDay("2026-11-25"), amount: decimal("12.5"), count: integer(1) };
    const invoicesDay = { date: utcDay("2026-11-25"), amount: decimal("0"), count: integer(0) };
    const figures = {
      counts: { applications: integer(1), currencies: integer(1), wallets: integer(1) },
      balance: decimal("12.5"),
      mainChain: decimal("12.5"),
      today,
      // No invoice in this state: the days are there, zero-filled.
      invoicesPaidToday: invoicesDay,
      trend: { range: "week", days: eachLike(today), invoicesPaid: eachLike(invoicesDay) },
      serverTime: isoDate("2026-11-25T08:00:00.000Z"),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.bill, { email, name: "Pact shop", endUserId: "pact-user-1", amount: "12.5" })
      .uponReceiving("a request for the console home's figures of the week")
      .withRequest("POST", "/api/Console/Overview", (b) => b.headers(authHeaders(token)).jsonBody({ range: "week" }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(figures)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).console.overview({ range: "week" })).resolves.toEqual(exampleOf(figures));
      });
  });
});
