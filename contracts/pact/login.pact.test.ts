import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-error.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, createPact, failure, jsonHeaders, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

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
      .willRespondWith(200, (b) =>
        b.headers(responseHeaders).jsonBody(
          ok({
            accessToken: like("t0k3n"),
            userId: like(merchant.userId),
            email: like(email),
            language: like("en-US"),
            nickName: like(merchant.nickName),
            avatar: like(""),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const result = await apiFor(mock).auth.login({ email, password });
        expect(result).toEqual({
          accessToken: "t0k3n",
          userId: merchant.userId,
          email,
          language: "en-US",
          nickName: merchant.nickName,
          avatar: "",
        });
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
        const error = await apiFor(mock)
          .auth.login({ email, password: "Wrong999" })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ kind: "api", errCode: "2006" });
      });
  });
});
