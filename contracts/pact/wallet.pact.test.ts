import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;

describe("POST /api/wallet/{product}Client/GetUserWallet", () => {
  it("answers the merchant's payment address for a chain product", async () => {
    const product = "Devnet";
    const wallet = {
      product: like(product),
      address: like("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
      currency: like("USDT"),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.devnetWatched, { product })
      .uponReceiving("a request for the merchant's wallet on a watched chain")
      .withRequest(
        "POST",
        regex("^/api/wallet/[A-Za-z][A-Za-z0-9]*Client/GetUserWallet$", `/api/wallet/${product}Client/GetUserWallet`),
        (b) => b.headers(authHeaders(token)).jsonBody({ currency: like("USDT") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(wallet)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).wallet.userWallet({ product, currency: "USDT" })).resolves.toEqual(
          exampleOf(wallet),
        );
      });
  });
});
