import type { Address } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signRequest } from "../../examples/open-api-client.ts";
import { openApiPrefix } from "../../contracts/open-api.ts";
import { type MyCurrencyListResult, myCurrencyListResult } from "../../contracts/schemas/currencies.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { subscriptionResult } from "../../contracts/schemas/subscription.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedPaidOrder } from "../testing/seed.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

const factory = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const devnetUsdt = "0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa" as Address;
const devnetUsdc = "0xBbBBbbBBbBbBbBbBbBbbbBbbBbbBBbbbbBBbBbbB" as Address;
const ethUsdt = "0xdAC17F958D2ee523a2206206994597C13D831ec7" as Address;

let h: Harness;
beforeAll(async () => {
  const chain = stubChainLayer([
    configuredChain("Devnet", 31337, {
      depositFactory: factory,
      tokens: [
        { symbol: "USDT", address: devnetUsdt, decimals: 6 },
        { symbol: "USDC", address: devnetUsdc, decimals: 6 },
      ],
    }),
    configuredChain("Eth", 1, {
      confirmations: 12,
      depositFactory: factory,
      tokens: [{ symbol: "USDT", address: ethUsdt, decimals: 6 }],
    }),
  ]);
  h = await createHarness({ chain });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

/** A merchant on `packageCode` (none: no package). */
async function merchant(packageCode: string | null, email = "merchant@example.com") {
  const m = await signedInMerchant(h, email);
  if (packageCode) await seedPaidOrder(h.db, { userId: m.userId, packageCode, product: "Devnet" });
  return m;
}

async function list(m: Merchant): Promise<MyCurrencyListResult> {
  const answer = await call(h, "myCurrencyList", { token: m.token });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
  return myCurrencyListResult.parse(answer.resData);
}

const set = (m: Merchant, chainId: number, contractAddress: string, accepted: boolean) =>
  call(h, "myCurrencySet", { token: m.token, body: { chainId, contractAddress, accepted } });

/** Each currency as "<chain> <symbol>", with "on" or "off". */
const shown = (result: MyCurrencyListResult) =>
  result.items.map((c) => `${c.chainName} ${c.symbol} ${c.accepted ? "on" : "off"}`);

const usage = async (m: Merchant) =>
  subscriptionResult.parse((await call(h, "subscription", { token: m.token })).resData).usage.currencies;

const rows = (m: Merchant) =>
  h.db.selectFrom("merchant_currencies").selectAll().where("merchant_id", "=", m.userId).orderBy("token").execute();

describe("My currencies (POST /api/MyCurrency/List, /api/MyCurrency/Set)", () => {
  it("before any choice, accepts the first tokens of the Currency list, as many as the package allows; the console home counts them", async () => {
    const none = await merchant(null, "none@example.com");
    const trial = await merchant("trial", "trial@example.com");
    const enterprise = await merchant("enterprise", "enterprise@example.com");
    const noneList = await list(none);
    expect(shown(noneList)).toEqual(["Devnet USDT off", "Devnet USDC off", "Ethereum USDT off"]);
    expect(noneList).toMatchObject({ limit: 0, acceptedCount: 0, defaulted: true });
    const trialList = await list(trial);
    expect(shown(trialList)).toEqual(["Devnet USDT on", "Devnet USDC off", "Ethereum USDT off"]);
    expect(trialList).toMatchObject({ limit: 1, acceptedCount: 1, defaulted: true });
    expect(trialList.items[0]).toEqual({
      name: "Test Tether USD",
      symbol: "USDT",
      contractAddress: devnetUsdt,
      decimals: 6,
      protocol: "ERC-20",
      chainName: "Devnet",
      chainId: 31337,
      accepted: true,
      held: false,
      credited: true,
    });
    // Only USDT is credited: USDC may be turned on, but the list says what arrives in it is not credited.
    expect(trialList.items.map((c) => `${c.chainName} ${c.symbol} ${c.credited}`)).toEqual([
      "Devnet USDT true",
      "Devnet USDC false",
      "Ethereum USDT true",
    ]);
    const enterpriseList = await list(enterprise);
    expect(shown(enterpriseList)).toEqual(["Devnet USDT on", "Devnet USDC on", "Ethereum USDT on"]);
    expect(enterpriseList).toMatchObject({ limit: null, acceptedCount: 3, defaulted: true });
    expect([await usage(none), await usage(trial), await usage(enterprise)]).toEqual([0, 1, 3]);
    // Nothing is written by reading.
    expect(await h.db.selectFrom("merchant_currencies").selectAll().execute()).toEqual([]);
  });

  it("the first change writes the default as the merchant's choice: exactly what is turned on counts from then on", async () => {
    const m = await merchant("basic");
    const changed = await set(m, 1, ethUsdt.toLowerCase(), false);
    expect(changed, JSON.stringify(changed)).toMatchObject({ success: true });
    const after = myCurrencyListResult.parse(changed.resData);
    expect(shown(after)).toEqual(["Devnet USDT on", "Devnet USDC on", "Ethereum USDT off"]);
    expect(after).toMatchObject({ limit: 5, acceptedCount: 2, defaulted: false });
    expect((await rows(m)).map((r) => [r.chain_id, r.token, r.accepted])).toEqual([
      ["31337", devnetUsdt.toLowerCase(), true],
      ["31337", devnetUsdc.toLowerCase(), true],
      ["1", ethUsdt.toLowerCase(), false],
    ]);
    expect(await usage(m)).toBe(2);
    // A larger package later changes nothing the merchant chose.
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "enterprise", product: "Devnet" });
    expect(shown(await list(m))).toEqual(["Devnet USDT on", "Devnet USDC on", "Ethereum USDT off"]);
    // The same change again is no change.
    expect(await set(m, 1, ethUsdt, false)).toMatchObject({ success: true });
    expect(await rows(m)).toHaveLength(3);
  });

  it("refuses turning one on past the package's limit, naming it and the upgrade; turning off is always allowed", async () => {
    const m = await merchant("trial");
    const refused = await set(m, 31337, devnetUsdc, true);
    expect(refused).toMatchObject({ success: false, errCode: errCodes.currencyLimitReached });
    expect(refused.errMsg).toBe(
      "Your package (Trial) allows 1 currency: upgrade it to accept more, or turn one off first",
    );
    // Refused, nothing changed: still the default.
    expect(await list(m)).toMatchObject({ acceptedCount: 1, defaulted: true });
    expect(await rows(m)).toEqual([]);

    expect(shown(myCurrencyListResult.parse((await set(m, 31337, devnetUsdt, false)).resData))).toEqual([
      "Devnet USDT off",
      "Devnet USDC off",
      "Ethereum USDT off",
    ]);
    expect(await usage(m)).toBe(0);
    expect(await set(m, 31337, devnetUsdc, true)).toMatchObject({ success: true });
    expect(await set(m, 1, ethUsdt, true)).toMatchObject({ errCode: errCodes.currencyLimitReached });
    // Turning the one accepted on again is no second one.
    expect(await set(m, 31337, devnetUsdc, true)).toMatchObject({ success: true });
    expect(shown(await list(m))).toEqual(["Devnet USDT off", "Devnet USDC on", "Ethereum USDT off"]);

    // Without an active package nothing can be turned on; off still can.
    const bare = await merchant(null, "bare@example.com");
    const noPackage = await set(bare, 31337, devnetUsdt, true);
    expect(noPackage).toMatchObject({ errCode: errCodes.currencyLimitReached });
    expect(noPackage.errMsg).toBe("Choose or renew a package to accept currencies");
    expect(await set(bare, 31337, devnetUsdt, false)).toMatchObject({ success: true });
  });

  it("a package that allows fewer holds what was turned on past its limit: the first in the list stay accepted, the rest wait for room", async () => {
    const m = await merchant("basic");
    expect(await set(m, 1, ethUsdt, true)).toMatchObject({ success: true });
    expect(shown(await list(m))).toEqual(["Devnet USDT on", "Devnet USDC on", "Ethereum USDT on"]);
    // The package ran out and a smaller one was bought (a downgrade while one runs is refused: order-upgrade.test.ts).
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "trial", product: "Devnet" });
    const smaller = await list(m);
    const held = (result: MyCurrencyListResult) => result.items.filter((c) => c.held).map((c) => c.symbol);
    expect(shown(smaller)).toEqual(["Devnet USDT on", "Devnet USDC off", "Ethereum USDT off"]);
    expect(held(smaller)).toEqual(["USDC", "USDT"]);
    expect(smaller).toMatchObject({ limit: 1, acceptedCount: 1, defaulted: false });
    expect(await usage(m)).toBe(1);
    // A held one is no room: turning it on is refused as past the limit.
    expect(await set(m, 1, ethUsdt, true)).toMatchObject({ errCode: errCodes.currencyLimitReached });
    // Turning the accepted one off makes room for the next held one, in the list's order.
    const after = myCurrencyListResult.parse((await set(m, 31337, devnetUsdt, false)).resData);
    expect(shown(after)).toEqual(["Devnet USDT off", "Devnet USDC on", "Ethereum USDT off"]);
    expect(held(after)).toEqual(["USDT"]);
    expect(after.items[0]?.held).toBe(false);
  });

  it("racing turn-ons of one merchant at its limit: one wins, the other is refused", async () => {
    const m = await merchant("trial");
    await set(m, 31337, devnetUsdt, false);
    const answers = await Promise.all([set(m, 31337, devnetUsdc, true), set(m, 1, ethUsdt, true)]);
    expect(answers.map((a) => a.errCode).sort()).toEqual([errCodes.ok, errCodes.currencyLimitReached].sort());
    expect((await list(m)).acceptedCount).toBe(1);
  });

  it("refuses a currency that is no token of a chain this server follows", async () => {
    const m = await merchant("enterprise");
    for (const [chainId, address] of [
      [56, ethUsdt],
      [31337, ethUsdt],
      [1, "0x0000000000000000000000000000000000000000"],
    ] as const) {
      const refused = await set(m, chainId, address, true);
      expect(refused, `${chainId} ${address}`).toMatchObject({ success: false, errCode: errCodes.currencyNotOffered });
      expect(refused.errMsg).toContain(`No token ${address} is offered on chain ${chainId}`);
    }
    expect(await rows(m)).toEqual([]);
  });
});

describe("the open API and My currencies", () => {
  async function withApp(packageCode: string | null, email?: string) {
    const m = await merchant(packageCode, email);
    const app = await seedApplication(h.db, { userId: m.userId });
    const send = async (method: "GET" | "POST", path: string, body?: string) => {
      const url = `http://pay.example${openApiPrefix}${path}`;
      const request = await signRequest({ method, url, headers: { host: "pay.example" }, body }, app);
      const response = await h.app.inject({
        method,
        url: `${openApiPrefix}${path}`,
        headers: request.headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      return { status: response.statusCode, ...response.json() };
    };
    const create = (endUserId: string, chain = "Devnet") =>
      send("POST", "/deposit-addresses", JSON.stringify({ endUserId, chain }));
    const read = (endUserId: string, chain = "Devnet") => send("GET", `/deposit-addresses/${endUserId}?chain=${chain}`);
    return { m, create, read };
  }

  it("refuses a deposit address on a chain whose currencies are all turned off, and still answers one made before", async () => {
    const { m, create, read } = await withApp("basic");
    const made = await create("customer-1");
    expect(made, JSON.stringify(made)).toMatchObject({ success: true });

    await set(m, 31337, devnetUsdt, false);
    // One of the chain's tokens is still on: addresses are made.
    expect(await create("customer-2")).toMatchObject({ success: true });
    await set(m, 31337, devnetUsdc, false);
    const refused = await create("customer-3");
    expect(refused).toMatchObject({ status: 403, success: false, errCode: errCodes.openApiCurrencyOff });
    expect(refused.errMsg).toBe(
      "USDT and USDC on Devnet are turned off in My currencies: turn one on to create deposit addresses",
    );
    // Made before: answered as it is, by the create and the read.
    expect(await create("customer-1")).toMatchObject({ success: true, resData: made.resData });
    expect(await read("customer-1")).toMatchObject({ success: true, resData: made.resData });

    await set(m, 31337, devnetUsdc, true);
    expect(await create("customer-3")).toMatchObject({ success: true });
  });

  it("refuses a deposit address on a chain whose currencies are held past a smaller package's limit, saying so", async () => {
    const { m, create } = await withApp("basic");
    expect(await set(m, 31337, devnetUsdt, false)).toMatchObject({ success: true });
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "trial", product: "Devnet" });
    // USDC on the devnet is within the trial's one currency; Eth's USDT is held.
    expect(await create("customer-1")).toMatchObject({ success: true });
    const refused = await create("customer-2", "Eth");
    expect(refused).toMatchObject({ status: 403, success: false, errCode: errCodes.openApiCurrencyOff });
    expect(refused.errMsg).toBe(
      "USDT on Eth is turned on past your package's currency limit (1): turn another currency off in My currencies or upgrade the package to create deposit addresses",
    );
  });

  it("names the one currency of a chain; the package's own refusals stay where they were", async () => {
    const { m, create, read } = await withApp("enterprise");
    expect(await create("customer-1", "Eth")).toMatchObject({ success: true });
    await set(m, 1, ethUsdt, false);
    const refused = await create("customer-2", "Eth");
    expect(refused).toMatchObject({ status: 403, errCode: errCodes.openApiCurrencyOff });
    expect(refused.errMsg).toBe("USDT on Eth is turned off in My currencies: turn it on to create deposit addresses");
    expect(await read("customer-1", "Eth")).toMatchObject({ success: true });
    expect(await create("customer-2")).toMatchObject({ success: true });

    // The trial's one currency on the devnet, moved to USDC: its addresses are made, and its wallet limit still counts.
    const trial = await withApp("trial", "trial@example.com");
    await set(trial.m, 31337, devnetUsdt, false);
    await set(trial.m, 31337, devnetUsdc, true);
    expect(await trial.create("customer-1")).toMatchObject({ success: true });
    expect(await trial.create("customer-2")).toMatchObject({ errCode: errCodes.openApiWalletLimit });
    // Without a package, that is what is said (there is nothing to turn on then).
    const bare = await withApp(null, "bare@example.com");
    expect(await bare.create("customer-1")).toMatchObject({ errCode: errCodes.openApiNoPackage });
  });
});
