import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import type { RegisterRequest } from "../schemas/auth.ts";
import { codeMatcher, codePurposeMatcher } from "./body-matchers.ts";
import { newcomer } from "./fixtures.ts";
import { apiFor, createPact, failure, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, number } = MatchersV3;
const pact = createPact();
const { email, password, code } = newcomer;
const registration: RegisterRequest = { email, code, password, repeatPassword: password };
const registrationBody = (values: RegisterRequest) => ({
  email: like(values.email),
  code: codeMatcher(values.code),
  password: like(values.password),
  repeatPassword: like(values.repeatPassword),
});

describe("sign-up calls", () => {
  it("sends a sign-up code to a new e-mail", async () => {
    await pact
      .addInteraction()
      .given(states.noMerchant, { email })
      .uponReceiving("a request for a sign-up code")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), type: codePurposeMatcher("register") }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ resendAfterSeconds: number(60), expiresInSeconds: number(600) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.sendCode({ email, type: "register" })).resolves.toEqual({
          resendAfterSeconds: 60,
          expiresInSeconds: 600,
        });
      });
  });

  it("refuses a sign-up code for an e-mail already registered with errCode 2001", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .uponReceiving("a request for a sign-up code for an e-mail already taken")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), type: codePurposeMatcher("register") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2001", "E-mail already exists")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.sendCode({ email, type: "register" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2001",
        });
      });
  });

  it("refuses a second code asked for too soon with errCode 2004", async () => {
    await pact
      .addInteraction()
      .given(states.noMerchant, { email })
      .given(states.codeJustRequested, { email, type: "register" })
      .uponReceiving("a request for a sign-up code right after the last one")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), type: codePurposeMatcher("register") }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody({
          ...failure("2004", "Please wait 60 seconds before requesting a new code"),
          // The seconds left as a figure, so the form counts them down.
          resData: { resendAfterSeconds: like(60) },
        }),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.sendCode({ email, type: "register" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2004",
          detail: { resendAfterSeconds: 60 },
        });
      });
  });

  it("accepts the code that was sent", async () => {
    await pact
      .addInteraction()
      .given(states.codeSent, { code, email, type: "register" })
      .uponReceiving("a check of the right sign-up code")
      .withRequest("POST", "/api/Register/CheckCaptchaCode", (b) =>
        b
          .headers(jsonHeaders)
          .jsonBody({ email: like(email), code: codeMatcher(code), type: codePurposeMatcher("register") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok({ valid: true })))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.checkCode({ email, code, type: "register" })).resolves.toEqual({ valid: true });
      });
  });

  it("refuses a wrong code with errCode 2002", async () => {
    await pact
      .addInteraction()
      .given(states.codeSent, { code, email, type: "register" })
      .uponReceiving("a check of a wrong sign-up code")
      .withRequest("POST", "/api/Register/CheckCaptchaCode", (b) =>
        b
          .headers(jsonHeaders)
          .jsonBody({ email: like(email), code: codeMatcher("999999"), type: codePurposeMatcher("register") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2002", "Wrong verification code")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.checkCode({ email, code: "999999", type: "register" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2002",
        });
      });
  });

  it("registers a new merchant with the code", async () => {
    await pact
      .addInteraction()
      .given(states.noMerchant, { email })
      .given(states.codeSent, { code, email, type: "register" })
      .uponReceiving("a registration with a valid code")
      .withRequest("POST", "/api/Register/Register", (b) =>
        b.headers(jsonHeaders).jsonBody(registrationBody(registration)),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ userId: like("1002"), email: like(email) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.register(registration)).resolves.toEqual({ userId: "1002", email });
      });
  });

  it("refuses an e-mail that is already registered with errCode 2001", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .given(states.codeSent, { code, email, type: "register" })
      .uponReceiving("a registration with an e-mail already taken")
      .withRequest("POST", "/api/Register/Register", (b) =>
        b.headers(jsonHeaders).jsonBody(registrationBody(registration)),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2001", "E-mail already registered")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.register(registration)).rejects.toMatchObject({ kind: "api", errCode: "2001" });
      });
  });

  it("answers a password that breaks the rules with HTTP 400 and errCode 1001", async () => {
    const weak = { ...registration, password: "weakpass", repeatPassword: "weakpass" };
    await pact
      .addInteraction()
      .given(states.noMerchant, { email })
      .given(states.codeSent, { code, email, type: "register" })
      .uponReceiving("a registration with a password that breaks the rules")
      .withRequest("POST", "/api/Register/Register", (b) => b.headers(jsonHeaders).jsonBody(registrationBody(weak)))
      .willRespondWith(400, (b) => b.headers(responseHeaders).jsonBody(failure("1001", "Invalid request")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.register(weak)).rejects.toMatchObject({ kind: "api", errCode: "1001" });
      });
  });
});
