import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, number } = MatchersV3;
const pact = createPact();
const { email } = merchant;
const devnet = "Devnet";

describe("POST /api/Currency/List (proposed)", () => {
  it("lists the configured chains' coins and tokens with their arrival time and whether they are credited, and the chains not configured here", async () => {
    // Pact has no "string or null": each shape the list holds is matched by its own variant.
    const shared = { chainName: like(devnet), chainUnit: like("ETH"), chainId: integer(31337), decimals: integer(18) };
    const coin = {
      ...shared,
      name: like("Devnet Ether"),
      symbol: like("ETH"),
      contractAddress: null,
      type: "main",
      protocol: null,
      status: "active",
      confirmations: integer(2),
      arrivalSeconds: number(2.5),
      // A chain's own coin pays its fees: a transfer of it is never credited.
      credited: false,
    };
    const token = {
      ...shared,
      name: like("Test Tether USD"),
      symbol: "USDT",
      decimals: integer(6),
      contractAddress: regex("^0x[0-9a-fA-F]{40}$", `0x${"11".repeat(20)}`),
      type: "token",
      protocol: "ERC-20",
      status: "active",
      confirmations: integer(2),
      arrivalSeconds: number(2.5),
      credited: true,
    };
    const elsewhere = {
      name: like("TRON"),
      symbol: like("TRX"),
      contractAddress: null,
      type: "main",
      decimals: integer(6),
      protocol: null,
      chainName: like("TRON"),
      chainUnit: like("TRX"),
      chainId: null,
      status: "notConfigured",
      confirmations: null,
      arrivalSeconds: null,
      credited: false,
    };
    const listed = { items: MatchersV3.arrayContaining(coin, token, elsewhere) };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token: merchant.token })
      .given(states.devnetWatched, { product: devnet })
      .uponReceiving("a request for the currency list")
      .withRequest("POST", "/api/Currency/List", (b) => b.headers(authHeaders(merchant.token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(listed)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, merchant.token).currencies.currencies()).resolves.toEqual({
          items: [exampleOf(coin), exampleOf(token), exampleOf(elsewhere)],
        });
      });
  });
});
