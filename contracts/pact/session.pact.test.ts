import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-error.ts";
import { createErrorPolicy } from "../../src/api/error-policy.ts";
import { exampleOf, injectedUserId, isoDate } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like } = MatchersV3;
const pact = createPact();
const { email, token, userId } = merchant;

describe("session calls", () => {
  it("logs the merchant out", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a logout of the signed-in merchant")
      .withRequest("GET", "/api/Login/Logout", (b) =>
        b.headers(authHeaders(token)).query({ uid: injectedUserId(userId) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok()))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).auth.logout({ uid: userId })).resolves.toBeNull();
      });
  });

  it("answers no last login on the merchant's first sign-in", async () => {
    const lastLogin = { userId: like(userId), lastLoginAt: null, lastLoginIp: null };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .uponReceiving("a check of the last login on a first sign-in")
      .withRequest("GET", "/api/Login/CheckLastLogin", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(lastLogin)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).auth.lastLogin()).resolves.toEqual({
          userId,
          lastLoginAt: null,
          lastLoginIp: null,
        });
      });
  });

  it("tells when and from where the merchant logged in before", async () => {
    const lastLogin = {
      userId: like(userId),
      lastLoginAt: isoDate("2024-05-01T08:30:00.000Z"),
      lastLoginIp: like("203.0.113.7"),
    };
    await pact
      .addInteraction()
      .given(states.loggedInBefore, { email, ip: "203.0.113.7" })
      .given(states.signedIn, { email, token })
      .uponReceiving("a check of the last login after an earlier one")
      .withRequest("GET", "/api/Login/CheckLastLogin", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(lastLogin)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).auth.lastLogin()).resolves.toEqual(exampleOf(lastLogin));
      });
  });

  it("answers a revoked token with HTTP 401 and errCode 4010, which ends the session", async () => {
    const revoked = "pact-token-revoked";
    await pact
      .addInteraction()
      .given(states.tokenRevoked, { email, token: revoked })
      .uponReceiving("a call with a revoked token")
      .withRequest("POST", "/api/user/menu", (b) => b.headers(authHeaders(revoked)).jsonBody({}))
      .willRespondWith(401, (b) => b.headers(responseHeaders).jsonBody(failure("4010", "Not logged in")))
      .executeTest(async (mock) => {
        const expired: string[] = [];
        const policy = createErrorPolicy({
          toast: () => undefined,
          sessionExpired: (message) => expired.push(message),
        });
        const error = await apiFor(mock, revoked, policy)
          .user.menu()
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ kind: "api", errCode: "4010" });
        expect(expired).toEqual(["Not logged in"]);
      });
  });
});
