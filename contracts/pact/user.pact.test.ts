import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf, injectedUserId, isoDate, localeMatcher, profileBody } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, number, eachLike, regex } = MatchersV3;
const pact = createPact();
const { email, token, userId } = merchant;

describe("user calls", () => {
  it("loads the profile through /api/user/logout?id=", async () => {
    const profile = profileBody();
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request for the merchant's profile")
      .withRequest("GET", "/api/user/logout", (b) =>
        b.headers(authHeaders(token)).query({ id: injectedUserId(userId) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(profile)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).user.info({ id: userId })).resolves.toEqual(exampleOf(profile));
      });
  });

  it("loads the server menu", async () => {
    const menu = eachLike({ name: like("menu.console"), path: like("/console"), order: number(0) });
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a request for the server menu")
      .withRequest("POST", "/api/user/menu", (b) => b.headers(authHeaders(token)).jsonBody({}))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(menu)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).user.menu()).resolves.toEqual(exampleOf(menu));
      });
  });

  it("saves the chosen language", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a language change")
      .withRequest("POST", "/api/User/Language", (b) =>
        b
          .headers(authHeaders(token))
          .query({ language: localeMatcher("zh-CN") })
          .jsonBody({}),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok()))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).user.language({ language: "zh-CN" })).resolves.toBeNull();
      });
  });

  it("changes the nickname and answers the new profile", async () => {
    const profile = profileBody({ nickName: "New Nick" });
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a nickname change")
      .withRequest("POST", "/api/User/update", (b) =>
        b.headers(authHeaders(token)).jsonBody({ nickName: like("New Nick") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(profile)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).user.updateProfile({ nickName: "New Nick" })).resolves.toEqual(
          exampleOf(profile),
        );
      });
  });

  it("lists the merchant's recent security activity, newest first", async () => {
    const activity = {
      items: eachLike({
        id: like("1"),
        kind: regex("^[a-zA-Z]+$", "signIn"),
        outcome: regex("^(success|failure|refused)$", "success"),
        ip: like("203.0.113.7"),
        userAgent: like("Mozilla/5.0"),
        at: isoDate("2024-05-01T08:30:00.000Z"),
      }),
    };
    await pact
      .addInteraction()
      .given(states.loggedInBefore, { email, ip: "203.0.113.7" })
      .given(states.signedIn, { email, token })
      .uponReceiving("a request for the merchant's recent security activity")
      .withRequest("POST", "/api/User/SecurityActivity", (b) => b.headers(authHeaders(token)).jsonBody({}))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(activity)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).user.securityActivity()).resolves.toEqual(exampleOf(activity));
      });
  });
});
