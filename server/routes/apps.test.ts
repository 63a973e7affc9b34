import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkCodeResult } from "../../contracts/schemas/auth.ts";
import { appCredentials, appListResult, application } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { subscriptionResult } from "../../contracts/schemas/subscription.ts";
import { liveSecretsOf, signingKeyOf } from "../domain/applications/app-secrets.ts";
import { liveWebhookSecretsOf, signedAsSent } from "../testing/callback-fixtures.ts";
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
import { seedAppProof, seedCode, seedPaidOrder, seedTotp, testServerSecret, testTotpCode } from "../testing/seed.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

async function merchantWithPackage(packageCode = "basic", email = "merchant@example.com", paidAt?: Date) {
  const m = await signedInMerchant(h, email);
  await seedPaidOrder(h.db, { userId: m.userId, packageCode, product: "Devnet", ...(paidAt ? { paidAt } : {}) });
  return m;
}

async function added(m: Merchant, name = "Shop") {
  const answer = await call(h, "appAdd", { token: m.token, body: appFields(name) });
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return application.parse(answer.resData);
}

const list = async (m: Merchant, body: object = {}) => {
  const answer = await call(h, "appList", { token: m.token, body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  return appListResult.parse(answer.resData);
};

const codeOf = "246810";

/** A proof the way the console gets one: a mailed code for the merchant's e-mail, checked with the application and action. */
async function proofFor(m: Merchant, appCode: string, action: "edit" | "credentials" | "rotate", totpCode?: string) {
  await seedCode(h.db, { email: m.email, purpose: "application", code: codeOf });
  const body = {
    email: m.email,
    code: codeOf,
    type: "application",
    appCode,
    action,
    ...(totpCode ? { totpCode } : {}),
  };
  const answer = await call(h, "checkCode", { body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
  const result = checkCodeResult.parse(answer.resData);
  expect(result).toMatchObject({ valid: true, proofExpiresInSeconds: 300 });
  return result.proof as string;
}

const credentials = async (m: Merchant, appCode: string, proof?: string) =>
  call(h, "appCredentials", { token: m.token, body: { appCode, ...(proof ? { proof } : {}) } });

const keysText = (keys: Buffer[] | null) => keys?.map((k) => k.toString("utf8")) ?? null;

describe("My applications: add, list, status (App/Add, App/List, App/SetStatus)", () => {
  it("adds the merchant's applications and lists them newest first, by status and a part of the name", async () => {
    const m = await merchantWithPackage("pro");
    const first = await added(m, "Alpha shop");
    expect(first).toMatchObject({ ...appFields("Alpha shop"), status: "normal" });
    expect(first.appCode).toMatch(/^\d{16}$/);
    h.clock.advance(1);
    const second = await added(m, "Beta 100%_shop");
    expect((await list(m)).items.map((a) => a.appCode)).toEqual([second.appCode, first.appCode]);
    expect(await list(m, { name: "alpha" })).toMatchObject({ total: 1, items: [{ appCode: first.appCode }] });
    expect((await list(m, { name: "%_" })).items.map((a) => a.appCode)).toEqual([second.appCode]);
    expect((await list(m, { name: "a%" })).total).toBe(0);
    const firstPage = await list(m, { pageSize: 1 });
    expect(firstPage).toMatchObject({ total: 2, items: [{ appCode: second.appCode }] });
    expect(await list(m, { pageSize: 1, cursor: firstPage.nextCursor })).toMatchObject({
      total: null,
      nextCursor: null,
      items: [{ appCode: first.appCode }],
    });

    const stopped = await call(h, "appSetStatus", {
      token: m.token,
      body: { appCode: first.appCode, status: "stopped" },
    });
    expect(stopped.resData).toMatchObject({ appCode: first.appCode, status: "stopped" });
    expect((await list(m, { status: "stopped" })).items.map((a) => a.appCode)).toEqual([first.appCode]);
    expect((await list(m, { status: "normal" })).items.map((a) => a.appCode)).toEqual([second.appCode]);
    const again = await call(h, "appSetStatus", { token: m.token, body: { appCode: first.appCode, status: "normal" } });
    expect(again.resData).toMatchObject({ status: "normal" });

    const usage = subscriptionResult.parse((await call(h, "subscription", { token: m.token })).resData).usage;
    expect(usage.applications).toBe(2);
  });

  it("refuses what does not fit the package: one more than its limit, no package, an expired one", async () => {
    const m = await merchantWithPackage("basic");
    for (const n of [1, 2, 3]) await added(m, `Shop ${n}`);
    const fourth = await call(h, "appAdd", { token: m.token, body: appFields("Shop 4") });
    expect(fourth).toMatchObject({ success: false, errCode: errCodes.appLimitReached });
    expect(fourth.errMsg).toContain("3 applications");
    expect((await list(m)).total).toBe(3);

    const none = await signedInMerchant(h, "none@example.com");
    expect((await call(h, "appAdd", { token: none.token, body: appFields("Shop") })).errCode).toBe(
      errCodes.appNoPackage,
    );
    const monthsAgo = new Date(Date.now() - 70 * 86_400_000);
    const expired = await merchantWithPackage("basic", "expired@example.com", monthsAgo);
    expect((await call(h, "appAdd", { token: expired.token, body: appFields("Shop") })).errCode).toBe(
      errCodes.appPackageExpired,
    );
    const enterprise = await merchantWithPackage("enterprise", "big@example.com");
    for (const n of [1, 2, 3, 4]) await added(enterprise, `Shop ${n}`);
  });

  it("lets only one of two adds racing for the package's last place through", async () => {
    const m = await merchantWithPackage("basic");
    await added(m, "Shop 1");
    await added(m, "Shop 2");
    const answers = await Promise.all(
      ["Shop 3", "Shop 4"].map((name) => call(h, "appAdd", { token: m.token, body: appFields(name) })),
    );
    expect(answers.map((a) => a.errCode).sort()).toEqual([errCodes.ok, errCodes.appLimitReached]);
    expect((await list(m)).total).toBe(3);
  });

  it("refuses addresses that are not http(s) and an unknown application code", async () => {
    const m = await merchantWithPackage();
    for (const address of ["ftp://shop.example.com", "javascript:alert(1)", "shop.example.com", "https://"]) {
      const answer = await call(h, "appAdd", { token: m.token, body: { ...appFields("Shop"), address } });
      expect(answer).toMatchObject({ status: 400, errCode: errCodes.validation });
      expect(answer.errMsg).toContain("address: Enter a web address starting with http:// or https://");
    }
    const unknown = await call(h, "appSetStatus", {
      token: m.token,
      body: { appCode: "2026010199999999", status: "stopped" },
    });
    expect(unknown.errCode).toBe(errCodes.appNotFound);
  });

  it("keeps a withdrawal auto-approve limit when one is given (none by default), and refuses one that is no amount", async () => {
    const m = await merchantWithPackage("pro");
    expect((await added(m, "Plain")).withdrawAutoApproveLimit).toBeNull();
    const limited = await call(h, "appAdd", {
      token: m.token,
      body: { ...appFields("Limited"), withdrawAutoApproveLimit: " 250.50 " },
    });
    expect(application.parse(limited.resData).withdrawAutoApproveLimit).toBe("250.5");
    for (const withdrawAutoApproveLimit of ["-1", "1e3", "ten", "1.0000000000000000001"]) {
      const answer = await call(h, "appAdd", {
        token: m.token,
        body: { ...appFields("Bad"), withdrawAutoApproveLimit },
      });
      expect(answer).toMatchObject({ status: 400, errCode: errCodes.validation });
      expect(answer.errMsg).toContain("withdrawAutoApproveLimit");
    }
    expect((await list(m)).items.map((a) => a.withdrawAutoApproveLimit)).toEqual(["250.5", null]);
  });
});

describe("edit, credentials and rotation need a proof (Register/CheckCaptchaCode, type application)", () => {
  it("mails a code for the merchant's e-mail, and answers a proof for the application and action", async () => {
    const m = await merchantWithPackage();
    const app = await added(m);
    expect((await call(h, "sendCode", { token: m.token, body: { email: m.email, type: "application" } })).success).toBe(
      true,
    );
    const code = lastCode(h, m.email);
    const check = await call(h, "checkCode", {
      body: { email: m.email, code, type: "application", appCode: app.appCode, action: "credentials" },
    });
    const { proof } = checkCodeResult.parse(check.resData);
    expect(proof).toMatch(/^[\w-]{43}$/);
    // The code is used up by the proof.
    const twice = await call(h, "checkCode", {
      body: { email: m.email, code, type: "application", appCode: app.appCode, action: "credentials" },
    });
    expect(twice.errCode).toBe(errCodes.codeExpired);
    const stored = await h.db.selectFrom("application_proofs").selectAll().executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(proof);

    const answer = await credentials(m, app.appCode, proof);
    const creds = appCredentials.parse(answer.resData);
    expect(creds).toMatchObject({ appCode: app.appCode, previousSecretValidUntil: null });
    expect(creds.appKey).toMatch(/^ak_[0-9A-Za-z]{24}$/);
    expect(creds.appSecret).toMatch(/^[\w-]{43}$/);
    expect(creds).toMatchObject({ previousWebhookSecretValidUntil: null });
    expect(creds.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(creds.webhookSecret.slice(6), "base64")).toHaveLength(32);
    const row = await h.db.selectFrom("applications").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(creds.appSecret);
    expect(JSON.stringify(row)).not.toContain(creds.webhookSecret.slice(6));
    expect(row.webhook_secret_sealed).toMatch(/^v1\./);
    // Single use.
    expect((await credentials(m, app.appCode, proof)).errCode).toBe(errCodes.appProofExpired);
  });

  it("refuses without a proof, and with a used, expired, other-action, other-application or other-merchant one", async () => {
    const m = await merchantWithPackage();
    const app = await added(m, "One");
    const other = await added(m, "Two");
    expect((await credentials(m, app.appCode)).errCode).toBe(errCodes.appProofRequired);
    expect((await credentials(m, app.appCode)).resData ?? null).toBeNull();
    const edit = await call(h, "appEdit", { token: m.token, body: { appCode: app.appCode, ...appFields("New") } });
    expect(edit.errCode).toBe(errCodes.appProofRequired);
    const rotate = await call(h, "appRotateSecret", {
      token: m.token,
      body: { appCode: app.appCode, graceWindow: "none" },
    });
    expect(rotate.errCode).toBe(errCodes.appProofRequired);

    const forEdit = await proofFor(m, app.appCode, "edit");
    expect((await credentials(m, app.appCode, forEdit)).errCode).toBe(errCodes.appProofInvalid);
    const forOther = await proofFor(m, other.appCode, "credentials");
    expect((await credentials(m, app.appCode, forOther)).errCode).toBe(errCodes.appProofInvalid);
    expect((await credentials(m, app.appCode, "made-up-proof")).errCode).toBe(errCodes.appProofInvalid);

    const b = await merchantWithPackage("basic", "bravo@example.com");
    await seedAppProof(h.db, { userId: b.userId, appCode: app.appCode, action: "credentials", proof: "bravo-proof" });
    expect((await credentials(m, app.appCode, "bravo-proof")).errCode).toBe(errCodes.appProofInvalid);

    // The refusals spent nothing: the edit proof still edits, once.
    const edited = await call(h, "appEdit", {
      token: m.token,
      body: { appCode: app.appCode, proof: forEdit, ...appFields("New") },
    });
    expect(edited.resData, JSON.stringify(edited)).toMatchObject({
      appCode: app.appCode,
      name: "New",
      remark: "New remark",
    });
    const reused = await call(h, "appEdit", {
      token: m.token,
      body: { appCode: app.appCode, proof: forEdit, ...appFields("X") },
    });
    expect(reused.errCode).toBe(errCodes.appProofExpired);

    const late = await proofFor(m, app.appCode, "credentials");
    h.clock.advance(301);
    expect((await credentials(m, app.appCode, late)).errCode).toBe(errCodes.appProofExpired);
  });

  it("spends a proof once when two calls race with it", async () => {
    const m = await merchantWithPackage();
    const app = await added(m);
    const proof = await proofFor(m, app.appCode, "credentials");
    const answers = await Promise.all([credentials(m, app.appCode, proof), credentials(m, app.appCode, proof)]);
    expect(answers.map((a) => a.errCode).sort()).toEqual([errCodes.ok, errCodes.appProofExpired]);
  });

  it("checks the code against the e-mail's merchant's own application, and takes the TOTP code when it is on", async () => {
    const a = await merchantWithPackage("basic", "alpha@example.com");
    const b = await merchantWithPackage("basic", "bravo@example.com");
    const aApp = await added(a);
    await seedCode(h.db, { email: b.email, purpose: "application", code: codeOf });
    const body = { email: b.email, code: codeOf, type: "application", appCode: aApp.appCode, action: "credentials" };
    expect((await call(h, "checkCode", { body })).errCode).toBe(errCodes.appNotFound);
    expect((await call(h, "checkCode", { body: { ...body, code: "000000" } })).errCode).toBe(errCodes.codeWrong);

    await seedTotp(h.db, { userId: a.userId });
    await seedCode(h.db, { email: a.email, purpose: "application", code: codeOf });
    const aBody = { ...body, email: a.email };
    expect((await call(h, "checkCode", { body: aBody })).errCode).toBe(errCodes.twoFactorRequired);
    const wrong = testTotpCode() === "000000" ? "111111" : "000000";
    expect((await call(h, "checkCode", { body: { ...aBody, totpCode: wrong } })).errCode).toBe(
      errCodes.twoFactorCodeWrong,
    );
    const proof = await proofFor(a, aApp.appCode, "credentials", testTotpCode());
    expect((await credentials(a, aApp.appCode, proof)).success).toBe(true);
    const missing = await call(h, "checkCode", { body: { email: a.email, code: codeOf, type: "application" } });
    expect(missing).toMatchObject({ status: 400, errCode: errCodes.validation });
    expect(missing.errMsg).toContain("appCode");
  });

  it("records each credentials view and rotation in the security log", async () => {
    const m = await merchantWithPackage();
    const app = await added(m);
    await credentials(m, app.appCode);
    await credentials(m, app.appCode, await proofFor(m, app.appCode, "credentials"));
    const proof = await proofFor(m, app.appCode, "rotate");
    await call(h, "appRotateSecret", { token: m.token, body: { appCode: app.appCode, proof, graceWindow: "1h" } });
    const events = await h.db.selectFrom("security_events").select(["kind", "outcome"]).orderBy("id").execute();
    expect(events).toEqual([
      { kind: "appCredentialsView", outcome: "failure" },
      { kind: "appCredentialsView", outcome: "success" },
      { kind: "appSecretRotate", outcome: "success" },
    ]);
  });
});

describe("secret rotation and the open API's keys (liveSecretsOf)", () => {
  it("keeps the old secret for the grace window chosen, and only for it; a stopped application has none", async () => {
    const m = await merchantWithPackage();
    const app = await added(m);
    const before = appCredentials.parse(
      (await credentials(m, app.appCode, await proofFor(m, app.appCode, "credentials"))).resData,
    );
    const { appKey } = before;
    const live = async (seconds = 0) =>
      keysText(await liveSecretsOf(h.db, appKey, new Date(h.clock.now().getTime() + seconds * 1000), testServerSecret));
    expect(await live()).toEqual([before.appSecret]);

    h.clock.freeze();
    const rotated = await call(h, "appRotateSecret", {
      token: m.token,
      body: { appCode: app.appCode, proof: await proofFor(m, app.appCode, "rotate"), graceWindow: "1h" },
    });
    const after = appCredentials.parse(rotated.resData);
    expect(after.appKey).toBe(appKey);
    expect(after.appSecret).not.toBe(before.appSecret);
    expect(after.previousSecretValidUntil).toBe(new Date(h.clock.now().getTime() + 3_600_000).toISOString());
    expect(await live()).toEqual([after.appSecret, before.appSecret]);
    expect(await live(3599)).toEqual([after.appSecret, before.appSecret]);
    expect(await live(3600)).toEqual([after.appSecret]);
    expect(await liveSecretsOf(h.db, "ak_unknown", h.clock.now(), testServerSecret)).toBeNull();
    expect(signingKeyOf(after.appSecret)).toEqual(Buffer.from(after.appSecret));

    const none = await call(h, "appRotateSecret", {
      token: m.token,
      body: { appCode: app.appCode, proof: await proofFor(m, app.appCode, "rotate"), graceWindow: "none" },
    });
    const third = appCredentials.parse(none.resData);
    expect(third.previousSecretValidUntil).toBeNull();
    expect(await live()).toEqual([third.appSecret]);

    await call(h, "appSetStatus", { token: m.token, body: { appCode: app.appCode, status: "stopped" } });
    expect(await live()).toBeNull();
  });
});

describe("the webhook secret: shown with the credentials, rotated apart from the AppSecret", () => {
  const rotate = async (m: Merchant, appCode: string, body: object) => {
    const answer = await call(h, "appRotateSecret", {
      token: m.token,
      body: { appCode, proof: await proofFor(m, appCode, "rotate"), ...body },
    });
    expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
    return appCredentials.parse(answer.resData);
  };
  const view = async (m: Merchant, appCode: string) =>
    appCredentials.parse((await credentials(m, appCode, await proofFor(m, appCode, "credentials"))).resData);

  it("rotates the webhook secret only when asked; the AppSecret's rotation leaves it as it was", async () => {
    const m = await merchantWithPackage();
    const app = await added(m);
    const first = await view(m, app.appCode);

    h.clock.freeze();
    const byDefault = await rotate(m, app.appCode, { graceWindow: "1h" });
    expect(byDefault.appSecret).not.toBe(first.appSecret);
    expect(byDefault).toMatchObject({ webhookSecret: first.webhookSecret, previousWebhookSecretValidUntil: null });

    const webhook = await rotate(m, app.appCode, { graceWindow: "24h", secret: "webhookSecret" });
    expect(webhook.webhookSecret).not.toBe(first.webhookSecret);
    expect(webhook.webhookSecret).toMatch(/^whsec_/);
    expect(webhook).toMatchObject({
      appSecret: byDefault.appSecret,
      previousSecretValidUntil: byDefault.previousSecretValidUntil,
      previousWebhookSecretValidUntil: new Date(h.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(await view(m, app.appCode)).toEqual(webhook);
    const row = await h.db.selectFrom("applications").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(first.webhookSecret.slice(6));
    expect(JSON.stringify(row)).not.toContain(webhook.webhookSecret.slice(6));

    const explicit = await rotate(m, app.appCode, { graceWindow: "none", secret: "appSecret" });
    expect(explicit.appSecret).not.toBe(webhook.appSecret);
    expect(explicit).toMatchObject({ webhookSecret: webhook.webhookSecret, previousSecretValidUntil: null });
    expect(explicit.previousWebhookSecretValidUntil).toBe(webhook.previousWebhookSecretValidUntil);
  });

  it("signs callbacks with both webhook secrets inside the grace window, and the old one no more after it", async () => {
    const m = await merchantWithPackage();
    const app = await added(m);
    const first = await view(m, app.appCode);
    const { id } = await h.db.selectFrom("applications").select("id").executeTakeFirstOrThrow();
    const live = (at: Date) => liveWebhookSecretsOf(h.db, id, at, testServerSecret);
    expect(await live(h.clock.now())).toEqual([first.webhookSecret]);
    // The standardwebhooks library checks the timestamp against the real clock: callbacks are signed now.
    const body = Buffer.from(JSON.stringify({ type: "deposit.credited", appCode: app.appCode }));
    const signNow = () => signedAsSent(h.db, id, { id: "evt_42", timestamp: new Date(), body }, testServerSecret);
    const verify = (secret: string, headers: object) =>
      new Webhook(secret).verify(body, headers as Record<string, string>);

    // Rotated now with an hour's grace: both sign until it ends, and only the new one from then on.
    const second = await rotate(m, app.appCode, { graceWindow: "1h", secret: "webhookSecret" });
    const inside = await signNow();
    expect(inside["webhook-signature"].split(" ")).toHaveLength(2);
    expect(verify(first.webhookSecret, inside)).toEqual(JSON.parse(body.toString()));
    expect(verify(second.webhookSecret, inside)).toEqual(JSON.parse(body.toString()));
    const graceEnd = new Date(second.previousWebhookSecretValidUntil ?? 0);
    expect(await live(new Date(graceEnd.getTime() - 1))).toEqual([second.webhookSecret, first.webhookSecret]);
    expect(await live(graceEnd)).toEqual([second.webhookSecret]);

    // The hour has passed (the window's end moved to a second ago, as the library verifies against the real clock).
    await h.db
      .updateTable("applications")
      .set({ previous_webhook_secret_valid_until: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    const afterGrace = await signNow();
    expect(afterGrace["webhook-signature"].split(" ")).toHaveLength(1);
    expect(verify(second.webhookSecret, afterGrace)).toEqual(JSON.parse(body.toString()));
    expect(() => verify(first.webhookSecret, afterGrace)).toThrow(/No matching signature/);
    const credentialsAfter = await view(m, app.appCode);
    expect(credentialsAfter).toMatchObject({
      webhookSecret: second.webhookSecret,
      previousWebhookSecretValidUntil: null,
    });
    // The AppSecret is untouched by all this, and signs no callback.
    expect(keysText(await liveSecretsOf(h.db, first.appKey, new Date(), testServerSecret))).toEqual([first.appSecret]);
    expect(() => verify(`whsec_${Buffer.from(first.appSecret).toString("base64")}`, inside)).toThrow();
  });
});

describe("an edit changes only what it names; what loosens money or callbacks takes a fresh proof (issue 67)", () => {
  const editOf = (m: Merchant, body: object) => call(h, "appEdit", { token: m.token, body });
  const stored = (appCode: string) =>
    h.db
      .selectFrom("applications")
      .select([
        "name",
        "remark",
        "recharge_callback_url",
        "withdraw_callback_url",
        "withdraw_auto_approve_limit",
        "withdraw_any_address_daily_limit",
      ])
      .where("app_code", "=", appCode)
      .executeTakeFirstOrThrow();

  it("leaves every field it does not name as it was", async () => {
    const m = await merchantWithPackage();
    const answer = await call(h, "appAdd", {
      token: m.token,
      body: { ...appFields("Shop"), withdrawAutoApproveLimit: "40" },
    });
    const { appCode } = application.parse(answer.resData);
    const before = await stored(appCode);
    const renamed = await editOf(m, { appCode, proof: await proofFor(m, appCode, "edit"), name: "Renamed" });
    expect(renamed, JSON.stringify(renamed)).toMatchObject({ success: true });
    expect(application.parse(renamed.resData)).toMatchObject({ name: "Renamed", withdrawAutoApproveLimit: "40" });
    expect(await stored(appCode)).toEqual({ ...before, name: "Renamed" });
  });

  it("refuses a loosening change without a fresh proof, even inside the session's verified window, and logs the one made", async () => {
    const m = await merchantWithPackage();
    const answer = await call(h, "appAdd", {
      token: m.token,
      body: { ...appFields("Shop"), withdrawAutoApproveLimit: "40" },
    });
    const { appCode } = application.parse(answer.resData);
    // The window, opened by a code checked in the session.
    await seedCode(h.db, { email: m.email, purpose: "application", code: codeOf });
    const body = { email: m.email, code: codeOf, type: "application", appCode, action: "edit" };
    expect((await call(h, "checkCode", { token: m.token, body })).success).toBe(true);
    const before = await stored(appCode);
    const loosening = [
      { withdrawAutoApproveLimit: "41" },
      { withdrawAutoApproveLimit: "" },
      { rechargeCallbackUrl: "https://elsewhere.example.com/recharge" },
      { withdrawCallbackUrl: "https://elsewhere.example.com/withdraw" },
      { withdrawAnyAddressDailyLimit: "10" },
    ];
    for (const change of loosening)
      expect(await editOf(m, { appCode, ...change }), JSON.stringify(change)).toMatchObject({
        success: false,
        errCode: errCodes.appProofRequired,
      });
    expect(await stored(appCode)).toEqual(before);
    // Tightening, and the same callback URL sent again, stay inside the window.
    const tightened = await editOf(m, { appCode, ...appFields("Shop"), withdrawAutoApproveLimit: "39.5" });
    expect(tightened, JSON.stringify(tightened)).toMatchObject({ success: true });
    // With a fresh proof each goes through, once: the proof is spent.
    const proof = await proofFor(m, appCode, "edit");
    const opened = await editOf(m, {
      appCode,
      proof,
      withdrawAnyAddressDailyLimit: "10",
      withdrawAutoApproveLimit: "",
    });
    expect(application.parse(opened.resData)).toMatchObject({
      withdrawAutoApproveLimit: null,
      withdrawAnyAddressDailyLimit: "10",
    });
    expect((await editOf(m, { appCode, proof, withdrawAnyAddressDailyLimit: "20" })).errCode).toBe(
      errCodes.appProofExpired,
    );
    // Turning "any address" off and lowering are not loosening.
    const closed = await editOf(m, { appCode, withdrawAnyAddressDailyLimit: "" });
    expect(application.parse(closed.resData).withdrawAnyAddressDailyLimit).toBeNull();
    const events = await h.db.selectFrom("security_events").select(["kind", "outcome"]).orderBy("id").execute();
    expect(events.filter((e) => e.kind === "appSensitiveEdit")).toEqual([
      { kind: "appSensitiveEdit", outcome: "success" },
    ]);
  });

  it("does not let App/Add turn on any-address withdrawals: only an edit with a proof does", async () => {
    const m = await merchantWithPackage();
    const answer = await call(h, "appAdd", {
      token: m.token,
      body: { ...appFields("Shop"), withdrawAnyAddressDailyLimit: "5" },
    });
    expect(answer).toMatchObject({ success: false, errCode: errCodes.validation });
  });
});
