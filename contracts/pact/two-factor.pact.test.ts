import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-error.ts";
import { sessionBody } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, failure, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";
import { expectRefusal } from "./refusal.ts";

const { like, integer, eachLike, regex, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, password, token } = merchant;
const challenge = "pact-challenge-0001";
/** A code the provider accepts now, made by the provider state (TOTP codes change every 30 s). */
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
const injectedCode = fromProviderState("${code}", "123456");

describe("two-factor sign-in", () => {
  it("answers a challenge, not a session, after the password when TOTP is on", async () => {
    await pact
      .addInteraction()
      .given(states.passwordAndTotp, { email, password })
      .uponReceiving("a login with the right password of a merchant with TOTP on")
      .withRequest("POST", "/api/Login/Login", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), password: like(password) }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(responseHeaders)
          .jsonBody(ok({ secondFactor: "totp", challenge: like("ch4ll3nge"), expiresInSeconds: integer(300) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.login({ email, password })).resolves.toEqual({
          secondFactor: "totp",
          challenge: "ch4ll3nge",
          expiresInSeconds: 300,
        });
      });
  });

  it("exchanges the challenge and a current code for the session", async () => {
    await pact
      .addInteraction()
      .given(states.secondFactorAwaited, { email, challenge })
      .uponReceiving("the second factor of a sign-in with a current code")
      .withRequest("POST", "/api/Login/SecondFactor", (b) =>
        b.headers(jsonHeaders).jsonBody({ challenge: like(challenge), code: injectedCode }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(sessionBody())))
      .executeTest(async (mock) => {
        const result = await apiFor(mock).auth.secondFactor({ challenge, code: "123456" });
        expect(result).toMatchObject({ accessToken: "t0k3n", email });
      });
  });

  it("refuses an unknown recovery code with errCode 2301", async () => {
    await pact
      .addInteraction()
      .given(states.secondFactorAwaited, { email, challenge })
      .uponReceiving("the second factor of a sign-in with a wrong recovery code")
      .withRequest("POST", "/api/Login/SecondFactor", (b) =>
        b.headers(jsonHeaders).jsonBody({ challenge: like(challenge), code: like("zzzzz-zzzzz") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2301", "The two-factor code is wrong")))
      .executeTest(async (mock) => {
        await expectRefusal(apiFor(mock).auth.secondFactor({ challenge, code: "zzzzz-zzzzz" }), "2301");
      });
  });
});

describe("turning TOTP on and off", () => {
  it("answers whether TOTP is on", async () => {
    await pact
      .addInteraction()
      .given(states.signedInWithTotp, { email, token })
      .uponReceiving("a two-factor status of a merchant with TOTP on")
      .withRequest("GET", "/api/TwoFactor/Status", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ enabled: true, recoveryCodesLeft: integer(0) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).twoFactor.status()).resolves.toEqual({ enabled: true, recoveryCodesLeft: 0 });
      });
  });

  it("starts a set-up with the account's password, answering a new secret and its otpauth URI", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .given(states.signedIn, { email, token })
      .uponReceiving("a two-factor set-up with the right password")
      .withRequest("POST", "/api/TwoFactor/Setup", (b) =>
        b.headers(authHeaders(token)).jsonBody({ password: like(password) }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(
          ok({
            secret: regex("^[A-Z2-7]+=*$", "JBSWY3DPEHPK3PXP"),
            uri: regex("^otpauth://totp/.+", "otpauth://totp/Merchant%20Console:m?secret=JBSWY3DPEHPK3PXP"),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const setup = await apiFor(mock, token).twoFactor.setup({ password });
        expect(setup.secret).toBe("JBSWY3DPEHPK3PXP");
      });
  });

  it("refuses a set-up with a wrong password with errCode 2007, revealing no secret", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .given(states.signedIn, { email, token })
      .uponReceiving("a two-factor set-up with a wrong password")
      .withRequest("POST", "/api/TwoFactor/Setup", (b) =>
        b.headers(authHeaders(token)).jsonBody({ password: like("Not-the-password1") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2007", "Password is wrong")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).twoFactor.setup({ password: "Not-the-password1" })).rejects.toBeInstanceOf(
          ApiError,
        );
      });
  });

  it("turns TOTP on with a current code and answers the recovery codes", async () => {
    await pact
      .addInteraction()
      .given(states.signedInTotpPending, { email, token })
      .uponReceiving("a confirming code of a two-factor set-up")
      .withRequest("POST", "/api/TwoFactor/Enable", (b) =>
        b.headers(authHeaders(token)).jsonBody({ code: injectedCode }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ recoveryCodes: eachLike("abcde-fghij", 10) })),
      )
      .executeTest(async (mock) => {
        const { recoveryCodes } = await apiFor(mock, token).twoFactor.enable({ code: "123456" });
        expect(recoveryCodes).toHaveLength(10);
      });
  });

  it("turns TOTP off with a current code", async () => {
    await pact
      .addInteraction()
      .given(states.signedInWithTotp, { email, token })
      .uponReceiving("turning two-factor sign-in off with a current code")
      .withRequest("POST", "/api/TwoFactor/Disable", (b) =>
        b.headers(authHeaders(token)).jsonBody({ code: injectedCode }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok()))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).twoFactor.disable({ code: "123456" })).resolves.toBeNull();
      });
  });
});
