import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loginResult } from "../../contracts/schemas/auth.ts";
import { secondFactorChallenge } from "../../contracts/schemas/two-factor.ts";
import { signInWithGoogle } from "../domain/identity/google-accounts.ts";
import { requireSecondFactor } from "../domain/identity/second-factor.ts";
import { findSession } from "../domain/identity/sessions.ts";
import { totpCodeAt } from "../domain/identity/totp.ts";
import { defaultLimits } from "../domain/platform/limits.ts";
import { createRefusalMemo } from "../domain/platform/refusal-memo.ts";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";
import { seedCode, seedTotp, testServerSecret, testTotpSecret } from "../testing/seed.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ limits: { loginFailuresPerAccountIp: { max: 3, seconds: 900 } } });
});
afterAll(() => h?.close());
beforeEach(async () => {
  await reset(h);
  h.clock.reset();
});

const codeNow = (secret = testTotpSecret, offsetSeconds = 0) =>
  totpCodeAt(secret, new Date(h.clock.now().getTime() + offsetSeconds * 1000));

/** A well-formed code that is none of the three the server would accept now (so no test passes by chance). */
const wrongCode = () => {
  const near = new Set([-30, 0, 30].map((offset) => codeNow(testTotpSecret, offset)));
  return ["000000", "111111", "222222", "333333"].find((code) => !near.has(code)) ?? "444444";
};

const login = (email: string, password: string) => call(h, "login", { body: { email, password } });

async function merchantWithTotp(recoveryCodes: string[] = ["abcde-fghij"]) {
  const m = await signedInMerchant(h, "totp@example.com", "Merchant7Pass");
  await seedTotp(h.db, { userId: m.userId, recoveryCodes });
  return m;
}

describe("turning TOTP on and off (TwoFactor/*)", () => {
  it("sets up a sealed secret, turns it on with a current code and answers ten recovery codes stored hashed", async () => {
    const m = await signedInMerchant(h);
    expect((await call(h, "twoFactorStatus", { token: m.token })).resData).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const setup = await call(h, "twoFactorSetup", { token: m.token, body: { password: "Merchant7Pass" } });
    expect(setup.success).toBe(true);
    const { secret, uri } = setup.resData as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(uri).toContain(encodeURIComponent("merchant@example.com"));
    const row = await h.db.selectFrom("totp_factors").selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.enabled_at).toBeNull();

    expect((await call(h, "twoFactorEnable", { token: m.token, body: { code: wrongCode() } })).errCode).toBe("2301");
    const enabled = await call(h, "twoFactorEnable", { token: m.token, body: { code: codeNow(secret) } });
    expect(enabled.success).toBe(true);
    const codes = enabled.resData.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await h.db.selectFrom("totp_recovery_codes").select("code_hash").execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    expect(stored.map((r) => r.code_hash).join()).not.toContain(codes[0]!.replace("-", ""));
    expect((await call(h, "twoFactorStatus", { token: m.token })).resData).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await call(h, "twoFactorSetup", { token: m.token, body: { password: "Merchant7Pass" } })).errCode).toBe(
      "2304",
    );
  });

  it("needs a current code or a recovery code to turn it off", async () => {
    const m = await merchantWithTotp();
    expect((await call(h, "twoFactorDisable", { token: m.token, body: { code: wrongCode() } })).errCode).toBe("2301");
    expect((await call(h, "twoFactorDisable", { token: m.token, body: { code: "zzzzz-zzzzz" } })).errCode).toBe("2301");
    expect((await call(h, "twoFactorDisable", { token: m.token, body: { code: "ABCDE-FGHIJ" } })).success).toBe(true);
    expect(await h.db.selectFrom("totp_factors").selectAll().execute()).toEqual([]);
    expect(await h.db.selectFrom("totp_recovery_codes").selectAll().execute()).toEqual([]);
    expect((await call(h, "twoFactorDisable", { token: m.token, body: { code: codeNow() } })).errCode).toBe("2305");
  });
});

describe("TwoFactor/Setup asks for the password first (issue 67)", () => {
  const setupWith = (token: string, body?: unknown) => call(h, "twoFactorSetup", { token, body });
  const nothingRevealed = async () => expect(await h.db.selectFrom("totp_factors").selectAll().execute()).toEqual([]);

  it("reveals no secret and stores nothing without the password or with a wrong one, logged as a security event", async () => {
    const m = await signedInMerchant(h);
    const without = await setupWith(m.token);
    expect(without.errCode).toBe("1001");
    expect(JSON.stringify(without.resData ?? null)).not.toContain("otpauth");
    expect((await setupWith(m.token, { password: "" })).errCode).toBe("1001");
    const wrong = await setupWith(m.token, { password: "Not-the-password1" });
    expect(wrong.errCode).toBe("2007");
    expect(JSON.stringify(wrong.resData ?? null)).not.toContain("otpauth");
    await nothingRevealed();
    const events = await h.db.selectFrom("security_events").select(["kind", "outcome"]).execute();
    expect(events).toContainEqual({ kind: "twoFactorOn", outcome: "failure" });
    const right = await setupWith(m.token, { password: "Merchant7Pass" });
    expect(right.success).toBe(true);
    expect((right.resData as { uri: string }).uri).toMatch(/^otpauth:\/\/totp\//);
  });

  it("counts wrong passwords on the session's own bucket, so a stolen session cannot guess the password", async () => {
    const m = await signedInMerchant(h);
    for (let i = 0; i < 10; i++)
      expect((await setupWith(m.token, { password: `Guess-${i}-password` })).errCode).toBe("2007");
    const refused = await setupWith(m.token, { password: "Merchant7Pass" });
    expect(refused.errCode).toBe("2005");
    await nothingRevealed();
  });

  it("refuses a Google-only account, whose password is unusable, until it sets one by the mailed reset", async () => {
    const answer = await signInWithGoogle(
      h.db,
      {
        subject: "g-only",
        email: "google-only@example.com",
        name: "Shop",
        tokenExpiresAt: new Date(Date.now() + 3_600_000),
      },
      "127.0.0.1",
      h.clock.now(),
    );
    const session = loginResult.parse(answer);
    expect((await setupWith(session.accessToken, { password: "Merchant7Pass" })).errCode).toBe("2007");
    await nothingRevealed();
  });
});

describe("sign-in with a second factor (Login/Login, Login/SecondFactor)", () => {
  it("answers a challenge and no session after the password, then a session for the code", async () => {
    await merchantWithTotp();
    const sessionsBefore = (await h.db.selectFrom("sessions").selectAll().execute()).length;
    const first = await login("totp@example.com", "Merchant7Pass");
    const challenge = secondFactorChallenge.parse(first.resData);
    expect(challenge.expiresInSeconds).toBe(300);
    expect(first.headers["set-cookie"]).toBeUndefined();
    expect((await h.db.selectFrom("sessions").selectAll().execute()).length).toBe(sessionsBefore);

    const second = await call(h, "secondFactor", { body: { challenge: challenge.challenge, code: codeNow() } });
    expect(second.success).toBe(true);
    const session = loginResult.parse(second.resData);
    expect(String(second.headers["set-cookie"])).toMatch(/^mc_device=/);
    expect((await call(h, "lastLogin", { token: session.accessToken })).success).toBe(true);
    // Single use: the challenge is spent.
    const again = await call(h, "secondFactor", { body: { challenge: challenge.challenge, code: codeNow() } });
    expect(again.errCode).toBe("2302");
  });

  it("records turning it on and off and each sign-in code, right or wrong, in the security log", async () => {
    const m = await signedInMerchant(h, "totp@example.com", "Merchant7Pass");
    const { secret } = (await call(h, "twoFactorSetup", { token: m.token, body: { password: "Merchant7Pass" } }))
      .resData as { secret: string };
    /** A well-formed code the server would not take now for this secret. */
    const wrong = () => {
      const near = new Set([-30, 0, 30].map((offset) => codeNow(secret, offset)));
      return ["000000", "111111", "222222", "333333"].find((code) => !near.has(code)) ?? "444444";
    };
    await call(h, "twoFactorEnable", { token: m.token, body: { code: wrong() } });
    expect((await call(h, "twoFactorEnable", { token: m.token, body: { code: codeNow(secret) } })).success).toBe(true);
    h.clock.advance(30);
    const challengeOf = async () =>
      secondFactorChallenge.parse((await login("totp@example.com", "Merchant7Pass")).resData).challenge;
    await call(h, "secondFactor", { body: { challenge: await challengeOf(), code: wrong() } });
    await call(h, "secondFactor", { body: { challenge: await challengeOf(), code: codeNow(secret) } });
    h.clock.advance(30);
    await call(h, "twoFactorDisable", { token: m.token, body: { code: codeNow(secret) } });
    const events = await h.db
      .selectFrom("security_events")
      .select(["kind", "outcome"])
      .where("kind", "in", ["twoFactorOn", "twoFactorOff", "secondFactor"])
      .orderBy("id")
      .execute();
    expect(events.map((e) => `${e.kind} ${e.outcome}`)).toEqual([
      "twoFactorOn failure",
      "twoFactorOn success",
      "secondFactor failure",
      "secondFactor success",
      "twoFactorOff success",
    ]);
  });

  it("accepts each code once, and the codes of one step before and after (±1 step of drift) only", async () => {
    await merchantWithTotp();
    const challengeOf = async () =>
      secondFactorChallenge.parse((await login("totp@example.com", "Merchant7Pass")).resData).challenge;
    const submit = async (code: string) => call(h, "secondFactor", { body: { challenge: await challengeOf(), code } });
    expect((await submit(codeNow(testTotpSecret, -60))).errCode).toBe("2301");
    expect((await submit(codeNow(testTotpSecret, 60))).errCode).toBe("2301");
    expect((await submit(codeNow(testTotpSecret, -30))).success).toBe(true);
    // The step before is spent, and with it every step up to it: the same code is refused.
    expect((await submit(codeNow(testTotpSecret, -30))).errCode).toBe("2301");
    expect((await submit(codeNow(testTotpSecret, 30))).success).toBe(true);
    expect((await submit(codeNow())).errCode).toBe("2301");
  });

  it("takes a recovery code once", async () => {
    await merchantWithTotp(["abcde-fghij", "klmno-pqrst"]);
    const challengeOf = async () =>
      secondFactorChallenge.parse((await login("totp@example.com", "Merchant7Pass")).resData).challenge;
    expect(
      (await call(h, "secondFactor", { body: { challenge: await challengeOf(), code: "abcdefghij" } })).success,
    ).toBe(true);
    expect(
      (await call(h, "secondFactor", { body: { challenge: await challengeOf(), code: "abcde-fghij" } })).errCode,
    ).toBe("2301");
  });

  it("accepts one of two parallel sign-ins with the same code", async () => {
    await merchantWithTotp();
    const challenges = await Promise.all(
      [1, 2].map(
        async () => secondFactorChallenge.parse((await login("totp@example.com", "Merchant7Pass")).resData).challenge,
      ),
    );
    const code = codeNow();
    const answers = await Promise.all(
      challenges.map((challenge) => call(h, "secondFactor", { body: { challenge, code } })),
    );
    expect(answers.map((a) => a.success).sort()).toEqual([false, true]);
  });

  it("spends a challenge after five codes, even from five addresses", async () => {
    await merchantWithTotp();
    const challenge = secondFactorChallenge.parse((await login("totp@example.com", "Merchant7Pass")).resData).challenge;
    for (let i = 1; i <= 5; i++) {
      const wrong = await call(h, "secondFactor", { body: { challenge, code: wrongCode() }, ip: `198.51.100.${i}` });
      expect(wrong.errCode).toBe("2301");
    }
    const right = await call(h, "secondFactor", { body: { challenge, code: codeNow() }, ip: "198.51.100.9" });
    expect(right.errCode).toBe("2302");
  });

  it("refuses a challenge after its five minutes", async () => {
    await merchantWithTotp();
    const challenge = secondFactorChallenge.parse((await login("totp@example.com", "Merchant7Pass")).resData).challenge;
    h.clock.advance(301);
    expect((await call(h, "secondFactor", { body: { challenge, code: codeNow() } })).errCode).toBe("2302");
  });

  it("rate-limits codes with the sign-in buckets (this address on this account: 3)", async () => {
    await merchantWithTotp();
    const challenge = secondFactorChallenge.parse((await login("totp@example.com", "Merchant7Pass")).resData).challenge;
    for (let i = 0; i < 3; i++)
      expect((await call(h, "secondFactor", { body: { challenge, code: wrongCode() } })).errCode).toBe("2301");
    const refused = await call(h, "secondFactor", { body: { challenge, code: codeNow() } });
    expect(refused).toMatchObject({ status: 429, errCode: "2005" });
  });

  it("still asks for the code after a password reset (the reset does not bypass the second factor)", async () => {
    const m = await merchantWithTotp();
    await seedCode(h.db, { email: m.email, purpose: "reset", code: "654321" });
    const reset = await call(h, "resetPassword", {
      body: { email: m.email, code: "654321", password: "Renewed8Pass", repeatPassword: "Renewed8Pass" },
    });
    expect(reset.success).toBe(true);
    expect(secondFactorChallenge.safeParse((await login(m.email, "Renewed8Pass")).resData).success).toBe(true);
  });

  it("answers a challenge, not a session, after Google sign-in too", async () => {
    const m = await merchantWithTotp();
    // Already linked to this Google account, so no linking rule is involved.
    await h.db.updateTable("merchants").set({ google_sub: "g-1" }).where("id", "=", m.userId).execute();
    const sessionsBefore = (await h.db.selectFrom("sessions").selectAll().execute()).length;
    const answer = await signInWithGoogle(
      h.db,
      { subject: "g-1", email: m.email, name: "Shop", tokenExpiresAt: new Date(Date.now() + 3_600_000) },
      "127.0.0.1",
      h.clock.now(),
    );
    expect(secondFactorChallenge.safeParse(answer).success).toBe(true);
    expect((await h.db.selectFrom("sessions").selectAll().execute()).length).toBe(sessionsBefore);
  });
});

describe("requireSecondFactor", () => {
  const context = () => ({
    ip: "127.0.0.1",
    now: h.clock.now(),
    services: { limits: defaultLimits, refusals: createRefusalMemo(), secret: testServerSecret },
  });
  // A signed-in request's scope, as the server makes it.
  const scopeOf = async (token: string) => {
    const session = await findSession(h.db, `Bearer ${token}`, h.clock.now(), {
      idleSeconds: 3600,
      absoluteSeconds: 86_400,
    });
    if (!session) throw new Error("no session");
    return session.scope;
  };

  it("passes without TOTP, asks for the code with it, and takes each code once", async () => {
    const plain = await signedInMerchant(h, "plain@example.com");
    expect(await requireSecondFactor(h.db, await scopeOf(plain.token), undefined, context())).toEqual({
      ok: true,
      data: null,
    });
    const m = await merchantWithTotp();
    expect(await requireSecondFactor(h.db, await scopeOf(m.token), undefined, context())).toMatchObject({
      ok: false,
      code: "2303",
    });
    expect(await requireSecondFactor(h.db, await scopeOf(m.token), wrongCode(), context())).toMatchObject({
      ok: false,
      code: "2301",
    });
    const code = codeNow();
    expect((await requireSecondFactor(h.db, await scopeOf(m.token), code, context())).ok).toBe(true);
    expect(await requireSecondFactor(h.db, await scopeOf(m.token), code, context())).toMatchObject({ code: "2301" });
  });
});
