import { type Kysely, sql } from "kysely";
import type { Address, Hex } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appBill } from "../../../contracts/schemas/bills.ts";
import { watchedAddressBook } from "../../chain/address-book.ts";
import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../../chain/deposit-forwarder.ts";
import { createEvmAdapter } from "../../chain/evm-adapter.ts";
import type { ChainListener } from "../../chain/listener.ts";
import { type StoredTransfer, storedTransferOf } from "../../chain/store.ts";
import { resetChainTables, startTestChain, type TestChain } from "../../chain/test-chain.ts";
import { erc20Abi } from "../../chain/token-abi.ts";
import { createWatcher, type Watcher } from "../../chain/watcher.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedApplication, seedMerchant, testServerSecret } from "../../testing/seed.ts";
import { itOnce } from "../../testing/it-once.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { balanceText, merchantLines } from "../payments/balance.ts";
import { creditedOf } from "../payments/ledger.ts";
import { fromAtto } from "../../../contracts/money.ts";
import { ledgerViolations, reconcile } from "../payments/reconcile.ts";
import { createMoneyListener } from "../../wiring/money-listener.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";

// Cheap password hashes for the seeded merchants (passwords.test.ts checks the real cost).
process.env.PASSWORD_HASH_COST ??= "test";

/**
 * Deposits to application deposit addresses on a real chain: anvil (a block per transaction, so the test decides when
 * blocks come), the real watcher with the server's listener (orders and bills). 3 confirmations; 6-decimal USDT.
 * Runs on PGlite and on PostgreSQL: a credit is money, and the watcher's transactions take PGlite's one connection in
 * turn where PostgreSQL's pool runs them side by side (scripts/database-tests.ts). Only two watcher instances take
 * that path; the tests of one watcher run once, on PostgreSQL, in npm test (`itOnce`).
 */
let database: OpenedDatabase;
let db: Kysely<DB>;
let chain: TestChain;
let devnet: ConfiguredChain;
let listener: ChainListener;

const chainId = 31337;
const factory = `0x${"fa".repeat(20)}` as Address;
const tests = systemScope("test");

beforeAll(async () => {
  [database, chain] = await Promise.all([createTestDatabase(), startTestChain()]);
  db = database.db;
  devnet = {
    product: "Devnet",
    chainId,
    rpcUrl: chain.rpcUrl,
    tokens: [{ symbol: "USDT", address: chain.token, decimals: 6 }],
    confirmations: 3,
    devnet: true,
    depositFactory: factory,
  };
  listener = createMoneyListener({ currencies: currencyRegistry([devnet]) });
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.close(), chain?.stop()]);
});
beforeEach(async () => {
  await resetDatabase(db);
  await resetChainTables(db);
});
// Whatever a test did, the ledger holds and reconciles with the chain (deposit addresses counted as received).
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect((await reconcile(db)).filter((row) => !row.ok)).toEqual([]);
});

/** A merchant with an application and an end user's deposit address on `onChain` (a row, as the open API makes it). */
async function merchantWithDepositAddress(email: string, onChain = chainId) {
  const { userId } = await seedMerchant(db, { email, password: "Merchant7Pass" });
  const app = await seedApplication(db, { userId });
  const salt = depositSalt(depositSaltKey(testServerSecret), app.appCode, `user-${email}`);
  const address = depositAddress(factory, salt);
  await db
    .insertInto("deposit_addresses")
    .values({
      merchant_id: userId,
      application_id: app.applicationId,
      end_user_id: `user-${email}`,
      chain_id: onChain,
      factory,
      salt,
      address,
      created_at: new Date(),
    })
    .execute();
  return { userId, scope: actFor(tests, userId), app, address };
}

function newWatcher(tokens: readonly Address[] = [chain.token], instance: { holder?: string; leaseMs?: number } = {}) {
  return createWatcher(
    { product: "Devnet", chainId, tokens, confirmations: devnet.confirmations, leaseMs: instance.leaseMs },
    {
      db,
      adapter: createEvmAdapter({ chainId, rpcUrl: chain.rpcUrl }),
      addressBook: watchedAddressBook(db, { chainId }),
      listener,
      holder: instance.holder,
    },
  );
}

/** Ticks, mining a block between ticks, `blocks` times. */
async function advance(watcher: Watcher, blocks: number) {
  for (let i = 0; i < blocks; i++) {
    await chain.mine(1);
    await watcher.tick();
  }
}

const bills = () => db.selectFrom("application_bills").selectAll().orderBy("id").execute();
const outbox = () => db.selectFrom("outbox_events").selectAll().orderBy("id").execute();
const journals = (kind: "deposit" | "reorg" | "restore") =>
  db.selectFrom("ledger_journals").select("id").where("kind", "=", kind).execute();

/** The stored transfer as the watcher hands it to the listener. */
const storedTransfer = (txHash: Hex): Promise<StoredTransfer> => storedTransferOf(db, chainId, txHash);

describe("a deposit to an application's deposit address becomes a bill, credited exactly once", () => {
  itOnce(
    "seen: confirming n / required; confirmed: credited once, with one deposit journal and one outbox event; a replay or a restart credits nothing more",
    async () => {
      const a = await merchantWithDepositAddress("a@example.com");
      const b = await merchantWithDepositAddress("b@example.com");
      const watcher = newWatcher();
      await watcher.tick();
      const paid = await chain.pay(a.address, 12_500_001n);
      await watcher.tick();
      const [seen] = await bills();
      expect(seen).toMatchObject({
        merchant_id: a.userId,
        application_id: a.app.applicationId,
        status: "confirming",
        confirmations: 1,
        required: 3,
        currency: "USDT",
        credited_at: null,
      });
      expect(seen!.bill_no).toMatch(/^\d{8}\d{10}$/);
      expect(await balanceText(db, a.scope)).toBe("0");
      await advance(watcher, 1);
      expect((await bills())[0]).toMatchObject({ status: "confirming", confirmations: 2 });
      await advance(watcher, 1);
      const [credited] = await bills();
      expect(credited).toMatchObject({ status: "credited", confirmations: 3, bill_no: seen!.bill_no });
      expect(credited!.credited_at).toBeInstanceOf(Date);
      expect(await balanceText(db, a.scope)).toBe("12.500001");
      expect(await journals("deposit")).toHaveLength(1);
      expect((await merchantLines(db, a.userId)).map((l) => [l.kind, l.tx_hash])).toEqual([["deposit", paid.hash]]);
      const events = await outbox();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: "deposit.credited", merchant_id: a.userId, bill_id: credited!.id });
      const payload = appBill.parse(events[0]!.payload);
      expect(payload).toMatchObject({
        billNo: seen!.bill_no,
        appCode: a.app.appCode,
        endUserId: "user-a@example.com",
        toAddress: a.address,
        amount: "12.500001",
        chain: "Devnet",
        chainId,
        status: "credited",
        txHash: paid.hash,
        confirmations: 3,
        required: 3,
      });

      // The watcher's call heard again (a retried step), then a watcher started afresh on the same database.
      const transfer = await storedTransfer(paid.hash);
      await db.transaction().execute((trx) => listener.onTransferConfirmed!(trx, transfer));
      await db.transaction().execute((trx) => listener.onTransferSeen!(trx, transfer));
      await watcher.stop();
      const restarted = newWatcher();
      expect((await restarted.tick()).leader).toBe(true);
      await advance(restarted, 3);
      expect(await balanceText(db, a.scope)).toBe("12.500001");
      expect(await journals("deposit")).toHaveLength(1);
      expect(await outbox()).toHaveLength(1);
      expect((await bills())[0]).toMatchObject({ status: "credited" });
      expect(await balanceText(db, b.scope)).toBe("0");
    },
  );

  itOnce(
    "a reorganisation before the confirmations: dropped, never credited; mined again, it is credited once",
    async () => {
      const a = await merchantWithDepositAddress("drop@example.com");
      const payer = await chain.payer();
      const watcher = newWatcher();
      await watcher.tick();
      const raw = await chain.signedPayment(payer, a.address, 7_000_000n);
      await chain.sendRaw(raw);
      await watcher.tick();
      expect((await bills())[0]).toMatchObject({ status: "confirming", confirmations: 1 });
      await chain.test.request({ method: "anvil_reorg", params: [1, []] } as never);
      await watcher.tick();
      const [dropped] = await bills();
      expect(dropped).toMatchObject({ status: "dropped", credited_at: null });
      expect(dropped!.removed_at).toBeInstanceOf(Date);
      await advance(watcher, 4);
      expect((await bills())[0]).toMatchObject({ status: "dropped" });
      expect(await balanceText(db, a.scope)).toBe("0");
      expect(await journals("deposit")).toHaveLength(0);
      expect(await outbox()).toHaveLength(0);

      await chain.sendRaw(raw);
      await watcher.tick();
      expect(await bills()).toMatchObject([{ id: dropped!.id, bill_no: dropped!.bill_no, status: "confirming" }]);
      await advance(watcher, 3);
      expect(await bills()).toMatchObject([{ id: dropped!.id, status: "credited" }]);
      expect(await balanceText(db, a.scope)).toBe("7");
      expect(await journals("deposit")).toHaveLength(1);
      expect((await outbox()).map((e) => e.type)).toEqual(["deposit.credited"]);
    },
  );

  itOnce(
    "a reorganisation after the credit: reversed in the ledger and shown; mined again, restored exactly, credited once in net",
    async () => {
      const a = await merchantWithDepositAddress("reverse@example.com");
      const payer = await chain.payer();
      const watcher = newWatcher();
      await watcher.tick();
      const raw = await chain.signedPayment(payer, a.address, 30_000_000n);
      const paid = await chain.sendRaw(raw);
      await watcher.tick();
      await advance(watcher, 2);
      expect((await bills())[0]).toMatchObject({ status: "credited" });
      expect(await balanceText(db, a.scope)).toBe("30");

      // The payment's block and the two above it replaced by empty ones: deeper than the confirmations.
      await chain.test.request({ method: "anvil_reorg", params: [3, []] } as never);
      await watcher.tick();
      const [reversed] = await bills();
      expect(reversed).toMatchObject({ status: "reversed" });
      expect(reversed!.removed_at).toBeInstanceOf(Date);
      expect(await balanceText(db, a.scope)).toBe("0");
      expect(await journals("reorg")).toHaveLength(1);
      expect((await outbox()).map((e) => e.type)).toEqual(["deposit.credited", "deposit.reversed"]);
      expect(appBill.parse((await outbox())[1]!.payload)).toMatchObject({ status: "reversed", txHash: paid.hash });
      const transfer = await storedTransfer(paid.hash);
      expect(await creditedOf(db, transfer.id)).toBe(0n);

      await chain.sendRaw(raw);
      await watcher.tick();
      expect((await bills())[0]).toMatchObject({ status: "confirming", credited_at: null });
      await advance(watcher, 3);
      expect(await bills()).toMatchObject([{ id: reversed!.id, status: "credited" }]);
      expect(await balanceText(db, a.scope)).toBe("30");
      expect(await creditedOf(db, transfer.id)).toBe(30n * 10n ** 18n);
      // Restored, not credited anew: one deposit, one reversal, one restore.
      expect(await journals("deposit")).toHaveLength(1);
      expect(await journals("restore")).toHaveLength(1);
      expect((await outbox()).map((e) => e.type)).toEqual(["deposit.credited", "deposit.reversed", "deposit.credited"]);
      expect(new Set((await outbox()).map((e) => e.event_id)).size).toBe(3);
    },
  );

  itOnce(
    "ignores a Transfer of another token contract, and a deposit address of another chain id; other merchants' balances stay",
    async () => {
      const a = await merchantWithDepositAddress("ignored@example.com");
      const elsewhere = await merchantWithDepositAddress("elsewhere@example.com", 1);
      const b = await merchantWithDepositAddress("bystander@example.com");
      // This watcher follows the other contract's logs too: the listener must still not take them as USDT.
      const watcher = newWatcher([chain.token, chain.otherToken]);
      await watcher.tick();
      await chain.pay(a.address, 5_000_000n, chain.otherToken);
      await chain.pay(elsewhere.address, 6_000_000n);
      await watcher.tick();
      await advance(watcher, 3);
      const stored = await db.selectFrom("chain_transfers").select(["to_address", "token", "status"]).execute();
      // The other contract's transfer is stored (the watcher was told to follow it) but is no bill and no credit;
      // the other chain's address is not even watched.
      expect(stored).toEqual([{ to_address: a.address, token: chain.otherToken, status: "confirmed" }]);
      expect(await bills()).toEqual([]);
      expect(await outbox()).toEqual([]);
      for (const m of [a, elsewhere, b]) expect(await balanceText(db, m.scope)).toBe("0");
      // The listener itself, handed a transfer to the other chain's address as if on this chain: no bill either.
      const other = await db.selectFrom("chain_transfers").select("tx_hash").executeTakeFirstOrThrow();
      const fake: StoredTransfer = {
        ...(await storedTransfer(other.tx_hash as Hex)),
        token: chain.token,
        to: elsewhere.address,
      };
      await db.transaction().execute(async (trx) => {
        await listener.onTransferSeen!(trx, fake);
        await listener.onTransferConfirmed!(trx, fake);
      });
      expect(await bills()).toEqual([]);
      expect(await journals("deposit")).toEqual([]);
      // The other contract's transfer is not ours to reconcile: the watcher is normally told only configured tokens.
      await sql`delete from chain_transfers`.execute(db);
    },
  );

  itOnce(
    "refuses an amount past all the USDT there is: the transfer is quarantined, no bill, nothing credited",
    async () => {
      const a = await merchantWithDepositAddress("huge@example.com");
      const minted = await chain.clients.wallet.writeContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: "mint",
        args: [chain.dev, 10n ** 20n],
        account: chain.dev,
        chain: null,
      });
      await chain.clients.public.waitForTransactionReceipt({ hash: minted });
      const watcher = newWatcher();
      await watcher.tick();
      await chain.pay(a.address, 10n ** 19n);
      await watcher.tick();
      await advance(watcher, 3);
      const [row] = await db.selectFrom("chain_transfers").select(["status", "quarantine"]).execute();
      expect(row!.quarantine).toMatch(/amount out of range/);
      expect(await bills()).toEqual([]);
      expect(await balanceText(db, a.scope)).toBe("0");
    },
  );

  it("two watcher instances on one database, many deposits: each credited exactly once, the lease holder stopping midway", async () => {
    const merchants = [
      await merchantWithDepositAddress("one@example.com"),
      await merchantWithDepositAddress("two@example.com"),
    ];
    const leaseMs = 400;
    const [first, second] = [
      newWatcher(undefined, { holder: "A", leaseMs }),
      newWatcher(undefined, { holder: "B", leaseMs }),
    ];
    await first.tick();
    const sent: { to: number; units: bigint }[] = [];
    const both = () => Promise.all([first.tick(), second.tick()]);
    for (let i = 0; i < 12; i++) {
      const to = i % 2;
      const units = 1_000_000n + BigInt(i);
      await chain.pay(merchants[to]!.address, units);
      sent.push({ to, units });
      if (i % 3 === 2 && i < 6) await both();
    }
    // A stops ticking (a crash): B takes the lease over once it lapses, and finishes.
    const deadline = Date.now() + leaseMs * 10;
    while (!(await second.tick()).leader && Date.now() < deadline) await chain.mine(1);
    for (let i = 0; i < 4; i++) await Promise.all([second.tick(), chain.mine(1)]);
    await second.tick();
    const rows = await bills();
    expect(rows).toHaveLength(12);
    expect(rows.every((bill) => bill.status === "credited")).toBe(true);
    expect(await journals("deposit")).toHaveLength(12);
    const events = await outbox();
    expect(events).toHaveLength(12);
    expect(new Set(events.map((e) => e.bill_id)).size).toBe(12);
    for (const [i, m] of merchants.entries()) {
      const units = sent.filter((t) => t.to === i).reduce((sum, t) => sum + t.units, 0n);
      expect(await balanceText(db, m.scope)).toBe(fromAtto(units * 10n ** 12n));
    }
  });
});
