import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signRequest } from "../../examples/open-api-client.ts";
import { openApiPrefix } from "../../contracts/open-api.ts";
import { checkCodeResult } from "../../contracts/schemas/auth.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { toAtto, usdtText } from "../../contracts/money.ts";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedBalance, seedCode } from "../testing/seed.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

/**
 * Issue 67, finding 1, as the outside test ran it: with only a stolen console session, inside the verified window one
 * application code opened, the thief asked for the AppSecret, removed the application's approval limit by leaving its
 * field out of an edit, and had a signed open-API withdrawal pay an address never seen before. Each link holds on its
 * own here: even with the AppSecret (leaked some other way), nothing leaves.
 */
const host = "pay.example";
const devnet = configuredChain("Devnet", 31337);
const usdt = devnet.tokens[0]!;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    chain: stubChainLayer([devnet]),
    withdrawals: {
      tokens: [{ chainId: 31337, address: usdt.address, decimals: usdt.decimals, fee: toAtto("1") }],
      dailyLimit: toAtto("1000"),
      forbidden: new Set(),
      addressCooldownSeconds: 0,
    },
  });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

type App = Awaited<ReturnType<typeof seedApplication>>;

async function openApiWithdraw(app: App, to: string, amount: string) {
  const body = JSON.stringify({ chain: "devnet", to, amount });
  const url = `${openApiPrefix}/withdrawals`;
  const signed = await signRequest({ method: "POST", url: `http://${host}${url}`, headers: { host }, body }, app);
  const response = await h.app.inject({ method: "POST", url, headers: signed.headers, payload: body });
  return { status: response.statusCode, ...response.json() };
}

const limitOf = async (applicationId: string) =>
  usdtText(
    (
      await h.db
        .selectFrom("applications")
        .select("withdraw_auto_approve_limit")
        .where("id", "=", applicationId)
        .executeTakeFirstOrThrow()
    ).withdraw_auto_approve_limit,
  );

describe("a stolen console session inside the verified window", () => {
  it("gets no secret, no higher limit, no new callback URL, and no withdrawal to a new address", async () => {
    const owner = await signedInMerchant(h, "owner@example.com");
    await seedBalance(h.db, { userId: owner.userId, amount: "100" });
    const app = await seedApplication(h.db, { userId: owner.userId });
    await h.db
      .updateTable("applications")
      .set({ withdraw_auto_approve_limit: "0" })
      .where("id", "=", app.applicationId)
      .execute();
    // The owner checked one application code in this session a minute ago: the window is open.
    await seedCode(h.db, { email: owner.email, purpose: "application", code: "864213" });
    const check = await call(h, "checkCode", {
      token: owner.token,
      body: { email: owner.email, code: "864213", type: "application", appCode: app.appCode, action: "edit" },
    });
    expect(checkCodeResult.parse(check.resData).verifiedForSeconds).toBeGreaterThan(0);
    h.clock.advance(60);

    const thief = { token: owner.token };
    const secret = await call(h, "appCredentials", { ...thief, body: { appCode: app.appCode } });
    expect(secret, "the secret needs its own proof").toMatchObject({
      success: false,
      errCode: errCodes.appProofRequired,
    });
    expect(JSON.stringify(secret)).not.toContain(app.appSecret);
    const rotated = await call(h, "appRotateSecret", { ...thief, body: { appCode: app.appCode, graceWindow: "none" } });
    expect(rotated).toMatchObject({ success: false, errCode: errCodes.appProofRequired });

    const renamed = await call(h, "appEdit", { ...thief, body: { appCode: app.appCode, name: "Renamed" } });
    expect(renamed, "a harmless edit stays in the window").toMatchObject({ success: true });
    expect(await limitOf(app.applicationId), "a field left out is unchanged").toBe("0");
    const removed = await call(h, "appEdit", {
      ...thief,
      body: { appCode: app.appCode, withdrawAutoApproveLimit: "" },
    });
    expect(removed, "removing the limit needs a proof").toMatchObject({
      success: false,
      errCode: errCodes.appProofRequired,
    });
    const raised = await call(h, "appEdit", {
      ...thief,
      body: { appCode: app.appCode, withdrawAutoApproveLimit: "500" },
    });
    expect(raised).toMatchObject({ success: false, errCode: errCodes.appProofRequired });
    const rerouted = await call(h, "appEdit", {
      ...thief,
      body: { appCode: app.appCode, withdrawCallbackUrl: "https://thief.example.net/hook" },
    });
    expect(rerouted, "a new callback URL needs a proof").toMatchObject({
      success: false,
      errCode: errCodes.appProofRequired,
    });
    expect(await limitOf(app.applicationId)).toBe("0");

    const stranger = privateKeyToAddress(generatePrivateKey());
    const paid = await openApiWithdraw(app, stranger, "55");
    expect(paid, "an API key never adds a destination").toMatchObject({
      success: false,
      errCode: errCodes.withdrawalDestinationNotInBook,
    });
    const held = await h.db.selectFrom("withdrawals").select("id").where("merchant_id", "=", owner.userId).execute();
    expect(held).toEqual([]);
  });
});
