import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkCodeResult } from "../../contracts/schemas/auth.ts";
import {
  appActions,
  appCredentials,
  application,
  verifiedWindowActions,
  verifiedWindowSeconds,
} from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { windowCovers } from "../domain/applications/verified-windows.ts";
import { pruneExpired } from "../wiring/prune-expired.ts";
import { defaultLimits } from "../domain/platform/limits.ts";
import {
  call,
  createHarness,
  type Harness,
  lastCode,
  type Merchant,
  reset,
  signedInMerchant,
} from "../testing/harness.ts";
import { appFields } from "../testing/app-fields.ts";
import { seedCode, seedPaidOrder, seedSession, seedTotp, testTotpCode } from "../testing/seed.ts";

/**
 * Issue 37, "the owner is not made to fetch a code per click": one application code checked in a session opens a
 * verified window (contracts/schemas/apps.ts, `verifiedWindowSeconds`) for that session and that application, in which
 * viewing the credentials, editing and rotating need no new code (server/domain/applications/verified-windows.ts).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

async function merchantWithApps(email: string, names = ["Shop"]) {
  const m = await signedInMerchant(h, email);
  await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet" });
  const apps: string[] = [];
  for (const name of names) {
    const answer = await call(h, "appAdd", { token: m.token, body: appFields(name) });
    expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
    apps.push(application.parse(answer.resData).appCode);
  }
  return { m, apps };
}

/** Another session of the same merchant (another browser or device). */
async function anotherSession(m: Merchant, label = "second"): Promise<Merchant> {
  const token = `${label}-session-${m.userId}`;
  await seedSession(h.db, { userId: m.userId, token });
  return { ...m, token };
}

const codeOf = "864213";

/** A code of type application checked the way the console checks it: in the merchant's session (its Bearer token). */
async function verifyInSession(
  m: Merchant,
  appCode: string,
  action: "edit" | "credentials" | "rotate" = "credentials",
) {
  await seedCode(h.db, { email: m.email, purpose: "application", code: codeOf });
  const answer = await call(h, "checkCode", {
    token: m.token,
    body: { email: m.email, code: codeOf, type: "application", appCode, action },
  });
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return checkCodeResult.parse(answer.resData);
}

const viewCredentials = (m: Merchant, appCode: string, proof?: string) =>
  call(h, "appCredentials", { token: m.token, body: { appCode, ...(proof ? { proof } : {}) } });
const edit = (m: Merchant, appCode: string, name: string) =>
  call(h, "appEdit", { token: m.token, body: { appCode, ...appFields(name) } });
const rotate = (m: Merchant, appCode: string) =>
  call(h, "appRotateSecret", { token: m.token, body: { appCode, graceWindow: "1h" } });

/** Inside the window an edit that moves nothing goes through; the secret is seen or rotated only with a fresh proof. */
const windowOpen = [errCodes.appProofRequired, errCodes.ok, errCodes.appProofRequired];
/** Once the window has ended, the edit says so (2407); the secret's calls never counted on it. */
const windowEnded = [errCodes.appProofRequired, errCodes.appProofExpired, errCodes.appProofRequired];

const errCodesOf = async (m: Merchant, appCode: string) => [
  (await viewCredentials(m, appCode)).errCode,
  (await edit(m, appCode, "Not allowed")).errCode,
  (await rotate(m, appCode)).errCode,
];

describe("the verified window: one code, then edits without another; the secret always takes its own", () => {
  it("after one code checked in the session, shows the credentials once and edits, but asks a fresh code to see them again or rotate", async () => {
    const { m, apps } = await merchantWithApps("owner@example.com");
    const [appCode] = apps as [string];
    expect((await call(h, "sendCode", { token: m.token, body: { email: m.email, type: "application" } })).success).toBe(
      true,
    );
    const code = lastCode(h, m.email);
    const check = await call(h, "checkCode", {
      token: m.token,
      body: { email: m.email, code, type: "application", appCode, action: "credentials" },
    });
    const checked = checkCodeResult.parse(check.resData);
    expect(checked).toMatchObject({
      valid: true,
      proofExpiresInSeconds: 300,
      verifiedForSeconds: verifiedWindowSeconds,
    });

    // The proof shows the credentials once; seeing them again, or rotating, takes a fresh code each time.
    const shown = await viewCredentials(m, appCode, checked.proof);
    expect(shown, JSON.stringify(shown)).toMatchObject({ success: true });
    const before = appCredentials.parse(shown.resData);
    h.clock.advance(120);
    expect((await viewCredentials(m, appCode)).errCode).toBe(errCodes.appProofRequired);
    expect((await viewCredentials(m, appCode, checked.proof)).errCode).toBe(errCodes.appProofExpired);
    const edited = await edit(m, appCode, "Renamed in the window");
    expect(edited, JSON.stringify(edited)).toMatchObject({ success: true, resData: { name: "Renamed in the window" } });
    h.clock.advance(120);
    expect((await rotate(m, appCode)).errCode).toBe(errCodes.appProofRequired);
    const fresh = await verifyInSession(m, appCode, "rotate");
    const rotated = await call(h, "appRotateSecret", {
      token: m.token,
      body: { appCode, graceWindow: "1h", proof: fresh.proof },
    });
    expect(rotated, JSON.stringify(rotated)).toMatchObject({ success: true });
    const after = appCredentials.parse(rotated.resData);
    expect(after.appSecret).not.toBe(before.appSecret);
    expect(after.previousSecretValidUntil).not.toBeNull();

    // Every view and rotation is in the security log, the refused ones too.
    const events = await h.db.selectFrom("security_events").select(["kind", "outcome"]).orderBy("id").execute();
    expect(events.filter((e) => e.kind.startsWith("app") && e.outcome === "success")).toEqual([
      { kind: "appCredentialsView", outcome: "success" },
      { kind: "appSecretRotate", outcome: "success" },
    ]);
  });

  it("takes the authenticator's code too when two-factor is on, and the window then covers the same edits", async () => {
    const { m, apps } = await merchantWithApps("totp@example.com");
    const [appCode] = apps as [string];
    await seedTotp(h.db, { userId: m.userId });
    await seedCode(h.db, { email: m.email, purpose: "application", code: codeOf });
    const body = { email: m.email, code: codeOf, type: "application", appCode, action: "edit" };
    const asked = await call(h, "checkCode", { token: m.token, body });
    expect(asked.errCode).toBe(errCodes.twoFactorRequired);
    expect(await errCodesOf(m, appCode)).toEqual(Array(3).fill(errCodes.appProofRequired));
    const checked = await call(h, "checkCode", { token: m.token, body: { ...body, totpCode: testTotpCode() } });
    expect(checkCodeResult.parse(checked.resData)).toMatchObject({ verifiedForSeconds: verifiedWindowSeconds });
    expect(await errCodesOf(m, appCode)).toEqual(windowOpen);
  });
});

describe("the window is this session's, on this application, for its length", () => {
  it("does not open for another application, another merchant or another session of the same merchant", async () => {
    const { m, apps } = await merchantWithApps("owner@example.com", ["One", "Two"]);
    const [one, two] = apps as [string, string];
    const { m: stranger, apps: strangerApps } = await merchantWithApps("stranger@example.com");
    const [strangersApp] = strangerApps as [string];
    const other = await anotherSession(m);
    const checked = await verifyInSession(m, one);
    expect(await errCodesOf(m, one)).toEqual(windowOpen);

    // Another application of the same merchant, in the same session: its own code.
    expect(await errCodesOf(m, two)).toEqual(Array(3).fill(errCodes.appProofRequired));
    // Another session of the same merchant: nothing, and the proof checked in the first session is refused there.
    expect(await errCodesOf(other, one)).toEqual(Array(3).fill(errCodes.appProofRequired));
    expect((await viewCredentials(other, one, checked.proof)).errCode).toBe(errCodes.appProofInvalid);
    // Another merchant: the owner's application is unknown to them, and their own needs their own code.
    expect((await viewCredentials(stranger, one)).errCode).toBe(errCodes.appNotFound);
    expect((await viewCredentials(stranger, one, checked.proof)).errCode).toBe(errCodes.appNotFound);
    expect(await errCodesOf(stranger, strangersApp)).toEqual(Array(3).fill(errCodes.appProofRequired));
    // The owner's window did not open the stranger's application to the owner either (another merchant's code).
    expect((await viewCredentials(m, strangersApp)).errCode).toBe(errCodes.appNotFound);
  });

  it("binds a proof checked in a session to it: another session of the merchant cannot spend it, the session itself can", async () => {
    const { m, apps } = await merchantWithApps("owner@example.com", ["One", "Two"]);
    const [one, two] = apps as [string, string];
    const other = await anotherSession(m);
    // The window the check opened is removed: only the proof can let a call through here.
    const checked = await verifyInSession(m, two, "credentials");
    await h.db.deleteFrom("application_verified_windows").execute();
    expect((await viewCredentials(other, two, checked.proof)).errCode).toBe(errCodes.appProofInvalid);
    expect((await viewCredentials(m, two, checked.proof)).success).toBe(true);
    expect((await viewCredentials(m, one, checked.proof)).errCode).toBe(errCodes.appProofInvalid);
  });

  it("refuses once its length has passed (2407), until a new code opens it again", async () => {
    const { m, apps } = await merchantWithApps("owner@example.com");
    const [appCode] = apps as [string];
    h.clock.freeze();
    await verifyInSession(m, appCode);
    h.clock.advance(verifiedWindowSeconds - 1);
    expect((await edit(m, appCode, "Still inside")).success).toBe(true);
    h.clock.advance(1);
    expect(await errCodesOf(m, appCode)).toEqual(windowEnded);
    // Use did not extend it, and the session is still live: only the window ended.
    expect((await call(h, "appList", { token: m.token })).success).toBe(true);

    const renewed = await verifyInSession(m, appCode, "rotate");
    expect(renewed.verifiedForSeconds).toBe(verifiedWindowSeconds);
    expect(await errCodesOf(m, appCode)).toEqual(windowOpen);
  });

  it("ends at sign-out: signed in again, the merchant needs a new code", async () => {
    const { m, apps } = await merchantWithApps("owner@example.com");
    const [appCode] = apps as [string];
    await verifyInSession(m, appCode);
    expect((await call(h, "logout", { token: m.token, query: { uid: m.userId } })).success).toBe(true);
    expect((await viewCredentials(m, appCode)).status).toBe(401);
    const live = await h.db
      .selectFrom("application_verified_windows as w")
      .innerJoin("sessions as s", "s.token_hash", "w.session_hash")
      .where("s.revoked_at", "is", null)
      .select("w.application_id")
      .execute();
    expect(live).toEqual([]);
    const signedInAgain = await anotherSession(m, "next");
    expect(await errCodesOf(signedInAgain, appCode)).toEqual(Array(3).fill(errCodes.appProofRequired));
  });

  it("opens no window for a code checked without a session: its proof works once, as before", async () => {
    const { m, apps } = await merchantWithApps("owner@example.com");
    const [appCode] = apps as [string];
    await seedCode(h.db, { email: m.email, purpose: "application", code: codeOf });
    const answer = await call(h, "checkCode", {
      body: { email: m.email, code: codeOf, type: "application", appCode, action: "credentials" },
    });
    const checked = checkCodeResult.parse(answer.resData);
    expect(checked.verifiedForSeconds).toBeUndefined();
    expect((await viewCredentials(m, appCode, checked.proof)).success).toBe(true);
    expect(await errCodesOf(m, appCode)).toEqual(Array(3).fill(errCodes.appProofRequired));
  });

  it("refuses a check sent with another merchant's session, or with a token that names no live session", async () => {
    const { m, apps } = await merchantWithApps("owner@example.com");
    const [appCode] = apps as [string];
    const { m: stranger } = await merchantWithApps("stranger@example.com");
    await seedCode(h.db, { email: m.email, purpose: "application", code: codeOf });
    const body = { email: m.email, code: codeOf, type: "application", appCode, action: "credentials" };
    expect((await call(h, "checkCode", { token: stranger.token, body })).errCode).toBe(errCodes.appNotFound);
    expect(await call(h, "checkCode", { token: "no-such-session", body })).toMatchObject({
      status: 401,
      errCode: errCodes.notLoggedIn,
    });
    expect(await errCodesOf(stranger, appCode)).toEqual(Array(3).fill(errCodes.appNotFound));
    // Neither refusal used the owner's code up: it still opens the owner's window.
    expect((await call(h, "checkCode", { token: m.token, body })).success).toBe(true);
    expect(await errCodesOf(m, appCode)).toEqual(windowOpen);
  });
});

describe("what the window covers", () => {
  it("names its actions in one place: editing only, never viewing or rotating a secret (issue 67)", () => {
    expect([...verifiedWindowActions]).toEqual(["edit"]);
    for (const action of appActions)
      expect(windowCovers(action)).toBe((verifiedWindowActions as readonly string[]).includes(action));
  });

  it("is pruned a day after it ends", async () => {
    const { m, apps } = await merchantWithApps("owner@example.com");
    await verifyInSession(m, apps[0] as string);
    const prune = () => pruneExpired(h.db, h.clock.now(), defaultLimits);
    expect((await prune()).verifiedWindows).toBe(0);
    h.clock.advance(verifiedWindowSeconds + 86_401);
    expect((await prune()).verifiedWindows).toBe(1);
  });
});
