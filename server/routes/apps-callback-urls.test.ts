import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { application, appListResult } from "../../contracts/schemas/apps.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { HostResolver } from "../domain/callbacks/callback-target.ts";
import {
  call,
  createHarness,
  type Harness,
  type HarnessOptions,
  type Merchant,
  reset,
  signedInMerchant,
} from "../testing/harness.ts";
import { seedAppProof, seedPaidOrder } from "../testing/seed.ts";

/** DNS as these tests see it; every name asked for is recorded. */
const asked: string[] = [];
const dns: HostResolver = async (hostname) => {
  asked.push(hostname);
  const answers: Record<string, string[]> = {
    "shop.example.com": ["93.184.215.14"],
    "loopback.example.com": ["127.0.0.1"],
    "intranet.example.com": ["10.0.0.5"],
    "metadata.example.com": ["169.254.169.254"],
    "mapped.example.com": ["::ffff:127.0.0.1"],
    "split.example.com": ["93.184.215.14", "192.168.1.10"],
  };
  const found = answers[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return found;
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ callbackTargets: { allowPrivate: false, resolve: dns } });
});
afterAll(() => h?.close());
beforeEach(async () => {
  asked.length = 0;
  await reset(h);
});

const fields = (overrides: Record<string, string> = {}) => ({
  name: "Shop",
  address: "https://shop.example.com",
  rechargeCallbackUrl: "https://shop.example.com/recharge",
  withdrawCallbackUrl: "https://shop.example.com/withdraw",
  ...overrides,
});

const forbiddenUrls = [
  "https://loopback.example.com/recharge",
  "https://intranet.example.com/recharge",
  "http://metadata.example.com/latest/meta-data/",
  "https://mapped.example.com/recharge",
  "https://split.example.com/recharge",
  "http://127.0.0.1:8080/recharge",
  "http://[::1]/recharge",
  "http://169.254.169.254/latest/meta-data/",
];

async function merchant(harness: Harness = h): Promise<Merchant> {
  const m = await signedInMerchant(harness, "merchant@example.com");
  await seedPaidOrder(harness.db, { userId: m.userId, packageCode: "pro", product: "Devnet" });
  return m;
}

const appCount = async (harness: Harness = h) =>
  Number(
    (
      await harness.db
        .selectFrom("applications")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("callback URLs refused when saved (App/Add, App/Edit): no server-side request forgery", () => {
  it("App/Add refuses a recharge or withdraw callback URL resolving to a forbidden address (2408): nothing is written", async () => {
    const m = await merchant();
    for (const url of forbiddenUrls)
      for (const field of ["rechargeCallbackUrl", "withdrawCallbackUrl"]) {
        const answer = await call(h, "appAdd", { token: m.token, body: fields({ [field]: url }) });
        expect(answer, `${field} ${url}`).toMatchObject({ success: false, errCode: errCodes.appCallbackForbidden });
        expect(answer.errMsg).toContain(field === "rechargeCallbackUrl" ? "recharge" : "withdraw");
        // The answer never says where an internal name points.
        expect(answer.errMsg).not.toMatch(/127\.0|10\.0\.0|169\.254|192\.168|::/);
      }
    expect(await appCount()).toBe(0);
  });

  it("App/Add refuses a callback URL holding a user name or password, saying to remove them: nothing is written", async () => {
    const m = await merchant();
    for (const url of [
      "https://shopuser:s3cret@shop.example.com/recharge",
      "https://shopuser@shop.example.com/recharge",
      "http://:s3cret@shop.example.com/recharge",
    ])
      for (const field of ["rechargeCallbackUrl", "withdrawCallbackUrl"]) {
        const answer = await call(h, "appAdd", { token: m.token, body: fields({ [field]: url }) });
        expect(answer, `${field} ${url}`).toMatchObject({ success: false, errCode: errCodes.validation });
        expect(answer.errMsg).toContain("Remove the user name and password");
        expect(answer.errMsg).toContain(field);
      }
    // An @ in the path or the query is no credential.
    const atInPath = await call(h, "appAdd", {
      token: m.token,
      body: fields({ rechargeCallbackUrl: "https://shop.example.com/hooks/@shop?by=a@b" }),
    });
    expect(atInPath, JSON.stringify(atInPath)).toMatchObject({ success: true });
    expect(await appCount()).toBe(1);
  });

  it("App/Add accepts a public host, and a host that does not resolve (the check when sending is the guard)", async () => {
    const m = await merchant();
    const added = await call(h, "appAdd", { token: m.token, body: fields() });
    expect(added, JSON.stringify(added)).toMatchObject({ success: true });
    const unresolved = await call(h, "appAdd", {
      token: m.token,
      body: fields({ name: "Later", withdrawCallbackUrl: "https://not-yet.example.com/withdraw" }),
    });
    expect(unresolved, JSON.stringify(unresolved)).toMatchObject({ success: true });
    expect(asked).toContain("not-yet.example.com");
    const listed = appListResult.parse((await call(h, "appList", { token: m.token, body: {} })).resData);
    expect(listed.total).toBe(2);
  });

  it("App/Edit refuses a forbidden callback URL (2408) before the proof: the application is unchanged, the proof unspent", async () => {
    const m = await merchant();
    const app = application.parse((await call(h, "appAdd", { token: m.token, body: fields() })).resData);
    await seedAppProof(h.db, { userId: m.userId, appCode: app.appCode, action: "edit", proof: "edit-proof" });
    for (const url of forbiddenUrls) {
      const answer = await call(h, "appEdit", {
        token: m.token,
        body: { appCode: app.appCode, proof: "edit-proof", ...fields({ withdrawCallbackUrl: url }) },
      });
      expect(answer, url).toMatchObject({ success: false, errCode: errCodes.appCallbackForbidden });
    }
    const row = await h.db
      .selectFrom("applications")
      .selectAll()
      .where("app_code", "=", app.appCode)
      .executeTakeFirst();
    expect(row).toMatchObject({
      recharge_callback_url: "https://shop.example.com/recharge",
      withdraw_callback_url: "https://shop.example.com/withdraw",
    });
    const edited = await call(h, "appEdit", {
      token: m.token,
      body: { appCode: app.appCode, proof: "edit-proof", ...fields({ name: "Renamed" }) },
    });
    expect(edited, JSON.stringify(edited)).toMatchObject({ success: true, resData: { name: "Renamed" } });
  });
});

describe("where private callback targets are allowed", () => {
  async function withHarness(options: HarnessOptions, work: (other: Harness) => Promise<void>) {
    const other = await createHarness(options);
    try {
      await work(other);
    } finally {
      await other.close();
    }
  }

  it("a test server resolves nothing when saving (its receivers listen on loopback)", async () => {
    await withHarness({ callbackTargets: { allowPrivate: true, resolve: dns } }, async (testServer) => {
      const m = await merchant(testServer);
      const answer = await call(testServer, "appAdd", {
        token: m.token,
        body: fields({ rechargeCallbackUrl: "https://loopback.example.com/recharge" }),
      });
      expect(answer, JSON.stringify(answer)).toMatchObject({ success: true });
      expect(asked).toEqual([]);
    });
  });

  it("never in production, whatever is asked for", async () => {
    await withHarness({ production: true, callbackTargets: { allowPrivate: true, resolve: dns } }, async (prod) => {
      const m = await merchant(prod);
      const answer = await call(prod, "appAdd", {
        token: m.token,
        body: fields({ rechargeCallbackUrl: "https://loopback.example.com/recharge" }),
      });
      expect(answer).toMatchObject({ success: false, errCode: errCodes.appCallbackForbidden });
      expect(await appCount(prod)).toBe(0);
    });
  });
});
