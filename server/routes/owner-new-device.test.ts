import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loginResult } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { secondFactorChallenge } from "../../contracts/schemas/two-factor.ts";
import { totpCodeAt } from "../domain/identity/totp.ts";
import { seedApplication, seedCode, seedMerchant, seedSession, seedTotp, testTotpSecret } from "../testing/seed.ts";
import {
  type Answer,
  call,
  createHarness,
  type Harness,
  lastCode,
  reset,
  signedInMerchant,
} from "../testing/harness.ts";

/**
 * Issue 37, "Sign-in on a new device" and "Second factor (low)": the owner on a new device can always get in by proving
 * the mailbox, and a stranger's wrong codes never lock the owner out of the second factor. Every test has the strangers
 * and the owner on different addresses and devices, with the server's default limits.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await reset(h);
  // The minutes below are the server's: real time passing under load must not move them.
  h.clock.freeze();
});

const owner = { email: "owner@example.com", password: "Owner123x" };
/** The owner's new device: an address no stranger used, and no device cookie. */
const newDevice = "192.0.2.44";
const strangerAt = (i: number) => `198.51.100.${(i % 200) + 1}`;

const login = (body: Record<string, string>, ip: string, cookie?: string) => call(h, "login", { body, ip, cookie });
const sendSignInCode = (ip: string) => call(h, "sendCode", { body: { email: owner.email, type: "sign-in" }, ip });
const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");
const codeNow = (offsetSeconds = 0) =>
  totpCodeAt(testTotpSecret, new Date(h.clock.now().getTime() + offsetSeconds * 1000));
/** A well-formed TOTP code none of the three the server would take now. */
const wrongTotp = () => {
  const near = new Set([-30, 0, 30].map((offset) => codeNow(offset)));
  return ["000000", "111111", "222222", "333333"].find((code) => !near.has(code)) ?? "444444";
};
const deviceCookieOf = (answer: Answer) => {
  const header = answer.headers["set-cookie"];
  const line = (Array.isArray(header) ? header : [header]).find(
    (c) => typeof c === "string" && /^mc_device=[^;]/.test(c),
  );
  return line ? String(line).split(";")[0] : null;
};

/**
 * Strangers' wrong sign-ins at two a minute, each from another address, for half an hour; the owner comes along just
 * after one of them (the account's bucket frees a slot every 45 s, the strangers take one every 30 s).
 */
async function strangersGuessPasswords(minutes = 30) {
  const answers: Answer[] = [];
  for (let i = 0; i < minutes * 2; i++) {
    h.clock.advance(30);
    answers.push(await login({ email: owner.email, password: `Guess${i}xx` }, strangerAt(i)));
  }
  return answers;
}

/** The owner on the new device, refused by the account's bucket: asks for a code and gets it from the mailbox. */
async function mailedSignInCode() {
  expect(await sendSignInCode(newDevice)).toMatchObject({ success: true });
  return lastCode(h, owner.email);
}

describe("sign-in on a new device while strangers guess the password (Login/Login with a mailed code)", () => {
  it("lets the owner in with the right password and a code mailed to the account, after the account's bucket filled", async () => {
    await seedMerchant(h.db, owner);
    const guesses = await strangersGuessPasswords();
    expect(guesses.some((a) => a.status === 429)).toBe(true);
    // Without the code: refused, telling the console to offer "mail me a code".
    const refused = await login(owner, newDevice);
    expect(refused).toMatchObject({ status: 429, success: false, errCode: errCodes.signInNeedsMailCode });
    expect(refused.errMsg).toMatch(/code/i);

    const code = await mailedSignInCode();
    const answer = await login({ ...owner, emailCode: code }, newDevice);
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
    expect(loginResult.parse(answer.resData).email).toBe(owner.email);
    // A new device that proved the mailbox and the password is the owner's: it gets its device cookie.
    expect(deviceCookieOf(answer)).not.toBeNull();
    // The code is spent by the sign-in it made.
    expect((await login({ ...owner, emailCode: code }, newDevice)).success).toBe(false);
  }, 60_000);

  it("never signs in with the code alone or with a wrong password, and counts each wrong password on the code", async () => {
    await seedMerchant(h.db, owner);
    await strangersGuessPasswords();
    const code = await mailedSignInCode();
    // The code without the password is no sign-in.
    expect(await login({ email: owner.email, password: "", emailCode: code }, newDevice)).toMatchObject({
      success: false,
      errCode: errCodes.validation,
    });
    // A wrong code with the right password: refused as a wrong code, the password never weighed.
    expect(await login({ ...owner, emailCode: otherThan(code) }, newDevice)).toMatchObject({
      success: false,
      errCode: errCodes.codeWrong,
    });
    // Wrong passwords with the right code: each refused, each a wrong try of that code…
    const wrongs: Answer[] = [];
    for (let i = 0; i < 5; i++)
      wrongs.push(await login({ email: owner.email, password: `Wrong${i}xx`, emailCode: code }, newDevice));
    expect(wrongs.map((a) => a.errCode)).toEqual(Array(5).fill(errCodes.badCredentials));
    // …so after a handful the code is used up, even with the right password.
    expect(await login({ ...owner, emailCode: code }, newDevice)).toMatchObject({
      success: false,
      errCode: errCodes.codeExpired,
    });
    // A new code (after the resend wait) still lets the owner in.
    h.clock.advance(61);
    const next = await mailedSignInCode();
    expect(await login({ ...owner, emailCode: next }, newDevice)).toMatchObject({ success: true });
  }, 60_000);

  it("bounds a mailbox holder's wrong passwords across codes at the mailbox's budget (ten per 15 minutes)", async () => {
    await seedMerchant(h.db, owner);
    await strangersGuessPasswords();
    const answers: Answer[] = [];
    for (let round = 0; round < 3; round++) {
      const code = await mailedSignInCode();
      for (let i = 0; i < 5; i++)
        answers.push(await login({ email: owner.email, password: `Wrong${round}${i}xx`, emailCode: code }, newDevice));
      h.clock.advance(61);
    }
    const counts = answers.map((a) => a.errCode);
    // Five wrong passwords per code; ten at once, then one every 90 s: in these two minutes, eleven. The rest of the
    // third code's tries are refused before any password check.
    expect(counts.filter((c) => c === errCodes.badCredentials)).toHaveLength(11);
    expect(counts.slice(11)).toEqual(Array(4).fill(errCodes.rateLimited));
    // The mailbox's budget refills like the others': a quarter of an hour later the owner's next code works.
    h.clock.advance(900);
    const code = await mailedSignInCode();
    expect(await login({ ...owner, emailCode: code }, newDevice)).toMatchObject({ success: true });
  }, 60_000);

  it("keeps the per-address buckets: a stranger's address that used up its tries is refused even with a code", async () => {
    await seedMerchant(h.db, owner);
    const stranger = "203.0.113.9";
    // Ten wrong passwords for the account from one address (its bucket), then the mailbox's code from there.
    for (let i = 0; i < 10; i++) await login({ email: owner.email, password: `Guess${i}xx` }, stranger);
    expect((await sendSignInCode(stranger)).success).toBe(true);
    const code = lastCode(h, owner.email);
    expect(await login({ ...owner, emailCode: code }, stranger)).toMatchObject({
      status: 429,
      errCode: errCodes.rateLimited,
    });
  });

  it("lets a two-factor owner through to the challenge, and the TOTP works after strangers with the password filled wrong codes", async () => {
    const { userId } = await seedMerchant(h.db, owner);
    await seedTotp(h.db, { userId, recoveryCodes: ["abcde-fghij"] });
    // Strangers who know the password try wrong TOTP codes from many addresses, until the account's bucket refuses.
    const strangerAnswers: Answer[] = [];
    for (let i = 0; i < 40; i++) {
      const first = await login(owner, strangerAt(i));
      const challenge = secondFactorChallenge.safeParse(first.resData);
      if (!challenge.success) {
        strangerAnswers.push(first);
        continue;
      }
      strangerAnswers.push(
        await call(h, "secondFactor", {
          body: { challenge: challenge.data.challenge, code: wrongTotp() },
          ip: strangerAt(i),
        }),
      );
    }
    // Distributed guessing stays bounded: the strangers were stopped.
    expect(strangerAnswers.filter((a) => a.errCode === errCodes.twoFactorCodeWrong).length).toBeLessThanOrEqual(20);
    expect(strangerAnswers.some((a) => a.status === 429)).toBe(true);

    // The owner on a new device: the password alone is refused, the mailed code gets the challenge…
    expect((await login(owner, newDevice)).errCode).toBe(errCodes.signInNeedsMailCode);
    const code = await mailedSignInCode();
    const first = await login({ ...owner, emailCode: code }, newDevice);
    // …still a challenge: the mailbox does not stand in for the second factor…
    const challenge = secondFactorChallenge.parse(first.resData).challenge;
    expect(deviceCookieOf(first)).toBeNull();
    // …and the app's code completes the sign-in, on the challenge's own budget.
    const second = await call(h, "secondFactor", { body: { challenge, code: codeNow() }, ip: newDevice });
    expect(second, JSON.stringify(second)).toMatchObject({ status: 200, success: true });
    expect(deviceCookieOf(second)).not.toBeNull();
  }, 60_000);

  it("takes a valid recovery code at the second step whatever strangers filled", async () => {
    const { userId } = await seedMerchant(h.db, owner);
    await seedTotp(h.db, { userId, recoveryCodes: ["abcde-fghij"] });
    // The owner got a challenge; then strangers with the password fill the account's bucket with wrong codes.
    const challenge = secondFactorChallenge.parse((await login(owner, newDevice)).resData).challenge;
    for (let i = 0; i < 30; i++) {
      const first = await login(owner, strangerAt(i));
      const theirs = secondFactorChallenge.safeParse(first.resData);
      if (theirs.success)
        await call(h, "secondFactor", {
          body: { challenge: theirs.data.challenge, code: wrongTotp() },
          ip: strangerAt(i),
        });
    }
    expect(await call(h, "secondFactor", { body: { challenge, code: "abcde-fghij" }, ip: newDevice })).toMatchObject({
      success: true,
    });
  }, 60_000);
});

describe("turning two-factor off while strangers filled the account's wrong-code limit (TwoFactor/Disable)", () => {
  /** A stranger who has the password tries wrong TOTP codes from many addresses until the account's bucket refuses. */
  async function strangersFillTotpBucket() {
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) {
      const first = await login(owner, strangerAt(i));
      const challenge = secondFactorChallenge.safeParse(first.resData);
      answers.push(
        challenge.success
          ? await call(h, "secondFactor", {
              body: { challenge: challenge.data.challenge, code: wrongTotp() },
              ip: strangerAt(i),
            })
          : first,
      );
    }
    expect(answers.some((a) => a.status === 429)).toBe(true);
  }

  it("works with a valid recovery code", async () => {
    const m = await signedInMerchant(h, owner.email, owner.password);
    await seedTotp(h.db, { userId: m.userId, recoveryCodes: ["abcde-fghij"] });
    await strangersFillTotpBucket();
    const off = await call(h, "twoFactorDisable", { token: m.token, body: { code: "abcde-fghij" }, ip: newDevice });
    expect(off, JSON.stringify(off)).toMatchObject({ success: true });
  }, 60_000);

  it("works with the app's current code in the owner's own session", async () => {
    const m = await signedInMerchant(h, owner.email, owner.password);
    await seedTotp(h.db, { userId: m.userId, recoveryCodes: ["abcde-fghij"] });
    await strangersFillTotpBucket();
    const off = await call(h, "twoFactorDisable", { token: m.token, body: { code: codeNow() }, ip: newDevice });
    expect(off, JSON.stringify(off)).toMatchObject({ success: true });
  }, 60_000);

  it("leaves the application step-up working: the mailed code with the app's current code, in the owner's session", async () => {
    const m = await signedInMerchant(h, owner.email, owner.password);
    await seedTotp(h.db, { userId: m.userId, recoveryCodes: ["abcde-fghij"] });
    const app = await seedApplication(h.db, { userId: m.userId });
    await strangersFillTotpBucket();
    await seedCode(h.db, { email: m.email, purpose: "application", code: "246810" });
    const body = { email: m.email, code: "246810", type: "application", appCode: app.appCode, action: "credentials" };
    const checked = await call(h, "checkCode", {
      token: m.token,
      body: { ...body, totpCode: codeNow() },
      ip: newDevice,
    });
    expect(checked, JSON.stringify(checked)).toMatchObject({ success: true, resData: { valid: true } });
  }, 60_000);

  it("counts a wrong recovery code, in the session's own budget", async () => {
    const m = await signedInMerchant(h, owner.email, owner.password);
    await seedTotp(h.db, { userId: m.userId, recoveryCodes: ["abcde-fghij"] });
    // A stranger holding another session of the account (stolen), trying recovery codes in it.
    const stolen = "stolen-session-token";
    await seedSession(h.db, { userId: m.userId, token: stolen });
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        await call(h, "twoFactorDisable", { token: stolen, body: { code: `zzzzz-zzzz${"abcdefghijkl"[i]}` } }),
      );
    expect(answers.slice(0, 10).map((a) => a.errCode)).toEqual(Array(10).fill(errCodes.twoFactorCodeWrong));
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429]);
    // The owner's own session is not held back by the other session's wrong codes.
    expect((await call(h, "twoFactorDisable", { token: m.token, body: { code: codeNow() } })).success).toBe(true);
  });
});
