import { randomBytes, scryptSync } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lastLoginResult, loginResult, registerResult } from "../../contracts/schemas/auth.ts";
import { userProfile } from "../../contracts/schemas/user.ts";
import { seedCode, seedMerchant } from "../testing/seed.ts";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    limits: { loginFailuresPerAccountIp: { max: 3, seconds: 900 }, loginFailuresPerIp: { max: 5, seconds: 900 } },
  });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const login = (email: string, password: string, ip?: string) => call(h, "login", { body: { email, password }, ip });

describe("Login/Login", () => {
  it("answers a token and the merchant, whatever the e-mail's case", async () => {
    const { userId } = await seedMerchant(h.db, {
      email: "shop@example.com",
      password: "Merchant7Pass",
      nickName: "Shop",
      language: "zh-CN",
    });
    const answer = await login("  Shop@Example.COM ", "Merchant7Pass");
    expect(answer).toMatchObject({ status: 200, success: true, errCode: "0" });
    expect(loginResult.parse(answer.resData)).toMatchObject({
      userId,
      email: "shop@example.com",
      language: "zh-CN",
      nickName: "Shop",
      avatar: "",
    });
    expect(answer.resData.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lastLogin = await call(h, "lastLogin", { token: answer.resData.accessToken });
    expect(lastLogin.success).toBe(true);
  });

  it("upgrades an old hash at the next successful sign-in", async () => {
    const { userId } = await seedMerchant(h.db, { email: "old@example.com", password: "Merchant7Pass" });
    const salt = randomBytes(16);
    const key = scryptSync("Merchant7Pass", salt, 32, { N: 2 ** 11, r: 8, p: 1 });
    const legacy = ["scrypt", 11, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    await h.db.updateTable("merchants").set({ password_hash: legacy }).where("id", "=", userId).execute();
    expect((await login("old@example.com", "Wrong7Pass")).errCode).toBe("2006");
    expect((await h.db.selectFrom("merchants").select("password_hash").executeTakeFirstOrThrow()).password_hash).toBe(
      legacy,
    );
    expect((await login("old@example.com", "Merchant7Pass")).success).toBe(true);
    const upgraded = (await h.db.selectFrom("merchants").select("password_hash").executeTakeFirstOrThrow())
      .password_hash;
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect((await login("old@example.com", "Merchant7Pass")).success).toBe(true);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    await seedMerchant(h.db, { email: "shop@example.com", password: "Merchant7Pass" });
    const wrong = await login("shop@example.com", "Secret124");
    const unknown = await login("nobody@example.com", "Merchant7Pass");
    for (const answer of [wrong, unknown]) {
      expect(answer).toMatchObject({
        status: 200,
        success: false,
        errCode: "2006",
        errMsg: "Wrong e-mail or password",
        resData: null,
      });
    }
  });

  it("limits failed logins per account from one address, and a success there clears the count", async () => {
    await seedMerchant(h.db, { email: "shop@example.com", password: "Merchant7Pass" });
    await login("shop@example.com", "nope1");
    await login("shop@example.com", "nope2");
    expect((await login("shop@example.com", "Merchant7Pass")).success).toBe(true);
    for (let i = 0; i < 3; i++) expect((await login("shop@example.com", "nope")).errCode).toBe("2006");
    const limited = await login("shop@example.com", "Merchant7Pass");
    expect(limited).toMatchObject({ status: 429, success: false, errCode: "2005" });
    expect(limited.errMsg).toMatch(/try again in \d+ minutes/);
    h.clock.advance(901);
    expect((await login("shop@example.com", "Merchant7Pass")).success).toBe(true);
  });

  it("limits failed logins per IP across e-mails", async () => {
    for (let i = 0; i < 5; i++) expect((await login(`who${i}@example.com`, "x", "10.0.0.9")).errCode).toBe("2006");
    expect((await login("who9@example.com", "x", "10.0.0.9")).errCode).toBe("2005");
    expect((await login("who9@example.com", "x", "10.0.0.10")).errCode).toBe("2006");
  });
});

describe("Login/CheckLastLogin", () => {
  it("answers the login before the current one", async () => {
    const { userId } = await seedMerchant(h.db, { email: "shop@example.com", password: "Merchant7Pass" });
    const first = await login("shop@example.com", "Merchant7Pass", "10.1.1.1");
    const none = await call(h, "lastLogin", { token: first.resData.accessToken });
    expect(lastLoginResult.parse(none.resData)).toEqual({ userId, lastLoginAt: null, lastLoginIp: null });
    const firstAt = h.clock.now().getTime();
    h.clock.advance(60);
    const second = await login("shop@example.com", "Merchant7Pass", "10.2.2.2");
    const previous = await call(h, "lastLogin", { token: second.resData.accessToken });
    expect(previous.resData.userId).toBe(userId);
    expect(previous.resData.lastLoginIp).toBe("10.1.1.1");
    expect(Math.abs(Date.parse(previous.resData.lastLoginAt) - firstAt)).toBeLessThan(1000);
  });
});

describe("Login/Logout", () => {
  it("revokes the presented token only", async () => {
    const a = await signedInMerchant(h);
    const other = await login(a.email, a.password);
    const out = await call(h, "logout", { token: a.token, query: { uid: a.userId } });
    expect(out).toMatchObject({ status: 200, success: true, resData: null });
    expect(await call(h, "lastLogin", { token: a.token })).toMatchObject({
      status: 401,
      errCode: "4010",
      errMsg: "Not logged in",
    });
    expect((await call(h, "logout", { token: a.token, query: { uid: a.userId } })).status).toBe(401);
    expect((await call(h, "lastLogin", { token: other.resData.accessToken })).success).toBe(true);
  });
});

describe("Register/Register", () => {
  const form = (email: string, code: string) => ({
    email,
    code,
    password: "Merchant7Pass",
    repeatPassword: "Merchant7Pass",
  });

  it("creates the merchant with a consumed code, then the merchant can sign in", async () => {
    await seedCode(h.db, { email: "new@example.com", purpose: "register", code: "123456" });
    const answer = await call(h, "register", { body: form("New@Example.com", "123456") });
    expect(answer).toMatchObject({ status: 200, success: true });
    expect(registerResult.parse(answer.resData)).toEqual({ userId: "100001", email: "new@example.com" });
    const signedIn = await login("new@example.com", "Merchant7Pass");
    expect(signedIn.resData.nickName).toBe("new");
    const again = await call(h, "register", { body: form("new@example.com", "123456") });
    expect(again).toMatchObject({ success: false, errCode: "2001", errMsg: "E-mail already exists" });
    const row = await h.db.selectFrom("merchants").select("password_hash").executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(row.password_hash).not.toContain("Merchant7Pass");
  });

  it("refuses a wrong code, counting the try, and a code already used", async () => {
    await seedCode(h.db, { email: "new@example.com", purpose: "register", code: "123456" });
    expect(await call(h, "register", { body: form("new@example.com", "654321") })).toMatchObject({
      errCode: "2002",
      errMsg: "Verification code is wrong",
    });
    // A seeded code was asked for from no address: every try is a stranger's.
    const attempts = await h.db
      .selectFrom("verification_codes")
      .select(["attempts", "stranger_attempts"])
      .executeTakeFirstOrThrow();
    expect(attempts).toEqual({ attempts: 0, stranger_attempts: 1 });
    expect((await call(h, "register", { body: form("new@example.com", "123456") })).success).toBe(true);
    await h.db.deleteFrom("merchants").execute();
    expect(await call(h, "register", { body: form("new@example.com", "123456") })).toMatchObject({ errCode: "2003" });
  });

  it("refuses a common password before using the code", async () => {
    await seedCode(h.db, { email: "new@example.com", purpose: "register", code: "123456" });
    const common = { email: "new@example.com", code: "123456", password: "Qwerty123", repeatPassword: "Qwerty123" };
    expect(await call(h, "register", { body: common })).toMatchObject({
      status: 200,
      errCode: "2009",
      errMsg: "This password is too common, please choose another one",
    });
    expect((await call(h, "register", { body: form("new@example.com", "123456") })).success).toBe(true);
  });

  it("does not take a reset code for a registration", async () => {
    await seedCode(h.db, { email: "new@example.com", purpose: "reset", code: "123456" });
    expect((await call(h, "register", { body: form("new@example.com", "123456") })).errCode).toBe("2003");
  });
});

describe("what an account holds", () => {
  it("takes a passphrase of 128 characters, spaces and any script, and refuses 129", async () => {
    const passphrase = `Correct horse Battery staple 7 — ключ 鑰匙 ${"x".repeat(128)}`.slice(0, 128);
    await seedCode(h.db, { email: "long@example.com", purpose: "register", code: "123456" });
    const body = { email: "long@example.com", code: "123456", password: passphrase, repeatPassword: passphrase };
    const tooLong = `${passphrase}y`;
    expect((await call(h, "register", { body: { ...body, password: tooLong, repeatPassword: tooLong } })).success).toBe(
      false,
    );
    expect(await call(h, "register", { body })).toMatchObject({ success: true });
    expect(await login("long@example.com", passphrase)).toMatchObject({ success: true });
    expect(await login("long@example.com", passphrase.slice(0, 127))).toMatchObject({ success: false });
  });

  it("answers only the fields of its schema: no hash, Google subject or address", async () => {
    await seedMerchant(h.db, { email: "shop@example.com", password: "Merchant7Pass", nickName: "Shop" });
    await h.db.updateTable("merchants").set({ google_sub: "google-subject-1" }).execute();
    const signedIn = await login("shop@example.com", "Merchant7Pass", "198.51.100.7");
    expect(Object.keys(signedIn.resData).sort()).toEqual(Object.keys(loginResult.shape).sort());
    const profile = await call(h, "userInfo", {
      token: signedIn.resData.accessToken,
      query: { id: signedIn.resData.userId },
    });
    expect(Object.keys(profile.resData).sort()).toEqual(Object.keys(userProfile.shape).sort());
    for (const answer of [signedIn, profile])
      expect(JSON.stringify(answer)).not.toMatch(/argon2|google-subject-1|198\.51\.100\.7/);
  });

  it("ends every session of a deleted merchant", async () => {
    await seedMerchant(h.db, { email: "gone@example.com", password: "Merchant7Pass" });
    const tokens = [
      (await login("gone@example.com", "Merchant7Pass")).resData.accessToken,
      (await login("gone@example.com", "Merchant7Pass")).resData.accessToken,
    ];
    expect((await call(h, "menu", { token: tokens[0] })).status).toBe(200);
    await h.db.deleteFrom("merchants").where("email", "=", "gone@example.com").execute();
    for (const token of tokens) expect((await call(h, "menu", { token })).status).toBe(401);
    expect(await h.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
  });
});
