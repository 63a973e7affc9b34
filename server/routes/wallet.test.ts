import { getAddress } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { userWalletResult } from "../../contracts/schemas/wallet.ts";
import { call, createHarness, type Harness, reset, rowCounts, signedInMerchant } from "../testing/harness.ts";
import { configuredChain, type StubChainLayer, stubChainLayer } from "../testing/stub-chain.ts";

let h: Harness;
let chain: StubChainLayer;
/** Devnet has a deposit factory (merchants' forwarders), Eth none. */
const factory = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
beforeAll(async () => {
  chain = stubChainLayer([
    configuredChain("Devnet", 31337, { depositFactory: factory }),
    configuredChain("Eth", 1, { confirmations: 12 }),
  ]);
  h = await createHarness({ chain });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const wallet = (token: string, product: string, body: object = {}) =>
  call(h, "userWallet", { token, params: { product }, body });

describe("wallet/{product}Client/GetUserWallet", () => {
  it("answers the merchant's one payment address: its own forwarder on a chain with a deposit factory, else its watch-only receiving address; the same every time", async () => {
    const m = await signedInMerchant(h);
    const first = await wallet(m.token, "Devnet");
    expect(first).toMatchObject({ status: 200, success: true });
    expect(userWalletResult.parse(first.resData)).toMatchObject({ product: "Devnet", currency: "USDT" });
    const address = first.resData.address;
    expect(address).toBe(getAddress(address));
    const forwarder = await h.db
      .selectFrom("deposit_addresses")
      .selectAll()
      .where("merchant_id", "=", m.userId)
      .executeTakeFirstOrThrow();
    expect(forwarder).toMatchObject({ address, application_id: null, chain_id: 31337, factory });
    const again = await wallet(m.token, "devnet", { currency: "usdt" });
    expect(again.resData).toEqual({ product: "devnet", address, currency: "USDT" });
    const eth = (await wallet(m.token, "ETH")).resData.address;
    const row = await h.db
      .selectFrom("receiving_addresses")
      .selectAll()
      .where("merchant_id", "=", m.userId)
      .executeTakeFirstOrThrow();
    expect(eth).toBe(row.address);
    expect(chain.addresses!.receivingAddress(row.address_index)).toBe(eth);
    expect(eth).not.toBe(address);
    // Reading the address sets up no wallet: the package's usage counts none.
    expect(await h.db.selectFrom("wallets").select("id").where("merchant_id", "=", m.userId).execute()).toEqual([]);
  });

  it("gives each merchant an address of its own", async () => {
    const a = await signedInMerchant(h, "a@example.com");
    const b = await signedInMerchant(h, "b@example.com");
    const [x, y] = await Promise.all([wallet(a.token, "Eth"), wallet(b.token, "Eth")]);
    expect(x.resData.address).not.toBe(y.resData.address);
  });

  it("answers 2207 for a product no chain is configured for, and refuses a currency the chain has no token for, writing nothing", async () => {
    const m = await signedInMerchant(h);
    const before = await rowCounts(h.db);
    expect(await wallet(m.token, "Tron")).toMatchObject({
      status: 200,
      success: false,
      errCode: errCodes.chainUnknown,
      resData: null,
    });
    expect(await wallet(m.token, "Devnet", { currency: "USDC" })).toMatchObject({
      status: 400,
      errCode: errCodes.validation,
      errMsg: "currency: Unknown currency",
    });
    expect(await rowCounts(h.db)).toEqual(before);
    expect(await h.db.selectFrom("receiving_addresses").select("address").execute()).toEqual([]);
  });

  it("refuses a product that is not a name and a path without the Client suffix", async () => {
    const m = await signedInMerchant(h);
    expect(await wallet(m.token, "1tron")).toMatchObject({
      status: 400,
      errCode: "1001",
      errMsg: "product: Unknown wallet product",
    });
    expect(await wallet(m.token, "Devnet", { currency: "US DT" })).toMatchObject({ status: 400, errCode: "1001" });
    const bare = await h.app.inject({
      method: "POST",
      url: "/api/wallet/Devnet/GetUserWallet",
      headers: { authorization: `Bearer ${m.token}` },
      payload: {},
    });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toMatchObject({ success: false, errCode: "4040" });
    const onlySuffix = await h.app.inject({
      method: "POST",
      url: "/api/wallet/Client/GetUserWallet",
      headers: { authorization: `Bearer ${m.token}` },
      payload: {},
    });
    expect(onlySuffix.statusCode).toBe(404);
    expect(await h.db.selectFrom("wallets").select("id").execute()).toHaveLength(0);
  });
});
