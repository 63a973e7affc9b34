import type { Kysely } from "kysely";
import { getAddress, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { emptyTables } from "../../testing/empty-tables.ts";
import { resetDatabase, seedBalance, seedMerchant, seedSession } from "../../testing/seed.ts";
import { seedApplication } from "../../testing/seed/applications.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { findSession } from "../identity/sessions.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { balanceOf, balanceText } from "../payments/balance.ts";
import { ledgerViolations } from "../payments/reconcile.ts";
import { toAtto } from "../../../contracts/money.ts";
import {
  heldByWithdrawals,
  releaseWithdrawal,
  requestWithdrawal,
  type WithdrawalAsked,
  type WithdrawalRules,
} from "./withdrawal-holds.ts";
import { takeNonce } from "../../chain/outgoing-store.ts";

/**
 * Withdrawals asked for, before anything is signed (migration 0028): the amount and fee held in the transaction that
 * makes the withdrawal, decided one after another per merchant, however many arrive at once — on PostgreSQL in
 * `npm test`, where they really run side by side.
 */
let database: OpenedDatabase;
let db: Kysely<DB>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.close());
beforeEach(async () => {
  await resetDatabase(db);
  await emptyTables(db, ["chain_transfers", "receiving_addresses", "deposit_addresses"]);
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
});

const token = `0x${"11".repeat(20)}`;
const treasury = privateKeyToAddress(generatePrivateKey());
const rules: WithdrawalRules = {
  tokens: [{ chainId: 31337, address: token, decimals: 6, fee: toAtto("0.5") }],
  dailyLimit: toAtto("1000"),
  forbidden: new Set([treasury.toLowerCase()]),
  addressCooldownSeconds: 0,
};
const destination = privateKeyToAddress(generatePrivateKey());
/**
 * An address written without its checksum: anvil's tenth account lowercased, whose checksum has capitals. A random
 * address lowercased is its own checksum when no letter of it is capitalised (0x45907e28…04c6 was, in a clean-clone run).
 */
const notChecksummed = "0xa0ee7a142d267c1f36714e4a8f75612f20a79720";
const ask = (amount: string, more: Partial<WithdrawalAsked> = {}): WithdrawalAsked => ({
  chainId: 31337,
  token,
  to: destination,
  amount,
  ...more,
});

/** A merchant holding `balance` USDT, with the scope a signed-in request has. */
async function merchantWith(balance: string): Promise<MerchantScope> {
  const { userId } = await seedMerchant(db, { email: `w${Math.random()}@example.com`, password: "Secret123" });
  if (balance !== "0") await seedBalance(db, { userId, amount: balance });
  await seedSession(db, { userId, token: `withdraw-${userId}` });
  const session = await findSession(db, `Bearer withdraw-${userId}`, new Date(), {
    idleSeconds: 3600,
    absoluteSeconds: 3600,
  });
  return session!.scope;
}

const held = async (scope: MerchantScope) => (await heldByWithdrawals(db, scope)).toString();

describe("asking for a withdrawal", () => {
  it("holds the amount and the fee in the transaction that makes it: the balance shows it, the withdrawal's account holds it", async () => {
    const scope = await merchantWith("10");
    const answer = await requestWithdrawal(db, scope, ask("3.25"), rules, new Date());
    expect(answer).toMatchObject({
      ok: true,
      created: true,
      withdrawal: { status: "requested", to_address: destination },
    });
    expect(await balanceText(db, scope)).toBe("6.25");
    expect(await held(scope)).toBe(toAtto("3.75").toString());
    const { entries } = await balanceOf(db, scope);
    expect(entries[0]).toMatchObject({ kind: "withdrawal", amount: "-3.75" });
  });

  it("200 at once that together ask for more than the balance: exactly what it covers is held, the rest refused, never below zero", async () => {
    const scope = await merchantWith("100");
    // 2 USDT each with the fee: the balance covers 50 of them.
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => requestWithdrawal(db, scope, ask("1.5"), rules, new Date())),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(50);
    expect(new Set(answers.filter((a) => !a.ok).map((a) => !a.ok && a.refusal))).toEqual(new Set(["overBalance"]));
    expect(await balanceText(db, scope)).toBe("0");
    expect(await held(scope)).toBe(toAtto("100").toString());
    expect(await db.selectFrom("withdrawals").select("id").execute()).toHaveLength(50);
  });

  it("the same Idempotency-Key sent 50 times at once makes one withdrawal and holds once; another request under it is refused", async () => {
    const scope = await merchantWith("10");
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        requestWithdrawal(db, scope, ask("2", { idempotencyKey: "key-1" }), rules, new Date()),
      ),
    );
    const ids = new Set(answers.map((a) => a.ok && a.withdrawal.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.ok && a.created)).toHaveLength(1);
    expect(await balanceText(db, scope)).toBe("7.5");
    expect(await requestWithdrawal(db, scope, ask("3", { idempotencyKey: "key-1" }), rules, new Date())).toMatchObject({
      ok: false,
      refusal: "keyReused",
    });
    // Another merchant's key of the same name is its own.
    const other = await merchantWith("10");
    expect(await requestWithdrawal(db, other, ask("2", { idempotencyKey: "key-1" }), rules, new Date())).toMatchObject({
      ok: true,
      created: true,
    });
  });

  it("an Idempotency-Key belongs to the application that sent it: another application's same key, sent at once, makes its own withdrawal", async () => {
    const scope = await merchantWith("20");
    const { applicationId: shop } = await seedApplication(db, { userId: scope.merchantId });
    const { applicationId: other } = await seedApplication(db, { userId: scope.merchantId });
    const answers = await Promise.all(
      [shop, other, shop, other, null].map((applicationId) =>
        requestWithdrawal(db, scope, ask("2", { idempotencyKey: "key-1", applicationId }), rules, new Date()),
      ),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(new Set(answers.map((a) => a.ok && a.withdrawal.id)).size).toBe(3);
    expect(answers.filter((a) => a.ok && a.created)).toHaveLength(3);
    expect(await balanceText(db, scope)).toBe("12.5");
    expect(
      await requestWithdrawal(
        db,
        scope,
        ask("3", { idempotencyKey: "key-1", applicationId: other }),
        rules,
        new Date(),
      ),
    ).toMatchObject({ ok: false, refusal: "keyReused" });
  });

  it("a withdrawal that ends without paying gives back the amount and the fee once, however many release it at once", async () => {
    const scope = await merchantWith("10");
    const answer = await requestWithdrawal(db, scope, ask("4"), rules, new Date());
    if (!answer.ok) throw new Error(answer.message);
    const releases = await Promise.all(
      Array.from({ length: 10 }, () =>
        db
          .transaction()
          .execute((trx) => releaseWithdrawal(trx, answer.withdrawal.id, "reverted on chain", new Date())),
      ),
    );
    expect(releases.filter(Boolean)).toHaveLength(1);
    expect(await balanceText(db, scope)).toBe("10");
    expect(await held(scope)).toBe("0");
    const [row] = await db.selectFrom("withdrawals").select(["status", "failure"]).execute();
    expect(row).toEqual({ status: "failed", failure: "reverted on chain" });
    expect((await balanceOf(db, scope)).entries.map((e) => [e.kind, e.amount])).toEqual([
      ["withdrawalReturned", "4.5"],
      ["withdrawal", "-4.5"],
      ["unmatched", "10"],
    ]);
  });

  it("refuses bad input with its own reason, holding nothing", async () => {
    const scope = await merchantWith("10");
    const { userId } = await seedMerchant(db, { email: "other@example.com", password: "Secret123" });
    const deposit = privateKeyToAddress(generatePrivateKey());
    await db
      .insertInto("receiving_addresses")
      .values({ address_index: 900, address: deposit, merchant_id: userId })
      .execute();
    const cases: Array<[WithdrawalAsked, string]> = [
      [ask("1", { token: `0x${"22".repeat(20)}` }), "unknownToken"],
      [ask("1", { chainId: 1 }), "unknownToken"],
      [ask("1", { to: notChecksummed }), "badAddress"],
      [ask("1", { to: "0x1234" }), "badAddress"],
      [ask("1", { to: zeroAddress }), "badAddress"],
      [ask("1", { to: getAddress(treasury) }), "ourAddress"],
      [ask("1", { to: deposit }), "ourAddress"],
      [ask("1.0000001"), "tooManyDecimals"],
      [ask("0"), "badAmount"],
      [ask("-1"), "badAmount"],
      [ask("1e3"), "badAmount"],
      [ask("9.6"), "overBalance"],
    ];
    for (const [asked, refusal] of cases)
      expect(await requestWithdrawal(db, scope, asked, rules, new Date()), JSON.stringify(asked)).toMatchObject({
        ok: false,
        refusal,
      });
    expect(await balanceText(db, scope)).toBe("10");
    expect(await db.selectFrom("withdrawals").select("id").execute()).toEqual([]);
  });

  it("refuses what goes past the day's limit, counting the last 24 hours' withdrawals but not failed ones", async () => {
    const scope = await merchantWith("2000");
    const now = new Date();
    const first = await requestWithdrawal(db, scope, ask("600"), rules, now);
    expect(first.ok).toBe(true);
    expect(await requestWithdrawal(db, scope, ask("400.000001"), rules, now)).toMatchObject({
      ok: false,
      refusal: "overDailyLimit",
    });
    expect(await requestWithdrawal(db, scope, ask("400"), rules, now)).toMatchObject({ ok: true });
    if (first.ok) await db.transaction().execute((trx) => releaseWithdrawal(trx, first.withdrawal.id, "dropped", now));
    expect(await requestWithdrawal(db, scope, ask("600"), rules, now)).toMatchObject({ ok: true });
    // A day later the limit is whole again (the balance, 999, is what bounds it now).
    const tomorrow = new Date(now.getTime() + 86_400_001);
    expect(await requestWithdrawal(db, scope, ask("998"), rules, tomorrow)).toMatchObject({ ok: true });
  });
});

describe("a sending account's nonces", () => {
  it("are taken one after another from one sequence, whoever asks at once: 50 transactions, nonces 7 to 56, none twice", async () => {
    const account = privateKeyToAddress(generatePrivateKey());
    const taken = await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction().execute(async (trx) => {
          const nonce = await takeNonce(trx, 31337, account, 7n);
          // Held a moment, as signing and storing the transaction do, before the transaction commits.
          await new Promise((resolve) => setTimeout(resolve, 2));
          return nonce;
        }),
      ),
    );
    expect(taken.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 7));
    // Another account's sequence is its own.
    const other = privateKeyToAddress(generatePrivateKey());
    expect(await db.transaction().execute((trx) => takeNonce(trx, 31337, other, 0n))).toBe(0n);
  });
});
