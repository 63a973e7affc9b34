import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { userWalletResult } from "../../contracts/schemas/wallet.ts";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
beforeEach(() => reset(h));

const wallet = (token: string, product: string, body: object = {}) => call(h, "userWallet", { token, params: { product }, body });

describe("wallet/{product}Client/GetUserWallet", () => {
  it("creates a Tron address once and answers it again", async () => {
    const m = await signedInMerchant(h);
    const first = await wallet(m.token, "Tron");
    expect(first).toMatchObject({ status: 200, success: true });
    expect(userWalletResult.parse(first.resData)).toMatchObject({ product: "Tron", currency: "USDT" });
    expect(first.resData.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const again = await wallet(m.token, "tron", { currency: "usdt" });
    expect(again.resData).toMatchObject({ address: first.resData.address, currency: "USDT", product: "tron" });
  });

  it("answers 0x addresses for EVM products, one per currency and merchant", async () => {
    const a = await signedInMerchant(h, "a@example.com");
    const b = await signedInMerchant(h, "b@example.com");
    const eth = await wallet(a.token, "Eth");
    expect(eth.resData.address).toMatch(/^0x[0-9a-f]{40}$/);
    const usdc = await wallet(a.token, "Eth", { currency: "USDC" });
    const bsc = await wallet(a.token, "Bsc");
    const other = await wallet(b.token, "Eth");
    const addresses = new Set([eth, usdc, bsc, other].map((x) => x.resData.address));
    expect(addresses.size).toBe(4);
    expect(await h.db.selectFrom("wallets").select("id").execute()).toHaveLength(4);
  });

  it("refuses a product that is not a name and a path without the Client suffix", async () => {
    const m = await signedInMerchant(h);
    expect(await wallet(m.token, "1tron")).toMatchObject({ status: 400, errCode: "1001", errMsg: "product: Unknown wallet product" });
    expect(await wallet(m.token, "Tron", { currency: "US DT" })).toMatchObject({ status: 400, errCode: "1001" });
    const bare = await h.app.inject({ method: "POST", url: "/api/wallet/Tron/GetUserWallet", headers: { authorization: `Bearer ${m.token}` }, payload: {} });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toMatchObject({ success: false, errCode: "4040" });
    const onlySuffix = await h.app.inject({ method: "POST", url: "/api/wallet/Client/GetUserWallet", headers: { authorization: `Bearer ${m.token}` }, payload: {} });
    expect(onlySuffix.statusCode).toBe(404);
    expect(await h.db.selectFrom("wallets").select("id").execute()).toHaveLength(0);
  });
});
