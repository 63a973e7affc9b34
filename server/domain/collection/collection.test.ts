import type { Kysely } from "kysely";
import { type Address, parseEther } from "viem";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { collectionsAgree } from "../../../chaos/invariants.ts";
import { runCollect, runCollectionReconcile } from "../../../scripts/chain-collection.ts";
import { appBill } from "../../../contracts/schemas/bills.ts";
import {
  depositAddress,
  depositSalt,
  depositSaltKey,
  deployForwarderFactory,
  sendSweep,
} from "../../chain/deposit-forwarder.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";
import { resetChainTables, startTestChain, type TestChain } from "../../chain/test-chain.ts";
import { erc20Abi } from "../../chain/token-abi.ts";
import type { Watcher } from "../../chain/watcher.ts";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import {
  resetDatabase,
  seedApplication,
  seedDepositAddress,
  seedMerchant,
  testServerSecret,
} from "../../testing/seed.ts";
import { configuredChain } from "../../testing/stub-chain.ts";
import { tempDirs } from "../../testing/temp-dirs.ts";
import { type MoneyChain, startMoneyChain } from "../../testing/money-chain.ts";
import { itOnce } from "../../testing/it-once.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { billSweepHash, toWireBill, wireBillQuery } from "../bills/bill-wire.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { balanceText } from "../payments/balance.ts";
import { ledgerViolations, reconcile } from "../payments/reconcile.ts";
import { toAtto, usdtText } from "../../../contracts/money.ts";
import { type CollectedChain, collectOnce } from "./collection-jobs.ts";
import { reconcileCollection } from "./collection-reconcile.ts";
import { checkGasPayer } from "./collection-setup.ts";
import { gasPayerFromEnv, nodeGasPayer } from "./gas-payer.ts";

// Runs on PGlite and on PostgreSQL: two collectors share PGlite's one connection on one engine and a pool on the other (scripts/database-tests.ts). The other tests take no such path: they run once, on PostgreSQL, in npm test (`itOnce`).

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * Collection on a real chain: anvil (a block per transaction), the real watcher crediting deposits through the
 * server's listener, PGlite, a real deposit-forwarder factory per test (its own fresh treasury, so each test's chain
 * sums start at 0). 3 confirmations; 6-decimal USDT; threshold 10 USDT.
 */
let database: OpenedDatabase;
let db: Kysely<DB>;
let chain: TestChain;
let factory: Address;
let treasury: Address;
let watcher: Watcher;
let collected: CollectedChain;
let money: MoneyChain;

const chainId = 31337;
const tempDir = tempDirs("mc-collection-");
const confirmations = 3;
const tests = systemScope("test");

beforeAll(async () => {
  [database, chain] = await Promise.all([createTestDatabase(), startTestChain()]);
  db = database.db;
}, 60_000);
afterAll(async () => {
  await Promise.all([database?.close(), chain?.stop()]);
});
beforeEach(async () => {
  await resetDatabase(db);
  await resetChainTables(db);
  treasury = privateKeyToAccount(generatePrivateKey()).address;
  money = await startMoneyChain(db, chain, treasury, confirmations);
  ({ factory, watcher, collected } = money);
});
afterEach(async () => {
  await watcher?.stop();
  expect(await ledgerViolations(db)).toEqual([]);
  expect((await reconcile(db)).filter((row) => !row.ok)).toEqual([]);
  expect(await collectionsAgree(db, { decimals: 6 })).toEqual([]);
});

const collect = (holder?: string) =>
  collectOnce({ db, chains: [collected], gasPayer: nodeGasPayer(chain.dev), threshold: "10", holder });

async function merchantWithDepositAddress(email: string, endUser = "user-1") {
  const { userId } = await seedMerchant(db, { email, password: "Merchant7Pass" });
  const app = await seedApplication(db, { userId });
  const { address, salt } = await seedDepositAddress(db, {
    userId: userId,
    applicationId: app.applicationId,
    appCode: app.appCode,
    endUserId: endUser,
    chainId,
    factory,
  });
  return { userId, scope: actFor(tests, userId), address, salt };
}

const advance = (blocks: number) => money.advance(blocks);

/** Pays each address and mines until every payment is credited. */
async function creditedDeposits(payments: readonly [Address, bigint][]) {
  for (const [to, amount] of payments) await chain.pay(to, amount);
  await watcher.tick();
  await advance(confirmations);
}

const tokenBalance = (address: Address) =>
  chain.clients.public.readContract({
    address: chain.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [address],
  });
/** The sweeps, each with the hash of its latest transaction (its rows of outgoing_transactions). */
const collections = () =>
  db
    .selectFrom("collections as c")
    .selectAll("c")
    .select((eb) =>
      eb
        .selectFrom("outgoing_transactions as o")
        .select("o.tx_hash")
        .whereRef("o.collection_id", "=", "c.id")
        .orderBy("o.id", "desc")
        .limit(1)
        .as("tx_hash"),
    )
    .orderBy("c.id")
    .execute();
/** The bills as stored, with the sweep's transaction the wire shows for each. */
const bills = () =>
  db
    .selectFrom("application_bills as b")
    .selectAll("b")
    .select(billSweepHash.as("collection_tx_hash"))
    .orderBy("b.id")
    .execute();

async function chainReconciles() {
  const rows = await reconcileCollection(db, [collected]);
  expect(rows.filter((r) => !r.ok)).toEqual([]);
  return rows;
}

describe("collection of deposit addresses into the treasury", () => {
  itOnce(
    "deposits to ten addresses are swept to the treasury once confirmed; the bills show it; balances and reconcile hold",
    async () => {
      const merchants = [];
      for (let i = 0; i < 10; i++) merchants.push(await merchantWithDepositAddress(`m${i}@example.com`));
      await creditedDeposits(merchants.map((m, i) => [m.address, 20_000_000n + BigInt(i)] as const));
      const balancesBefore = await Promise.all(merchants.map((m) => balanceText(db, m.scope)));
      expect(balancesBefore[3]).toBe("20.000003");
      const before = await chainReconciles();
      expect(before[0]).toMatchObject({ treasuryBalance: "0", uncollected: "200.000045", credited: "200.000045" });
      const journalsBefore = await db.selectFrom("ledger_journals").select("id").execute();

      // The run's sweeps go out back to back with consecutive nonces: one block holds them all.
      await chain.test.setAutomine(false);
      try {
        expect(await collect()).toEqual([expect.objectContaining({ busy: false, sent: 10, confirmed: 0, failed: 0 })]);
        await advance(1);
      } finally {
        await chain.test.setAutomine(true);
      }
      const sent = await collections();
      const receipts = await Promise.all(
        sent.map((c) => chain.clients.public.getTransactionReceipt({ hash: c.tx_hash as `0x${string}` })),
      );
      expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1);
      expect((await bills()).every((b) => b.collection_tx_hash === null && b.collection_id !== null)).toBe(true);
      // Not recorded before the chain's confirmations.
      await advance(confirmations - 2);
      expect(await collect()).toEqual([expect.objectContaining({ sent: 0, confirmed: 0 })]);
      expect((await bills()).every((b) => b.collection_tx_hash === null)).toBe(true);
      await advance(1);
      expect(await collect()).toEqual([expect.objectContaining({ sent: 0, confirmed: 10 })]);

      expect(await tokenBalance(treasury)).toBe(200_000_045n);
      for (const m of merchants) {
        expect(await tokenBalance(m.address)).toBe(0n);
        expect(await chain.clients.public.getCode({ address: m.address })).toBeTruthy();
      }
      const swept = await collections();
      expect(swept.map((c) => [c.status, c.deployed])).toEqual(Array(10).fill(["confirmed", true]));
      for (const [i, m] of merchants.entries()) {
        const [row] = await wireBillQuery(db, m.userId).execute();
        const wire = appBill.parse(toWireBill(row!, currencyRegistry([configuredChain("Devnet", chainId)])));
        expect(wire).toMatchObject({
          amount: `20.00000${i}`.replace(/\.000000$/, ""),
          collectionAmount: wire.amount,
          transferAmount: wire.amount,
          deliveryAddress: treasury,
          collectionTxHash: swept[i]!.tx_hash,
          collectionGasFee: expect.stringMatching(/^0\.\d+$/),
        });
        // In ether on the wire, the sweep's whole fee in wei in the database.
        expect(parseEther(wire.collectionGasFee!)).toBe(BigInt(swept[i]!.gas_fee!));
      }
      expect((await bills()).every((b) => BigInt(b.collection_gas_fee ?? "0") > 0n)).toBe(true);
      expect(await Promise.all(merchants.map((m) => balanceText(db, m.scope)))).toEqual(balancesBefore);
      // In the books: one sweep journal per deposit, from the chain's receipts to its treasury; no merchant line.
      const sweeps = await db
        .selectFrom("ledger_journals as j")
        .innerJoin("ledger_lines as l", "l.journal_id", "j.id")
        .innerJoin("ledger_accounts as a", "a.id", "l.account_id")
        .select(["j.kind", "a.kind as account", "l.amount"])
        .where(
          "j.id",
          "not in",
          journalsBefore.map((j) => j.id),
        )
        .orderBy("l.id")
        .execute();
      const sweepLines = sweeps.filter((l) => l.kind === "sweep");
      expect(sweepLines.filter((l) => l.account === "treasury").map((l) => [l.kind, l.amount])).toEqual(
        merchants.map((_, i) => ["sweep", `-20.00000${i}000000000000`]),
      );
      expect(sweepLines.filter((l) => l.account !== "treasury").map((l) => l.account)).toEqual(
        Array(10).fill("receipts"),
      );
      // And its gas, in the chain's native coin: one journal per sweep, what its receipt burnt, from the gas payer to
      // the gas expense (migration 0037).
      const gasLines = sweeps.filter((l) => l.kind === "gasSpent");
      expect(gasLines.map((l) => l.account)).toEqual(Array(10).fill(["nativeHolder", "gasExpense"]).flat());
      const fees = await db.selectFrom("collections").select("gas_fee").where("status", "=", "confirmed").execute();
      const burnt = fees.reduce((sum, row) => sum + BigInt(row.gas_fee ?? "0"), 0n);
      expect(burnt).toBeGreaterThan(0n);
      const expense = await db
        .selectFrom("ledger_accounts")
        .select(["balance", "currency"])
        .where("kind", "=", "gasExpense")
        .executeTakeFirstOrThrow();
      expect([toAtto(expense.balance), expense.currency]).toEqual([burnt, "ETH"]);
      const accounts = await db
        .selectFrom("ledger_accounts")
        .select(["kind", "balance"])
        .where("kind", "in", ["receipts", "treasury"])
        .orderBy("kind")
        .execute();
      expect(accounts).toEqual([
        { kind: "receipts", balance: "0.000000000000000000" },
        { kind: "treasury", balance: "-200.000045000000000000" },
      ]);
      expect((await chainReconciles())[0]).toMatchObject({
        treasuryBalance: "200.000045",
        uncollected: "0",
        treasuryBooked: "200.000045",
        treasuryInTransit: "0",
      });
      // Nothing left to do.
      expect(await collect()).toEqual([expect.objectContaining({ sent: 0, confirmed: 0, removed: 0, failed: 0 })]);
    },
  );

  itOnce("an address at or below the threshold is not swept", async () => {
    const a = await merchantWithDepositAddress("a@example.com");
    await creditedDeposits([[a.address, 10_000_000n]]);
    expect(await collect()).toEqual([expect.objectContaining({ sent: 0, failed: 0 })]);
    expect(await collections()).toEqual([]);
    expect(await chain.clients.public.getCode({ address: a.address })).toBeUndefined();
    await creditedDeposits([[a.address, 1n]]);
    expect(await collect()).toEqual([expect.objectContaining({ sent: 1 })]);
    await advance(confirmations);
    await collect();
    expect((await bills()).map((b) => [usdtText(b.collection_amount), usdtText(b.transfer_amount)])).toEqual([
      ["10", "10.000001"],
      ["0.000001", "10.000001"],
    ]);
    await chainReconciles();
  });

  itOnce(
    "an address holding more than the books say (a transfer not yet credited) is held back until they agree",
    async () => {
      const a = await merchantWithDepositAddress("a@example.com");
      await creditedDeposits([[a.address, 20_000_000n]]);
      await chain.pay(a.address, 3_000_000n);
      expect(await collect()).toEqual([expect.objectContaining({ sent: 0, held: 1 })]);
      await watcher.tick();
      expect(await collect()).toEqual([expect.objectContaining({ sent: 0, held: 0 })]);
      await advance(confirmations);
      expect(await collect()).toEqual([expect.objectContaining({ sent: 1, held: 0 })]);
      await advance(confirmations);
      await collect();
      expect(await tokenBalance(treasury)).toBe(23_000_000n);
      expect((await bills()).map((b) => usdtText(b.transfer_amount))).toEqual(["23", "23"]);
      await chainReconciles();
    },
  );

  itOnce(
    "a deposit mined before the sweep in its block, unseen when it was sent, is covered by it once credited",
    async () => {
      const a = await merchantWithDepositAddress("a@example.com");
      await creditedDeposits([[a.address, 20_000_000n]]);
      await chain.test.setAutomine(false);
      let late: `0x${string}`;
      try {
        late = await chain.clients.wallet.writeContract({
          address: chain.token,
          abi: erc20Abi,
          functionName: "transfer",
          args: [a.address, 4_000_000n],
          account: chain.dev,
          chain: null,
        });
        expect(await collect()).toEqual([expect.objectContaining({ sent: 1 })]);
        await chain.mine(1);
      } finally {
        await chain.test.setAutomine(true);
      }
      const [sweep] = await collections();
      const [deposit, swept] = await Promise.all([
        chain.clients.public.getTransactionReceipt({ hash: late }),
        chain.clients.public.getTransactionReceipt({ hash: sweep!.tx_hash as `0x${string}` }),
      ]);
      expect(deposit.blockNumber).toBe(swept.blockNumber);
      expect(deposit.transactionIndex).toBeLessThan(swept.transactionIndex);
      await watcher.tick();
      // The collector counts the sweep's confirmations before the watcher counts the deposit's: the sweep is confirmed
      // while the deposit it carried still confirms, so its value is in the treasury before it is in the books there.
      await chain.mine(confirmations);
      expect(await collect()).toEqual([expect.objectContaining({ confirmed: 1, sent: 0, held: 0 })]);
      expect((await bills()).map((b) => b.status)).toEqual(["credited", "confirming"]);
      expect((await chainReconciles())[0]).toMatchObject({ treasuryBooked: "20", treasuryInTransit: "4" });
      await watcher.tick();
      expect((await chainReconciles())[0]).toMatchObject({ treasuryBooked: "24", treasuryInTransit: "0" });
      expect(
        (await bills()).map((b) => [
          b.status,
          usdtText(b.collection_amount),
          usdtText(b.transfer_amount),
          b.collection_id,
        ]),
      ).toEqual([
        ["credited", "20", "24", sweep!.id],
        ["credited", "4", "24", sweep!.id],
      ]);
      expect(await collect()).toEqual([expect.objectContaining({ sent: 0, held: 0 })]);
      expect(await tokenBalance(treasury)).toBe(24_000_000n);
      await chainReconciles();
    },
  );

  itOnce(
    "deposits made to an address before it was issued (computed in advance) are credited once it is, and swept",
    async () => {
      const { userId } = await seedMerchant(db, { email: "early@example.com", password: "Merchant7Pass" });
      const app = await seedApplication(db, { userId });
      const early = depositAddress(factory, depositSalt(depositSaltKey(testServerSecret), app.appCode, "early-user"));
      // One payment older than the newest blocks the watcher reads by hash (64), read by range; one among them.
      await chain.pay(early, 6_000_000n);
      await advance(1);
      await chain.mine(70);
      await chain.pay(early, 7_000_000n);
      await advance(confirmations);
      expect(await bills()).toEqual([]);

      await seedDepositAddress(db, {
        userId,
        applicationId: app.applicationId,
        appCode: app.appCode,
        endUserId: "early-user",
        chainId,
        factory,
      });
      await advance(2);
      expect((await bills()).map((b) => [b.status, b.amount])).toEqual([
        ["credited", "6.000000000000000000"],
        ["credited", "7.000000000000000000"],
      ]);
      expect(await balanceText(db, actFor(tests, userId))).toBe("13");
      const [read] = await db.selectFrom("deposit_addresses").select(["history_read", "history_read_to"]).execute();
      expect(read?.history_read).toBe(true);
      // Read once: more blocks and ticks find nothing twice.
      await advance(2);
      expect(await bills()).toHaveLength(2);

      expect(await collect()).toEqual([expect.objectContaining({ sent: 1 })]);
      await advance(confirmations);
      expect(await collect()).toEqual([expect.objectContaining({ confirmed: 1 })]);
      expect(await tokenBalance(early)).toBe(0n);
      expect((await chainReconciles())[0]).toMatchObject({ treasuryBalance: "13", uncollected: "0" });
    },
  );

  itOnce("a sweep sent but never recorded (a crash between the two) is found by its event and recorded", async () => {
    const a = await merchantWithDepositAddress("a@example.com");
    await creditedDeposits([[a.address, 16_000_000n]]);
    const unrecorded = await sendSweep(chain.clients, factory, chain.dev, a.salt, chain.token);
    expect(await collect()).toEqual([expect.objectContaining({ adopted: 1, sent: 0, held: 0 })]);
    expect((await collections()).map((c) => [c.status, c.tx_hash])).toEqual([["sent", unrecorded]]);
    await advance(confirmations);
    expect(await collect()).toEqual([expect.objectContaining({ confirmed: 1, adopted: 0, sent: 0 })]);
    expect((await bills())[0]).toMatchObject({ collection_tx_hash: unrecorded });
    expect(usdtText((await bills())[0]!.transfer_amount)).toBe("16");
    await chainReconciles();
  });

  itOnce("a forwarder is deployed once: the second sweep of an address uses it", async () => {
    const a = await merchantWithDepositAddress("a@example.com");
    await creditedDeposits([[a.address, 20_000_000n]]);
    await collect();
    await advance(confirmations);
    await collect();
    const code = await chain.clients.public.getCode({ address: a.address });
    await creditedDeposits([[a.address, 30_000_000n]]);
    await collect();
    await advance(confirmations);
    await collect();
    const rows = await collections();
    expect(rows.map((c) => [c.status, c.deployed, c.amount])).toEqual([
      ["confirmed", true, "20000000"],
      ["confirmed", false, "30000000"],
    ]);
    expect(await chain.clients.public.getCode({ address: a.address })).toBe(code);
    expect((await bills()).map((b) => b.collection_tx_hash)).toEqual(rows.map((c) => c.tx_hash));
    expect(await tokenBalance(treasury)).toBe(50_000_000n);
    await chainReconciles();
  });

  itOnce(
    "a reorganisation that removes a confirmed sweep: the bill's collection cleared, the sweep sent again; the merchant's balance never moves",
    async () => {
      const a = await merchantWithDepositAddress("a@example.com");
      await creditedDeposits([[a.address, 25_000_000n]]);
      expect(await balanceText(db, a.scope)).toBe("25");
      await collect();
      await advance(confirmations);
      await collect();
      const [first] = await collections();
      expect(first).toMatchObject({ status: "confirmed" });
      expect((await bills())[0]).toMatchObject({ collection_tx_hash: first!.tx_hash });

      // The sweep's block and the ones after it replaced by empty ones: the sweep is gone, the deposit (older) stays.
      await chain.test.request({ method: "anvil_reorg", params: [confirmations + 1, []] } as never);
      await advance(1);
      expect(await tokenBalance(a.address)).toBe(25_000_000n);
      expect(await tokenBalance(treasury)).toBe(0n);
      await chainReconciles();
      expect(await collect()).toEqual([expect.objectContaining({ removed: 1, sent: 1 })]);
      expect((await bills())[0]).toMatchObject({
        collection_tx_hash: null,
        collection_amount: null,
        status: "credited",
      });
      expect(await balanceText(db, a.scope)).toBe("25");
      await advance(confirmations);
      expect(await collect()).toEqual([expect.objectContaining({ confirmed: 1 })]);
      const rows = await collections();
      expect(rows.map((c) => c.status)).toEqual(["removed", "confirmed"]);
      expect((await bills())[0]).toMatchObject({ collection_tx_hash: rows[1]!.tx_hash });
      expect(usdtText((await bills())[0]!.collection_amount)).toBe("25");
      expect(await tokenBalance(treasury)).toBe(25_000_000n);
      // The removed sweep's gas, booked when it was confirmed, given back: the expense is the standing sweep's gas only.
      const gasJournals = await db
        .selectFrom("ledger_journals")
        .select(["kind", "collection_id"])
        .where("kind", "in", ["gasSpent", "gasReturned"])
        .orderBy("id")
        .execute();
      expect(gasJournals).toEqual([
        { kind: "gasSpent", collection_id: rows[0]!.id },
        { kind: "gasReturned", collection_id: rows[0]!.id },
        { kind: "gasSpent", collection_id: rows[1]!.id },
      ]);
      const expense = await db
        .selectFrom("ledger_accounts")
        .select("balance")
        .where("kind", "=", "gasExpense")
        .executeTakeFirstOrThrow();
      expect(toAtto(expense.balance)).toBe(BigInt(rows[1]!.gas_fee!));
      expect(await balanceText(db, a.scope)).toBe("25");
      await chainReconciles();
    },
  );

  itOnce(
    "a reorganisation that takes a swept deposit away: its share leaves the treasury's books before the reversal, and the sweep is removed",
    async () => {
      const a = await merchantWithDepositAddress("a@example.com");
      const paid = await chain.pay(a.address, 20_000_000n);
      await watcher.tick();
      await advance(confirmations);
      await collect();
      await advance(confirmations);
      expect(await collect()).toEqual([expect.objectContaining({ confirmed: 1 })]);
      const treasuryAccount = () =>
        db.selectFrom("ledger_accounts").select("balance").where("kind", "=", "treasury").executeTakeFirstOrThrow();
      expect((await treasuryAccount()).balance).toBe("-20.000000000000000000");

      // Everything from the deposit's block up replaced by empty blocks: the deposit and its sweep are gone.
      await chain.test.request({
        method: "anvil_reorg",
        params: [Number((await chain.head()) - paid.blockNumber + 1n), []],
      } as never);
      await advance(1);
      expect((await bills())[0]).toMatchObject({ status: "reversed" });
      // The collector has not looked yet: the books already hold nothing in the treasury for it (afterEach's checks).
      expect((await treasuryAccount()).balance).toBe("0.000000000000000000");
      expect(await ledgerViolations(db)).toEqual([]);
      await chainReconciles();
      expect(await collect()).toEqual([expect.objectContaining({ removed: 1, sent: 0 })]);
      expect(await tokenBalance(treasury)).toBe(0n);
    },
  );

  itOnce(
    "a reorganisation that mines a confirmed sweep again in another block: recorded there once confirmed again",
    async () => {
      const a = await merchantWithDepositAddress("a@example.com");
      const stranger = await chain.signedPayment(
        await chain.payer(),
        privateKeyToAccount(generatePrivateKey()).address,
        1n,
      );
      await creditedDeposits([[a.address, 18_000_000n]]);
      await collect();
      await advance(confirmations);
      await collect();
      const [before] = await collections();
      const raw = await chain.clients.public.request({
        method: "eth_getRawTransactionByHash",
        params: [before!.tx_hash as `0x${string}`],
      } as never);
      // The sweep's block and the ones after it replaced; the sweep itself mined again in the first new one, with
      // another payment after it: a block made again with the same parent, transactions and time is the same block, and
      // blocks mined back to back run ahead of the clock (a second each), so its time may well be the same.
      await chain.test.request({
        method: "anvil_reorg",
        params: [
          confirmations + 1,
          [
            [raw, 0],
            [stranger, 0],
          ],
        ],
      } as never);
      await watcher.tick();
      // Its new block is as deep as the old one was: it has its confirmations there at once.
      expect(await collect()).toEqual([expect.objectContaining({ reorganised: 1, removed: 0, sent: 0 })]);
      expect(await collect()).toEqual([expect.objectContaining({ reorganised: 0, removed: 0, sent: 0, confirmed: 0 })]);
      const [after] = await collections();
      expect(after).toMatchObject({ status: "confirmed", tx_hash: before!.tx_hash, amount: "18000000" });
      expect(after!.block_hash).not.toBe(before!.block_hash);
      expect((await bills())[0]).toMatchObject({ collection_tx_hash: before!.tx_hash });
      expect(await tokenBalance(treasury)).toBe(18_000_000n);
      expect(await balanceText(db, a.scope)).toBe("18");
      await chainReconciles();
    },
  );

  itOnce("a sweep the gas payer cannot pay for is recorded failed with its reason, and tried again", async () => {
    const a = await merchantWithDepositAddress("a@example.com");
    await creditedDeposits([[a.address, 15_000_000n]]);
    const eth = await chain.clients.public.getBalance({ address: chain.dev });
    await chain.test.setBalance({ address: chain.dev, value: 0n });
    try {
      expect(await collect()).toEqual([expect.objectContaining({ sent: 0, failed: 1 })]);
      expect(await collect()).toEqual([expect.objectContaining({ sent: 0, failed: 1 })]);
    } finally {
      await chain.test.setBalance({ address: chain.dev, value: eth });
    }
    const failed = await collections();
    expect(failed.map((c) => c.status)).toEqual(["failed", "failed"]);
    expect(failed[0]!.error).toMatch(/exceeds the balance/);
    expect((await bills())[0]).toMatchObject({ collection_id: null, collection_tx_hash: null });
    expect(await collect()).toEqual([expect.objectContaining({ sent: 1, failed: 0 })]);
    await advance(confirmations);
    await collect();
    expect((await collections()).map((c) => c.status)).toEqual(["failed", "failed", "confirmed"]);
    expect(await balanceText(db, a.scope)).toBe("15");
    await chainReconciles();
  });

  // Two collectors at the same moment: the collection lease keeps them apart. Collection as the queue's jobs of two
  // instances is two-instances-callbacks.process.test.ts's (why it is kept there, not here, is said there).
  it("two collectors on one database send one sweep per address", async () => {
    const merchants = [];
    for (let i = 0; i < 3; i++) merchants.push(await merchantWithDepositAddress(`m${i}@example.com`));
    await creditedDeposits(merchants.map((m) => [m.address, 11_000_000n] as const));
    const reports = (await Promise.all([collect("instance-a"), collect("instance-b")])).flat();
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(3);
    await advance(confirmations);
    await Promise.all([collect("instance-a"), collect("instance-b")]);
    expect((await collections()).map((c) => c.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
    expect(await tokenBalance(treasury)).toBe(33_000_000n);
  });

  itOnce(
    "a gas payer with its own key (GAS_PAYER_PRIVATE_KEY) signs each sweep, records it, then sends it; another key is refused",
    async () => {
      const key = generatePrivateKey();
      const gasPayer = gasPayerFromEnv({ GAS_PAYER_PRIVATE_KEY: key })!;
      await chain.test.setBalance({ address: gasPayer.account.address, value: 10n ** 18n });
      factory = await deployForwarderFactory(chain.clients, chain.dev, treasury, gasPayer.account.address);
      collected = { ...collected, depositFactory: factory };
      await expect(checkGasPayer([collected], nodeGasPayer(chain.dev))).rejects.toThrow(
        /is not the deposit factory's operator/,
      );
      await checkGasPayer([collected], gasPayer);
      expect(() => gasPayerFromEnv({ GAS_PAYER_PRIVATE_KEY: `${key}00` })).toThrow(
        "GAS_PAYER_PRIVATE_KEY must be 0x and 64 hex digits",
      );

      const a = await merchantWithDepositAddress("a@example.com");
      await creditedDeposits([[a.address, 40_000_000n]]);
      const run = () => collectOnce({ db, chains: [collected], gasPayer, threshold: "10" });
      expect(await run()).toEqual([expect.objectContaining({ sent: 1, failed: 0 })]);
      await advance(confirmations);
      expect(await run()).toEqual([expect.objectContaining({ confirmed: 1 })]);
      const [row] = await collections();
      expect(row).toMatchObject({ status: "confirmed", gas_payer: gasPayer.account.address, amount: "40000000" });
      expect(await tokenBalance(treasury)).toBe(40_000_000n);
      expect(await balanceText(db, a.scope)).toBe("40");
      await chainReconciles();
    },
  );

  itOnce(
    "npm run chain -- collect and reconcile: the running devnet's sweeps, and treasury + uncollected against the deposits",
    async () => {
      const dataDir = tempDir();
      mkdirSync(join(dataDir, "devnet"));
      const facts = {
        rpcUrl: chain.rpcUrl,
        chainId,
        genesisHash: `0x${"00".repeat(32)}`,
        token: { address: chain.token, symbol: "USDT", decimals: 6, deployBlock: "0" },
        depositFactory: factory,
        devAccount: chain.dev,
        watchedAddressesFile: "",
        walletXpub: "",
      };
      writeFileSync(join(dataDir, "devnet", "devnet.json"), JSON.stringify(facts));
      const env = { DATA_DIR: dataDir, COLLECTION_THRESHOLD: "10", DEVNET_CONFIRMATIONS: String(confirmations) };
      const a = await merchantWithDepositAddress("a@example.com");
      await creditedDeposits([[a.address, 30_000_000n]]);
      let out = "";
      const write = (text: string) => {
        out += text;
      };
      await runCollect(db, env, write);
      expect(out).toBe(
        `chain ${chainId}: sent 1, confirmed 0, removed 0, reorganised 0, failed 0, adopted 0, held 0 (threshold 10)\n`,
      );
      await advance(confirmations);
      out = "";
      expect(await runCollectionReconcile(db, env, write)).toBe(0);
      // Mined, not yet recorded as confirmed: on chain in the treasury, not yet in its books.
      expect(out).toMatch(
        /^collection chain 31337 0x[0-9a-f]{40} at block \d+: treasury 30 \+ uncollected 0 = credited 30 \+ not credited 0\? difference 0; treasury 30 = booked 0 \+ in transit 30\? difference 0 ok\n/,
      );
      // The gas side: the treasury never paid gas; the gas payer here is the devnet's dev wallet too, said so.
      expect(out).toContain(
        `gas chain ${chainId} ${treasury.toLowerCase()}: on chain 0 = booked 0 − in flight 0? difference 0 ok\n`,
      );
      expect(out).toMatch(new RegExp(`gas chain ${chainId} ${chain.dev.toLowerCase()}: .*( ok|dev wallet.*)\\n`));
      out = "";
      await runCollect(db, { ...env, COLLECTION_THRESHOLD: "1.0000001" }, write).catch((error: Error) =>
        write(error.message),
      );
      expect(out).toBe('COLLECTION_THRESHOLD: "1.0000001" has 7 decimals; this token has 6');
      out = "";
      await runCollect(db, env, write);
      expect(out).toBe(
        `chain ${chainId}: sent 0, confirmed 1, removed 0, reorganised 0, failed 0, adopted 0, held 0 (threshold 10)\n`,
      );
      // Tokens that reached the treasury other than by a sweep: the sums no longer meet, and the reconcile fails.
      await chain.pay(treasury, 5_000_000n);
      await watcher.tick();
      out = "";
      expect(await runCollectionReconcile(db, env, write)).toBe(1);
      expect(out).toMatch(
        /treasury 35 \+ uncollected 0 = credited 30 \+ not credited 0\? difference 5; treasury 35 = booked 30 \+ in transit 0\? difference 5 DIFFERS/,
      );
      // A holder the books cannot place: an address paid while nobody watched it, then taken into the book as if its
      // past were read (as addresses issued before migration 0026 were not): named with its amount.
      const { userId } = await seedMerchant(db, { email: "unread@example.com", password: "Merchant7Pass" });
      const app = await seedApplication(db, { userId });
      const unread = depositAddress(factory, depositSalt(depositSaltKey(testServerSecret), app.appCode, "unread"));
      await chain.pay(unread, 2_000_000n);
      await watcher.tick();
      await seedDepositAddress(db, {
        userId,
        applicationId: app.applicationId,
        appCode: app.appCode,
        endUserId: "unread",
        chainId,
        factory,
      });
      await db.updateTable("deposit_addresses").set({ history_read: true }).where("address", "=", unread).execute();
      await watcher.tick();
      out = "";
      expect(await runCollectionReconcile(db, env, write)).toBe(1);
      expect(out).toContain(
        `  deposit address ${unread}: on chain 2 = booked 0 + not booked 0? difference 2 DIFFERS\n`,
      );
    },
  );
});
