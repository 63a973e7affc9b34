import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loginResult } from "../../contracts/schemas/auth.ts";
import { exchangeGoogleCode, nonceHash, verifyGoogleIdToken } from "../domain/identity/google-identity.ts";
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
  testGoogleClientId,
  testGoogleClientSecret,
} from "../testing/google-idp.ts";
import { call, createHarness, type Harness, lastCode, reset } from "../testing/harness.ts";
import { seedMerchant } from "../testing/seed.ts";

let idp: TestIdentityProvider;
let h: Harness;
beforeAll(async () => {
  idp = await startTestIdentityProvider();
  h = await createHarness({ google: idp.settings, limits: { loginFailuresPerIp: { max: 4, seconds: 900 } } });
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});
beforeEach(() => reset(h));

/** The raw nonce the front end keeps; the tokens below carry its SHA-256, as Google's button puts it in. */
const browserNonce = "bR0wser-n0nce-0f-22-characters-or-more";
const token: TestIdentityProvider["idToken"] = (claims, signing) =>
  idp.idToken({ nonce: nonceHash(browserNonce), ...claims }, signing);
const googleLogin = async (credential: string, ip?: string, nonce = browserNonce) =>
  call(h, "googleLogin", { body: { credential, nonce }, ip });
const merchantByEmail = (email: string) =>
  h.db.selectFrom("merchants").selectAll().where("email", "=", email).executeTakeFirst();

describe("Login/GoogleLogin (ID token)", () => {
  it("registers a new merchant from a verified Google account and signs them in", async () => {
    const answer = await googleLogin(await token({ email: "New.Shop@Example.com", name: "New Shop" }));
    expect(answer).toMatchObject({ status: 200, success: true, errCode: "0" });
    const result = loginResult.parse(answer.resData);
    expect(result).toMatchObject({
      email: "new.shop@example.com",
      nickName: "New Shop",
      language: "en-US",
      avatar: "",
    });
    expect((await call(h, "lastLogin", { token: result.accessToken })).success).toBe(true);
    const row = await merchantByEmail("new.shop@example.com");
    expect(row?.google_sub).toBe("110000000000000000001");
    // As a merchant registered by e-mail: the welcome message, and the first-login todo.
    const kinds = await h.db
      .selectFrom("messages")
      .select("kind")
      .where("merchant_id", "=", result.userId)
      .orderBy("kind")
      .execute();
    expect(kinds.map((m) => m.kind)).toEqual(["firstApplication", "welcome"]);
    // No password opens this account until the merchant sets one through "forgot password".
    expect(
      (await call(h, "login", { body: { email: "new.shop@example.com", password: row?.password_hash ?? "" } })).errCode,
    ).toBe("2006");
  });

  // Issue 25, finding 8: a second, different Google account (sub) with the same verified e-mail signed in as the merchant.
  it("does not sign a second Google account with the merchant's verified e-mail in: the link is pinned to the first one's sub", async () => {
    const first = loginResult.parse(
      (await googleLogin(await token({ email: "pinned@example.com", sub: "g-owner" }))).resData,
    );
    const second = await googleLogin(await token({ email: "pinned@example.com", sub: "g-stranger" }));
    expect(second).toMatchObject({ status: 200, success: true, resData: { email: "pinned@example.com" } });
    expect(second.resData).not.toHaveProperty("accessToken");
    expect(second.resData.linkTicket).toMatch(/^[\w-]{43}$/);
    const sessions = await h.db
      .selectFrom("sessions")
      .select("token_hash")
      .where("merchant_id", "=", first.userId)
      .execute();
    expect(sessions).toHaveLength(1);
    expect((await merchantByEmail("pinned@example.com"))?.google_sub).toBe("g-owner");
    // The owner's own Google account still signs straight in.
    const again = await googleLogin(await token({ email: "pinned@example.com", sub: "g-owner" }));
    expect(again.resData).toMatchObject({ userId: first.userId, accessToken: expect.any(String) });
  });

  it("links a Google account to a password account only with that account's password, then keeps the profile", async () => {
    const { userId } = await seedMerchant(h.db, {
      email: "shop@example.com",
      password: "Merchant7Pass",
      nickName: "Shop",
      language: "ja-JP",
    });
    const challenge = await googleLogin(await token({ email: "shop@example.com", sub: "g-42" }));
    expect(challenge.resData).toEqual({ linkTicket: expect.any(String), email: "shop@example.com" });
    expect((await merchantByEmail("shop@example.com"))?.google_sub).toBeNull();
    const { linkTicket } = challenge.resData;
    expect(await call(h, "googleLink", { body: { linkTicket, password: "Wrong7Password" } })).toMatchObject({
      success: false,
      errCode: "2006",
    });
    const linked = await call(h, "googleLink", { body: { linkTicket, password: "Merchant7Pass" } });
    expect(linked.resData).toMatchObject({ userId, email: "shop@example.com", nickName: "Shop", language: "ja-JP" });
    expect((await call(h, "lastLogin", { token: linked.resData.accessToken })).success).toBe(true);
    // A ticket links once.
    expect((await call(h, "googleLink", { body: { linkTicket, password: "Merchant7Pass" } })).errCode).toBe("2105");
    // The security log has the refused proof and the link.
    const events = await h.db
      .selectFrom("security_events")
      .select(["kind", "outcome"])
      .where("merchant_id", "=", userId)
      .where("kind", "=", "googleLink")
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { kind: "googleLink", outcome: "failure" },
      { kind: "googleLink", outcome: "success" },
    ]);
    // Later the Google account's e-mail changes: the account id still finds the merchant.
    const renamed = await googleLogin(await token({ email: "renamed@example.com", sub: "g-42" }));
    expect(renamed.resData.userId).toBe(userId);
    expect(await merchantByEmail("renamed@example.com")).toBeUndefined();
    // The password keeps working.
    expect((await call(h, "login", { body: { email: "shop@example.com", password: "Merchant7Pass" } })).success).toBe(
      true,
    );
  });

  it("links with a code mailed for the purpose link instead of the password; a reset code does not do", async () => {
    const { userId } = await seedMerchant(h.db, { email: "coded@example.com", password: "Merchant7Pass" });
    const { linkTicket } = (await googleLogin(await token({ email: "coded@example.com", sub: "g-coded" }))).resData;
    expect((await call(h, "sendCode", { body: { email: "coded@example.com", type: "reset" } })).success).toBe(true);
    const resetCode = lastCode(h, "coded@example.com");
    expect((await call(h, "googleLink", { body: { linkTicket, code: resetCode } })).errCode).toBe("2003");
    h.clock.advance(61);
    expect(
      (await call(h, "sendCode", { body: { email: "coded@example.com", type: "link", linkTicket } })).success,
    ).toBe(true);
    expect(h.mails.at(-1)?.text).toContain("link your Google account");
    const linked = await call(h, "googleLink", { body: { linkTicket, code: lastCode(h, "coded@example.com") } });
    expect(linked.resData).toMatchObject({ userId });
    expect((await merchantByEmail("coded@example.com"))?.google_sub).toBe("g-coded");
  });

  it("refuses an expired link ticket with 2105", async () => {
    await seedMerchant(h.db, { email: "late@example.com", password: "Merchant7Pass" });
    const { linkTicket } = (await googleLogin(await token({ email: "late@example.com", sub: "g-late" }))).resData;
    h.clock.advance(601);
    expect(await call(h, "googleLink", { body: { linkTicket, password: "Merchant7Pass" } })).toMatchObject({
      success: false,
      errCode: "2105",
    });
    expect((await merchantByEmail("late@example.com"))?.google_sub).toBeNull();
  });

  it("gives one session per ID token: the same token again is refused with 2102", async () => {
    const credential = await token({ email: "once@example.com", sub: "g-once" });
    expect((await googleLogin(credential)).success).toBe(true);
    expect(await googleLogin(credential, "10.7.7.7")).toMatchObject({ success: false, errCode: "2102" });
    const merchant = await merchantByEmail("once@example.com");
    const sessions = await h.db
      .selectFrom("sessions")
      .select("token_hash")
      .where("merchant_id", "=", merchant?.id ?? "0")
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it("takes an ID token only with the nonce of the browser that asked Google for it", async () => {
    const credential = await token({ email: "nonce@example.com", sub: "g-nonce" });
    // A token taken from a page or a log, played by someone without the browser's raw nonce.
    expect((await googleLogin(credential, undefined, "an0ther-n0nce-of-22-characters")).errCode).toBe("2102");
    expect((await googleLogin(await idp.idToken({ email: "nonce@example.com", sub: "g-nonce" }))).errCode).toBe("2102");
    expect(await merchantByEmail("nonce@example.com")).toBeUndefined();
    expect((await googleLogin(credential)).success).toBe(true);
  });

  it("takes the nickname from the e-mail when the token has no name", async () => {
    const answer = await googleLogin(await token({ email: "noname@example.com", name: undefined, sub: "g-noname" }));
    expect(answer.resData.nickName).toBe("noname");
  });

  // Issue 25, finding 9: Google's name skipped the request-string rules: a NUL gave a 500, ESC, BEL and RLO became the
  // nickname other screens show.
  it("takes Google's name only when it keeps the request-string rules: a NUL, ESC, BEL or RLO gives the e-mail's nickname", async () => {
    for (const [who, name] of [
      ["nul", "Evil\u0000Name"],
      ["esc", "\u001b[31mRed Shop"],
      ["bel", "Ding\u0007"],
      ["rlo", "Shop\u202egnp.exe"],
      ["lone", "Half \ud800 pair"],
    ] as const) {
      const answer = await googleLogin(await token({ email: `${who}@example.com`, name, sub: `g-${who}` }));
      expect(answer, who).toMatchObject({ status: 200, success: true });
      expect(answer.resData.nickName, who).toBe(who);
      expect((await merchantByEmail(`${who}@example.com`))?.nick_name, who).toBe(who);
    }
    // A long name is cut at the nickname's 40 characters, never inside a pair (no lone surrogate is stored).
    const long = await googleLogin(
      await token({ email: "long@example.com", name: `a${"😀".repeat(30)}`, sub: "g-long" }),
    );
    expect(long.resData.nickName).toBe(`a${"😀".repeat(19)}`);
    // Ordinary names in any script, emoji with joiners included, are kept.
    const kept = await googleLogin(
      await token({ email: "kept@example.com", name: "  山田商店 👩‍💻  ", sub: "g-kept" }),
    );
    expect(kept.resData.nickName).toBe("山田商店 👩‍💻");
  });

  it("refuses an e-mail with control characters in the token with 2102, not a 500", async () => {
    const answer = await googleLogin(await token({ email: "a\u0000b@example.com", sub: "g-nul-mail" }));
    expect(answer).toMatchObject({ status: 200, success: false, errCode: "2102" });
  });

  it.each([
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 3720 }, {}],
    ["another audience", { aud: "someone-else.apps.googleusercontent.com" }, {}],
    // Issue 25, finding 8: azp was not checked.
    [
      "another authorised party",
      { aud: [testGoogleClientId, "other.apps.googleusercontent.com"], azp: "other.apps.googleusercontent.com" },
      {},
    ],
    ["another issuer", { iss: "https://accounts.example.com" }, {}],
    ["a signature by another key", {}, { key: "stranger" as const }],
    ["an unknown key id", {}, { kid: "no-such-key" }],
    ["an HS256 token keyed with Google's public key", {}, { alg: "HS256" as const }],
    ["no e-mail", { email: undefined }, {}],
  ])("refuses %s with 2102 and writes no merchant", async (_, claims, signing) => {
    const answer = await googleLogin(await token(claims, signing));
    expect(answer).toMatchObject({
      status: 200,
      success: false,
      errCode: "2102",
      errMsg: "The Google sign-in could not be verified",
      resData: null,
    });
    expect(await merchantByEmail("google.merchant@example.com")).toBeUndefined();
  });

  it("refuses an unsigned token (alg none), with or without bytes where the signature goes", async () => {
    const unsigned = await token({}, { alg: "none" });
    expect(unsigned.endsWith(".")).toBe(true);
    expect((await googleLogin(unsigned)).success).toBe(false);
    expect(await googleLogin(`${unsigned}c2lnbmF0dXJl`)).toMatchObject({ success: false, errCode: "2102" });
    expect(await merchantByEmail("google.merchant@example.com")).toBeUndefined();
  });

  it("accepts the issuer without scheme, as Google also writes it", async () => {
    expect((await googleLogin(await token({ iss: "accounts.google.com" }))).success).toBe(true);
  });

  it("refuses a token that expires while the server's clock moves on", async () => {
    const credential = await token();
    h.clock.advance(3600 + 31);
    expect((await googleLogin(credential)).errCode).toBe("2102");
  });

  it("refuses an unverified e-mail with 2103", async () => {
    const answer = await googleLogin(await token({ email_verified: false }));
    expect(answer).toMatchObject({
      success: false,
      errCode: "2103",
      errMsg: "The e-mail of this Google account is not verified",
    });
    expect(await merchantByEmail("google.merchant@example.com")).toBeUndefined();
  });

  it("refuses a tampered token", async () => {
    const [header, , signature] = (await token()).split(".");
    const forged = Buffer.from(
      JSON.stringify({
        iss: "https://accounts.google.com",
        aud: testGoogleClientId,
        sub: "x",
        email: "evil@example.com",
        email_verified: true,
        exp: 9999999999,
        iat: 1,
      }),
    ).toString("base64url");
    expect((await googleLogin(`${header}.${forged}.${signature}`)).errCode).toBe("2102");
  });

  it("limits failed attempts per IP", async () => {
    const bad = await token({ aud: "wrong" });
    for (let i = 0; i < 4; i++) expect((await googleLogin(bad, "10.9.9.9")).errCode).toBe("2102");
    expect(await googleLogin(await token(), "10.9.9.9")).toMatchObject({ status: 429, errCode: "2005" });
    expect((await googleLogin(await token(), "10.9.9.10")).success).toBe(true);
  });

  it("validates the body like any endpoint", async () => {
    expect(await call(h, "googleLogin", { body: { credential: "not a jwt" } })).toMatchObject({
      status: 400,
      errCode: "1001",
    });
  });
});

describe("Login/GoogleCode (popup code flow)", () => {
  it("exchanges the code with the client secret and signs the merchant in", async () => {
    idp.issueCode("4/code-ok", { email: "code.shop@example.com", sub: "g-code" });
    const answer = await call(h, "googleCode", { body: { code: "4/code-ok" } });
    expect(answer).toMatchObject({ success: true, resData: { email: "code.shop@example.com" } });
    const form = idp.tokenRequests.at(-1);
    expect(Object.fromEntries(form ?? [])).toEqual({
      code: "4/code-ok",
      client_id: testGoogleClientId,
      client_secret: "test-client-secret",
      redirect_uri: "postmessage",
      grant_type: "authorization_code",
    });
  });

  it("refuses a code Google does not know (or one used already) with 2102", async () => {
    idp.issueCode("4/once", {});
    expect((await call(h, "googleCode", { body: { code: "4/once" } })).success).toBe(true);
    expect((await call(h, "googleCode", { body: { code: "4/once" } })).errCode).toBe("2102");
  });

  it("verifies the ID token the exchange returns", async () => {
    idp.issueCode("4/unverified", { email_verified: false });
    expect((await call(h, "googleCode", { body: { code: "4/unverified" } })).errCode).toBe("2103");
  });
});

describe("without Google configured", () => {
  it("answers 2101 on both calls, and 2104 when Google cannot be reached", async () => {
    const off = await createHarness();
    const noSecret = await createHarness({ google: { ...idp.settings, clientSecret: null } });
    const down = await createHarness({
      google: { ...idp.settings, jwksUrl: "http://127.0.0.1:9/certs", tokenUrl: "http://127.0.0.1:9/token" },
    });
    try {
      const credential = await token();
      expect(await call(off, "googleLogin", { body: { credential, nonce: browserNonce } })).toMatchObject({
        status: 200,
        success: false,
        errCode: "2101",
      });
      expect((await call(off, "googleCode", { body: { code: "x" } })).errCode).toBe("2101");
      expect((await call(noSecret, "googleCode", { body: { code: "x" } })).errMsg).toContain("GOOGLE_CLIENT_SECRET");
      expect((await call(noSecret, "googleLogin", { body: { credential, nonce: browserNonce } })).success).toBe(true);
      expect(await call(down, "googleLogin", { body: { credential, nonce: browserNonce } })).toMatchObject({
        status: 502,
        errCode: "2104",
      });
      expect((await call(down, "googleCode", { body: { code: "x" } })).errCode).toBe("2104");
    } finally {
      await Promise.all([off.close(), noSecret.close(), down.close()]);
    }
  }, 60_000);
});

describe("calls to Google", () => {
  it("follow no redirect: a JWKS or token endpoint answering 302 is unreachable, and where it points gets nothing", async () => {
    // Fresh providers: their JWKS URLs are new to the server's key-set cache, so the keys must really be fetched.
    const [moved, trap] = await Promise.all([startTestIdentityProvider(), startTestIdentityProvider()]);
    try {
      const credential = await moved.idToken();
      moved.redirectTo(trap.settings.jwksUrl);
      expect(await verifyGoogleIdToken(moved.settings, credential, new Date())).toMatchObject({
        ok: false,
        reason: "unreachable",
      });
      expect(trap.jwksFetches()).toBe(0);
      moved.redirectTo(trap.settings.tokenUrl);
      trap.issueCode("4/redirected");
      const exchanged = await exchangeGoogleCode(
        { ...moved.settings, clientSecret: testGoogleClientSecret },
        "4/redirected",
      );
      expect(exchanged).toMatchObject({ ok: false, reason: "unreachable" });
      expect(trap.tokenRequests).toEqual([]);
    } finally {
      await Promise.all([moved.close(), trap.close()]);
    }
  });
});
