import type { Kysely } from "kysely";
import type { Address } from "viem";
import type { ChainNode } from "../../chain/chain-node.ts";
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import {
  resetDatabase,
  seedApplication,
  seedBalance,
  seedDepositAddress,
  seedMerchant,
  seedSession,
} from "../../testing/seed.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { findSession } from "../identity/sessions.ts";
import { balanceText } from "../payments/balance.ts";
import { toAtto } from "../../../contracts/money.ts";
import { requestWithdrawal } from "./withdrawal-holds.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";
import { prepareWithdrawals } from "./withdrawal-jobs.ts";

let database: OpenedDatabase;
let db: Kysely<DB>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());
beforeEach(() => resetDatabase(db));

const treasury = privateKeyToAccount(generatePrivateKey());
const operator = privateKeyToAddress(generatePrivateKey());
const factory = privateKeyToAddress(generatePrivateKey());
const tokens = [privateKeyToAddress(generatePrivateKey()), privateKeyToAddress(generatePrivateKey())];

/** A chain whose factory names the treasury and the operator (the gas payer), as the deployed one does. */
const chain = {
  chainId: 31337,
  confirmations: 1,
  tokens: tokens.map((address) => ({ address, decimals: 6 })),
  depositFactory: factory,
  node: {
    reader: { operatorOf: async () => operator, treasuryOf: async () => treasury.address },
  } as unknown as ChainNode,
};
const settings = {
  treasury,
  fee: toAtto("1"),
  dailyLimit: toAtto("10000"),
  replaceAfterMs: 180_000,
  intervalMs: 10_000,
  addressCooldownSeconds: 0,
};

describe("prepareWithdrawals' forbidden destinations", () => {
  it("refuses the token contracts, the gas payer, the factory and the treasury as destinations (2803), holding nothing", async () => {
    const prepared = await prepareWithdrawals([chain], settings, currencyRegistry([]));
    const { userId } = await seedMerchant(db, { email: "own@example.com", password: "Secret123" });
    await seedBalance(db, { userId, amount: "10" });
    await seedSession(db, { userId, token: "own-addresses" });
    const session = await findSession(db, "Bearer own-addresses", new Date(), { idleSeconds: 60, absoluteSeconds: 60 });
    const own: Address[] = [...tokens, operator, factory, treasury.address];
    for (const to of own)
      expect(
        await requestWithdrawal(
          db,
          session!.scope,
          { chainId: 31337, token: tokens[0]!, to, amount: "1" },
          prepared!.rules,
          new Date(),
        ),
        to,
      ).toMatchObject({ ok: false, refusal: "ourAddress" });
    expect(await balanceText(db, session!.scope)).toBe("10");
    expect(await db.selectFrom("withdrawals").select("id").execute()).toEqual([]);
  });

  it("refuses a deposit address issued with the keyed salt, another merchant's included (2803), holding nothing", async () => {
    const prepared = await prepareWithdrawals([chain], settings, currencyRegistry([]));
    const { userId: other } = await seedMerchant(db, { email: "other@example.com", password: "Secret123" });
    const app = await seedApplication(db, { userId: other });
    const issued = await seedDepositAddress(db, {
      userId: other,
      applicationId: app.applicationId,
      appCode: app.appCode,
      endUserId: "issued",
      chainId: 31337,
      factory,
    });
    const { userId } = await seedMerchant(db, { email: "own@example.com", password: "Secret123" });
    await seedBalance(db, { userId, amount: "10" });
    await seedSession(db, { userId, token: "to-issued" });
    const session = await findSession(db, "Bearer to-issued", new Date(), { idleSeconds: 60, absoluteSeconds: 60 });
    const asked = { chainId: 31337, token: tokens[0]!, to: issued.address, amount: "1" };
    expect(await requestWithdrawal(db, session!.scope, asked, prepared!.rules, new Date())).toMatchObject({
      ok: false,
      refusal: "ourAddress",
    });
    expect(await balanceText(db, session!.scope)).toBe("10");
    expect(await db.selectFrom("withdrawals").select("id").execute()).toEqual([]);
  });
});
