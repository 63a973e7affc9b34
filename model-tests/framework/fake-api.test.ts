// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/api-error.ts";
import { createControlledApi } from "./fake-api.ts";

describe("createControlledApi", () => {
  it("answers an actor result through the API call its invoke makes", async () => {
    const fake = createControlledApi(
      { loadProfile: "user.info" },
      { "auth.lastLogin": async () => ({ userId: "1", lastLoginAt: null, lastLoginIp: null }) },
    );
    const profile = fake.api.user.info({ id: "1" });
    expect(
      await fake.answerActorResult({ type: "xstate.done.actor.loadProfile", output: { nickName: "a" } } as {
        type: string;
      }),
    ).toBe(true);
    await expect(profile).resolves.toEqual({ nickName: "a" });
    await expect(fake.api.auth.lastLogin()).resolves.toMatchObject({ userId: "1" });
    expect(fake.calls.map((c) => c.method)).toEqual(["user.info", "auth.lastLogin"]);
  });

  it("throws a failure as the API client would, and leaves results of other actors to the harness", async () => {
    const fake = createControlledApi(["auth.login"]);
    const login = fake.api.auth.login({ email: "a@b.c", password: "x" });
    await fake.answerActorResult({ type: "xstate.error.actor.login", error: { errCode: "2006", errMsg: "Wrong" } } as {
      type: string;
    });
    await expect(login).rejects.toEqual(new ApiError("api", "2006", "Wrong"));
    expect(await fake.answerActorResult({ type: "xstate.done.actor.loadLibrary" })).toBe(false);
    expect(await fake.answerActorResult({ type: "login.submit" })).toBe(false);
    expect(fake.invokeIds()).toEqual(["login"]);
  });
});
