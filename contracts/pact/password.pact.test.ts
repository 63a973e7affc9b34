import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { codeMatcher, codePurposeMatcher } from "./body-matchers.ts";
import { merchant, resetCode } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, failure, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, number } = MatchersV3;
const pact = createPact();
const { email, password, newPassword, token } = merchant;

/** The code mailed for the change (User/SentVerificationCode, type change-password). */
const changeCode = "975310";
const passwordChange = (oldPassword: string) => ({
  oldPassword,
  password: newPassword,
  repeatPassword: newPassword,
  code: changeCode,
});
const passwordChangeBody = (oldPassword: string) => ({
  oldPassword: like(oldPassword),
  password: like(newPassword),
  repeatPassword: like(newPassword),
  code: codeMatcher(changeCode),
});

describe("forgot password", () => {
  it("sends a reset code to a registered e-mail", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .uponReceiving("a request for a password-reset code")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), type: codePurposeMatcher("reset") }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ resendAfterSeconds: number(60), expiresInSeconds: number(600) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.sendCode({ email, type: "reset" })).resolves.toEqual({
          resendAfterSeconds: 60,
          expiresInSeconds: 600,
        });
      });
  });

  it("refuses a reset code for an unknown e-mail with errCode 2008", async () => {
    const stranger = "stranger@example.com";
    await pact
      .addInteraction()
      .given(states.noMerchant, { email: stranger })
      .uponReceiving("a request for a password-reset code for an unknown e-mail")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(stranger), type: codePurposeMatcher("reset") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2008", "No account uses this e-mail")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.sendCode({ email: stranger, type: "reset" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2008",
        });
      });
  });

  it("sets a new password with the reset code", async () => {
    const form = { email, code: resetCode, password: newPassword, repeatPassword: newPassword };
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .given(states.codeSent, { code: resetCode, email, type: "reset" })
      .uponReceiving("a password reset with a valid code")
      .withRequest("POST", "/api/User/ResetPassword", (b) =>
        b.headers(jsonHeaders).jsonBody({
          email: like(email),
          code: codeMatcher(resetCode),
          password: like(newPassword),
          repeatPassword: like(newPassword),
        }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok()))
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.resetPassword(form)).resolves.toBeNull();
      });
  });
});

describe("POST /api/User/UpdatePwd", () => {
  it("mails a code to the signed-in merchant's address for the change", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .given(states.signedIn, { email, token })
      .uponReceiving("a request for a password-change code in the merchant's session")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(authHeaders(token)).jsonBody({ email: like(email), type: codePurposeMatcher("change-password") }),
      )
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(ok({ resendAfterSeconds: number(60), expiresInSeconds: number(600) })),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).auth.sendCode({ email, type: "change-password" })).resolves.toEqual({
          resendAfterSeconds: 60,
          expiresInSeconds: 600,
        });
      });
  });

  it("refuses a password-change code without the session with errCode 2012 (issue 67), no re-login", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .uponReceiving("a request for a password-change code without a session")
      .withRequest("POST", "/api/User/SentVerificationCode", (b) =>
        b.headers(jsonHeaders).jsonBody({ email: like(email), type: codePurposeMatcher("change-password") }),
      )
      .willRespondWith(401, (b) =>
        b
          .headers(responseHeaders)
          .jsonBody(failure("2012", "Sign in to the console to have this code sent to your e-mail")),
      )
      .executeTest(async (mock) => {
        await expect(apiFor(mock).auth.sendCode({ email, type: "change-password" })).rejects.toMatchObject({
          kind: "api",
          errCode: "2012",
        });
      });
  });

  it("changes the password of the signed-in merchant", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .given(states.signedIn, { email, token })
      .given(states.codeSent, { code: changeCode, email, type: "change-password" })
      .uponReceiving("a password change with the right old password and the mailed code")
      .withRequest("POST", "/api/User/UpdatePwd", (b) =>
        b.headers(authHeaders(token)).jsonBody(passwordChangeBody(password)),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok()))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).user.updatePassword(passwordChange(password))).resolves.toBeNull();
      });
  });

  it("refuses a wrong old password with errCode 2007", async () => {
    await pact
      .addInteraction()
      .given(states.merchantExists, { email, password })
      .given(states.signedIn, { email, token })
      .given(states.codeSent, { code: changeCode, email, type: "change-password" })
      .uponReceiving("a password change with a wrong old password")
      .withRequest("POST", "/api/User/UpdatePwd", (b) =>
        b.headers(authHeaders(token)).jsonBody(passwordChangeBody("NotMine123")),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(failure("2007", "Old password is wrong")))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).user.updatePassword(passwordChange("NotMine123"))).rejects.toMatchObject({
          kind: "api",
          errCode: "2007",
        });
      });
  });
});
