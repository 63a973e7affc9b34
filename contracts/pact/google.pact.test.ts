import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { sessionBody } from "./body-matchers.ts";
import { apiFor, createPact, failure, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";
import { expectRefusal } from "./refusal.ts";

const { like, regex, fromProviderState } = MatchersV3;
const pact = createPact();

const email = "google.merchant@example.com";
/** What the example answers stand for; the provider's ID token comes from the provider state. */
const exampleToken =
  "eyJhbGciOiJSUzI1NiIsImtpZCI6InRlc3QifQ.eyJlbWFpbCI6Imdvb2dsZS5tZXJjaGFudEBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl";
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
const injectedCredential = fromProviderState("${credential}", exampleToken);
/** The raw nonce the front end kept; the ID token carries its SHA-256. */
const nonce = "pact-browser-nonce-0123456789";
const exampleTicket = "Zm9vYmFyLXBhY3QtbGluay10aWNrZXQtMDEyMzQ1Njc";
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
const injectedTicket = fromProviderState("${linkTicket}", exampleTicket);

const signedIn = sessionBody({ userId: "100001", email, nickName: "google.merchant" });

describe("POST /api/Login/GoogleLogin (ID token)", () => {
  it("signs in (or registers) the merchant Google vouches for", async () => {
    await pact
      .addInteraction()
      .given(states.googleIdToken, { email, nonce })
      .uponReceiving("a Google sign-in with a verified ID token")
      .withRequest("POST", "/api/Login/GoogleLogin", (b) =>
        b.headers(jsonHeaders).jsonBody({ credential: injectedCredential, nonce }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(signedIn)))
      .executeTest(async (mock) => {
        const result = await apiFor(mock).auth.googleLogin({ credential: exampleToken, nonce });
        expect(result).toEqual({
          accessToken: "t0k3n",
          userId: "100001",
          email,
          language: "en-US",
          nickName: "google.merchant",
          avatar: "",
        });
      });
  });

  it("refuses a token Google did not sign with errCode 2102", async () => {
    await pact
      .addInteraction()
      .given(states.googleForeignToken, { email, nonce })
      .uponReceiving("a Google sign-in with an ID token signed by an unknown key")
      .withRequest("POST", "/api/Login/GoogleLogin", (b) =>
        b.headers(jsonHeaders).jsonBody({ credential: injectedCredential, nonce }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(failure("2102", "The Google sign-in could not be verified")),
      )
      .executeTest(async (mock) => {
        await expectRefusal(apiFor(mock).auth.googleLogin({ credential: exampleToken, nonce }), "2102");
      });
  });
});

describe("POST /api/Login/GoogleCode (popup code flow)", () => {
  const code = "4/0AfJohXk-pact-code";

  it("exchanges the popup's code and signs the merchant in", async () => {
    await pact
      .addInteraction()
      .given(states.googleCode, { code, email })
      .uponReceiving("a Google sign-in with an authorization code")
      .withRequest("POST", "/api/Login/GoogleCode", (b) => b.headers(jsonHeaders).jsonBody({ code: like(code) }))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(signedIn)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.googleCode({ code })).resolves.toMatchObject({ email, accessToken: "t0k3n" });
      });
  });

  it("refuses a code Google did not issue with errCode 2102", async () => {
    await pact
      .addInteraction()
      .given(states.googleCode, { code, email })
      .uponReceiving("a Google sign-in with an unknown authorization code")
      .withRequest("POST", "/api/Login/GoogleCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ code: regex("^4/unknown-[a-z-]+$", "4/unknown-code") }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(failure("2102", "The Google sign-in could not be verified")),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.googleCode({ code: "4/unknown-code" })).rejects.toMatchObject({
          errCode: "2102",
        });
      });
  });
});

describe("Google accounts whose e-mail is a merchant's", () => {
  const password = "Merchant7Pass";
  const code = "4/0AfJohXk-pact-link-code";

  it("answers the link to prove instead of a session", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .given(states.googleCode, { code, email })
      .uponReceiving("a Google sign-in for an account whose e-mail is a merchant's who has not linked it")
      .withRequest("POST", "/api/Login/GoogleCode", (b) => b.headers(jsonHeaders).jsonBody({ code: like(code) }))
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ linkTicket: like(exampleTicket), email: like(email) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.googleCode({ code })).resolves.toEqual({ linkTicket: exampleTicket, email });
      });
  });

  it("mails a link code only with the link step's ticket (POST /api/User/SentVerificationCode)", async () => {
    await pact
      .addInteraction()
      .given(states.googleLinkPending, { email, password })
      .uponReceiving("a request for a link code with the Google link step's ticket")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), type: "link", linkTicket: injectedTicket }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ resendAfterSeconds: like(60), expiresInSeconds: like(600) })),
      )
      .executeTest(async (mock) => {
        const sent = apiFor(mock).auth.sendCode({ email, type: "link", linkTicket: exampleTicket });
        await expect(sent).resolves.toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
      });
  });

  it("links the Google account with the merchant's password and signs in (POST /api/Login/GoogleLink)", async () => {
    await pact
      .addInteraction()
      .given(states.googleLinkPending, { email, password })
      .uponReceiving("a Google link proven with the merchant's password")
      .withRequest("POST", "/api/Login/GoogleLink", (b) =>
        b.headers(jsonHeaders).jsonBody({ linkTicket: injectedTicket, password: like(password) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(signedIn)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.googleLink({ linkTicket: exampleTicket, password })).resolves.toMatchObject({
          email,
          accessToken: "t0k3n",
        });
      });
  });

  it("refuses an unknown or expired link ticket with errCode 2105", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .uponReceiving("a Google link with a ticket the server does not know")
      .withRequest("POST", "/api/Login/GoogleLink", (b) =>
        b.headers(jsonHeaders).jsonBody({ linkTicket: like(exampleTicket), password: like(password) }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(responseHeaders)
          .jsonBody(failure("2105", "This Google sign-in has expired, please continue with Google again")),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.googleLink({ linkTicket: exampleTicket, password })).rejects.toMatchObject({
          errCode: "2105",
        });
      });
  });
});
