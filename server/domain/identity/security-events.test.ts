import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type IdTokenClaims, startTestIdentityProvider, type TestIdentityProvider } from "../../testing/google-idp.ts";
import { call, createHarness, type Harness, reset } from "../../testing/harness.ts";
import { seedCode, seedMerchant } from "../../testing/seed.ts";
import { defaultLimits } from "../platform/limits.ts";
import { pruneExpired } from "../../wiring/prune-expired.ts";
import { nonceHash } from "./google-identity.ts";
import { recordSecurityEvent } from "./security-events.ts";

let h: Harness;
let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startTestIdentityProvider();
  h = await createHarness({
    google: idp.settings,
    limits: { loginFailuresPerAccountIp: { max: 2, seconds: 900 }, loginFailuresPerIp: { max: 3, seconds: 900 } },
  });
});
afterAll(async () => {
  await h?.close();
  await idp?.close();
});
beforeEach(() => reset(h));

const email = "owner@example.com";
const password = "Owner7Password";
const browser = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0";
const from = (ip: string) => ({ ip, headers: { "user-agent": browser } });

const signIn = (pass: string, ip = "198.51.100.4") =>
  call(h, "login", { body: { email, password: pass }, ...from(ip) });

/** Every row of the log, oldest first, as operators see it. */
const allEvents = () =>
  h.db
    .selectFrom("security_events")
    .select(["merchant_id", "kind", "outcome", "ip", "user_agent"])
    .orderBy("id")
    .execute();

describe("the security event log", () => {
  it("records sign-in failures, a refusal and a success with the merchant, address and browser, and no secret", async () => {
    const { userId } = await seedMerchant(h.db, { email, password });
    expect((await signIn("Wrong1Password")).errCode).toBe("2006");
    expect((await signIn("Wrong2Password")).errCode).toBe("2006");
    expect((await signIn("Wrong3Password")).status).toBe(429);
    expect((await signIn(password, "198.51.100.5")).success).toBe(true);
    expect(
      (await call(h, "login", { body: { email: "nobody@example.com", password }, ...from("192.0.2.9") })).errCode,
    ).toBe("2006");

    const events = await allEvents();
    const event = (outcome: string, ip: string, merchant: string | null = userId) => ({
      merchant_id: merchant,
      kind: "signIn",
      outcome,
      ip,
      user_agent: browser,
    });
    expect(events).toEqual([
      event("failure", "198.51.100.4"),
      event("failure", "198.51.100.4"),
      event("refused", "198.51.100.4"),
      event("success", "198.51.100.5"),
      event("failure", "192.0.2.9", null),
    ]);
    // No password, token, code or e-mail in any column of any row.
    const token = (await signIn(password, "198.51.100.5")).resData.accessToken as string;
    const stored = JSON.stringify(await h.db.selectFrom("security_events").selectAll().execute());
    for (const secret of ["Wrong1Password", password, token, email, "nobody@example.com"]) {
      expect(stored).not.toContain(secret);
    }
  });

  it("records a password change (and the other sessions ended), a sign-out and a reset, and shows them to the merchant", async () => {
    const { userId } = await seedMerchant(h.db, { email, password });
    const token = (await signIn(password)).resData.accessToken as string;
    await seedCode(h.db, { email, purpose: "change-password", code: "123456" });
    const change = (oldPassword: string) =>
      call(h, "updatePassword", {
        token,
        body: { oldPassword, code: "123456", password: "Fresh7Password", repeatPassword: "Fresh7Password" },
        ...from("198.51.100.6"),
      });
    expect((await change("Wrong7Password")).errCode).toBe("2007");
    expect((await change(password)).success).toBe(true);
    await seedCode(h.db, { email, purpose: "reset", code: "123456" });
    const resetForm = (code: string) => ({
      body: { email, code, password: "Other7Password", repeatPassword: "Other7Password" },
      ...from("198.51.100.7"),
    });
    expect((await call(h, "resetPassword", resetForm("654321"))).errCode).toBe("2002");
    const second = (await call(h, "login", { body: { email, password: "Fresh7Password" } })).resData.accessToken;
    expect((await call(h, "logout", { token: second, query: { uid: userId }, ...from("198.51.100.8") })).success).toBe(
      true,
    );
    expect((await call(h, "resetPassword", resetForm("123456"))).success).toBe(true);

    const activity = (await call(h, "login", { body: { email, password: "Other7Password" } })).resData.accessToken;
    const answer = await call(h, "securityActivity", { token: activity });
    expect(answer.success).toBe(true);
    const seen = (answer.resData.items as Array<{ kind: string; outcome: string; ip: string }>).map(
      ({ kind, outcome, ip }) => `${kind} ${outcome} ${ip}`,
    );
    // Newest first.
    expect(seen).toEqual([
      "signIn success 127.0.0.1",
      "passwordReset success 198.51.100.7",
      "sessionsRevoked success 198.51.100.7",
      "signOut success 198.51.100.8",
      "signIn success 127.0.0.1",
      "passwordReset failure 198.51.100.7",
      "sessionsRevoked success 198.51.100.6",
      "passwordChange success 198.51.100.6",
      "passwordChange failure 198.51.100.6",
      "signIn success 198.51.100.4",
    ]);
    expect(answer.resData.items[1]).toMatchObject({ userAgent: browser, at: expect.stringMatching(/^\d{4}-/) });
  });

  it("records Google sign-ins: a refused token (no merchant), a throttled address, a new merchant, a linked one", async () => {
    const nonce = "security-log-browser-nonce-0123456789";
    const idToken = (claims: IdTokenClaims = {}) => idp.idToken({ nonce: nonceHash(nonce), ...claims });
    const google = (credential: string, ip: string) =>
      call(h, "googleLogin", { body: { credential, nonce }, ...from(ip) });
    expect((await google(await idToken({ aud: "wrong" }), "192.0.2.20")).errCode).toBe("2102");
    const created = await google(await idToken({ email: "new@example.com", sub: "g-1" }), "192.0.2.21");
    const { userId } = await seedMerchant(h.db, { email, password });
    // A Google account with the merchant's e-mail links only with the merchant's password.
    const { linkTicket } = (await google(await idToken({ email, sub: "g-2" }), "192.0.2.22")).resData;
    const linked = await call(h, "googleLink", { body: { linkTicket, password }, ...from("192.0.2.22") });
    expect(linked.resData.userId).toBe(userId);
    for (let i = 0; i < 3; i++) await google(await idToken({ aud: "wrong" }), "192.0.2.23");
    expect((await google(await idToken(), "192.0.2.23")).status).toBe(429);
    const rows = (await allEvents()).map((e) => `${e.kind} ${e.outcome} ${e.ip} ${e.merchant_id ?? "-"}`);
    expect(rows).toEqual([
      "googleSignIn failure 192.0.2.20 -",
      `googleSignIn success 192.0.2.21 ${created.resData.userId}`,
      // The link signs the merchant in: one event, the link's.
      `googleLink success 192.0.2.22 ${userId}`,
      "googleSignIn failure 192.0.2.23 -",
      "googleSignIn failure 192.0.2.23 -",
      "googleSignIn failure 192.0.2.23 -",
      "googleSignIn refused 192.0.2.23 -",
    ]);
  });

  it("logs the first refusal of a flood from one address, not the repeats it answers from memory", async () => {
    for (let i = 0; i < 20; i++)
      await call(h, "login", {
        body: { email: `nobody${i}@example.com`, password: "Wrong7Password" },
        ...from("192.0.2.77"),
      });
    const rows = (await allEvents()).map((e) => `${e.kind} ${e.outcome}`);
    expect(rows.filter((row) => row === "signIn failure")).toHaveLength(3);
    expect(rows.filter((row) => row === "signIn refused")).toHaveLength(1);
  });

  it("cuts the browser's name and drops control characters from it", async () => {
    const { userId } = await seedMerchant(h.db, { email, password });
    await recordSecurityEvent(
      h.db,
      { ip: "192.0.2.1", userAgent: `Evil\u0000\u001b[31m\u202eAgent${"x".repeat(400)}`, now: h.clock.now() },
      "signIn",
      "failure",
      userId,
    );
    const [row] = await allEvents();
    expect(row?.user_agent).toBe(`Evil[31mAgent${"x".repeat(256 - "Evil[31mAgent".length)}`);
  });

  it("keeps events a year, then the prune removes them", async () => {
    const { userId } = await seedMerchant(h.db, { email, password });
    await signIn(password);
    const prune = () => pruneExpired(h.db, h.clock.now(), defaultLimits);
    h.clock.advance(364 * 86_400);
    expect((await prune()).securityEvents).toBe(0);
    h.clock.advance(2 * 86_400);
    expect((await prune()).securityEvents).toBe(1);
    expect(await allEvents()).toEqual([]);
    expect(userId).toBeTruthy();
  });
});
