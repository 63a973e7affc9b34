import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { codeMatcher, codePurposeMatcher, exampleOf, sessionBody } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, createPact, failure, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";
import { expectRefusal } from "./refusal.ts";

const { like } = MatchersV3;
const pact = createPact();
const { email, password } = merchant;

describe("POST /api/Login/Login", () => {
  it("signs in with the right password", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .uponReceiving("a login with the right password")
      .withRequest("POST", "/api/Login/Login", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), password: like(password) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(sessionBody())))
      .executeTest(async (mock) => {
        const result = await apiFor(mock).auth.login({ email, password });
        expect(result).toEqual(exampleOf(sessionBody()));
      });
  });

  it("refuses a wrong password with errCode 2006", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .uponReceiving("a login with a wrong password")
      .withRequest("POST", "/api/Login/Login", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), password: like("Wrong999") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2006", "Wrong e-mail or password")))
      .executeTest(async (mock) => {
        await expectRefusal(apiFor(mock).auth.login({ email, password: "Wrong999" }), "2006");
      });
  });
});

// Issue 37: strangers' failed sign-ins throttle the account; the owner on a new device proves the mailbox.
describe("POST /api/Login/Login while the account's sign-in is throttled", () => {
  const signInCode = "135790";

  it("refuses the password alone with errCode 2011 (HTTP 429), telling the console to offer a mailed code", async () => {
    await pact
      .addInteraction()
      .given(states.signInThrottled, { email, password })
      .uponReceiving("a login with the right password while strangers have throttled the account's sign-in")
      .withRequest("POST", "/api/Login/Login", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), password: like(password) }),
      )
      .willRespondWith(429, (b) =>
        b
          .headers(responseHeaders)
          .jsonBody(failure("2011", "Too many failed sign-ins on this account: ask for a sign-in code by e-mail")),
      )
      .executeTest(async (mock) => {
        await expectRefusal(apiFor(mock).auth.login({ email, password }), "2011");
      });
  });

  it("mails a code for sign-in", async () => {
    await pact
      .addInteraction()
      .given(states.signInThrottled, { email, password })
      .uponReceiving("a request for a sign-in code")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), type: codePurposeMatcher("sign-in") }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ resendAfterSeconds: like(60), expiresInSeconds: like(600) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.sendCode({ email, type: "sign-in" })).resolves.toEqual({
          resendAfterSeconds: 60,
          expiresInSeconds: 600,
        });
      });
  });

  it("signs in with the right password and the mailed code", async () => {
    await pact
      .addInteraction()
      .given(states.signInThrottled, { email, password })
      .given(states.codeSent, { code: signInCode, email, type: "sign-in" })
      .uponReceiving("a login with the right password and a code mailed for sign-in")
      .withRequest("POST", "/api/Login/Login", (b) =>
        b
          .headers(jsonHeaders)
          .jsonBody({ email: like(email), password: like(password), emailCode: codeMatcher(signInCode) }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(sessionBody())))
      .executeTest(async (mock) => {
        const result = await apiFor(mock).auth.login({ email, password, emailCode: signInCode });
        expect(result).toMatchObject({ accessToken: "t0k3n", email });
      });
  });
});
