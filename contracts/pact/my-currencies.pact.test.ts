import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, boolean, eachLike, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const devnet = "Devnet";
const usdt = `0x${"11".repeat(20)}`;
/** The devnet's test USDT, whose contract the provider deployed: filled in from the provider state. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
const stateToken = () => fromProviderState("${tokenAddress}", usdt);

const currency = (accepted: boolean) => ({
  name: like("Test Tether USD"),
  symbol: like("USDT"),
  contractAddress: regex("^0x[0-9a-fA-F]{40}$", usdt),
  decimals: integer(6),
  protocol: like("ERC-20"),
  chainName: like(devnet),
  chainId: integer(31337),
  accepted,
  held: boolean(false),
  // The devnet's USDT: what arrives in it is credited.
  credited: true,
});

describe("My currencies (proposed)", () => {
  it("lists the tokens the merchant can accept: before any choice, the first ones within the package's limit", async () => {
    const listed = { items: eachLike(currency(true)), limit: integer(5), acceptedCount: integer(1), defaulted: true };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.devnetWatched, { product: devnet })
      .given(states.paidOrder, { email, packageCode: "basic", product: devnet })
      .uponReceiving("a request for the merchant's currencies")
      .withRequest("POST", "/api/MyCurrency/List", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(listed)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).currencies.myCurrencies()).resolves.toEqual(exampleOf(listed));
      });
  });

  it("turns one off and answers the list as it is then, the merchant's own choice", async () => {
    const listed = { items: eachLike(currency(false)), limit: integer(5), acceptedCount: 0, defaulted: false };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.devnetWatched, { product: devnet })
      .given(states.paidOrder, { email, packageCode: "basic", product: devnet })
      .uponReceiving("a request to turn the devnet's USDT off")
      .withRequest("POST", "/api/MyCurrency/Set", (b) =>
        b.headers(authHeaders(token)).jsonBody({ chainId: 31337, contractAddress: stateToken(), accepted: false }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(listed)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).currencies.setMyCurrency({
          chainId: 31337,
          contractAddress: usdt,
          accepted: false,
        });
        await expect(answer).resolves.toEqual(exampleOf(listed));
      });
  });
});
