import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import type { DB } from "../../db/schema.ts";
import { resetDatabase, seedConfirmedTransfer, seedMerchant, seedOpenOrder } from "../../testing/seed.ts";
import { emptyTables } from "../../testing/empty-tables.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import {
  balanceText,
  debitOrderPayment,
  receiveForOrder,
  receiveToBalance,
  restoreTransfer,
  reverseTransfer,
  type TransferReceipt,
} from "./balance.ts";
import { balanceSheets } from "./balance-sheet.ts";
import { accountId, merchantAccount, post, unrestoredRemoval } from "./ledger.ts";
import { ledgerViolations, reconcile } from "./reconcile.ts";

/**
 * The ledger's guarantees are the database's (migration 0012): each test has the application code, or a hand-written
 * statement, try what must never happen and the database refuse it; the controls drop the constraint inside a
 * rolled-back transaction and show the same call then lands. Constraints, triggers and deferred checks are SQL, which
 * PGlite (PostgreSQL compiled to WebAssembly) runs as the server does: npm test runs this once, on PostgreSQL.
 */
let database: OpenedDatabase;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await resetDatabase(db);
  await emptyTables(db, ["chain_transfers", "receiving_addresses"]);
});

const tests = systemScope("test");
const token = { chainId: 31337, address: `0x${"11".repeat(20)}`, decimals: 6 };
const usdt = (whole: bigint) => whole * 10n ** 18n;

async function merchantWithAddress(email = "ledger@example.com") {
  const { userId } = await seedMerchant(db, { email, password: "Secret123" });
  const address = `0x${userId.padStart(40, "a")}`;
  await db
    .insertInto("receiving_addresses")
    .values({ address_index: Number(userId), address, merchant_id: userId })
    .execute();
  return { userId, address, scope: actFor(tests, userId) };
}

/** A confirmed transfer of `whole` USDT (6 decimals) to the address. */
async function transfer(to: string, whole: bigint): Promise<TransferReceipt> {
  const { transferId } = await seedConfirmedTransfer(db, { baseUnits: whole * 1_000_000n, to });
  return { transferId, token, amount: usdt(whole), now: new Date() };
}

const inTransaction = <T>(work: (trx: Kysely<DB>) => Promise<T>) => db.transaction().execute(work);

/** The refusing constraint's name (or the error's message); "accepted" when nothing refused. */
async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    const e = error as { constraint?: string; message: string };
    return e.constraint ?? e.message;
  }
  return "accepted";
}

/** Runs `work` with the constraint dropped, then rolls everything back: what the database would accept without it. */
async function withoutConstraint(table: string, constraint: string, work: (trx: Kysely<DB>) => Promise<void>) {
  const rolledBack = new Error("rolled back");
  const outcome = await refusal(() =>
    inTransaction(async (trx) => {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(constraint)}`.execute(trx);
      await work(trx);
      throw rolledBack;
    }),
  );
  expect(outcome).toBe("rolled back");
}

describe("the double-entry ledger (migration 0012)", () => {
  it("refuses, at commit, a journal whose lines do not sum to zero and a journal without lines", async () => {
    const m = await merchantWithAddress();
    const t = await transfer(m.address, 5n);
    const unbalanced = () =>
      inTransaction(async (trx) => {
        await post(trx, { kind: "unmatched", transferId: t.transferId, at: new Date() }, [
          [await accountId(trx, { kind: "receipts", token }), -usdt(5n)],
          [await merchantAccount(trx, m.userId), usdt(6n)],
        ]);
      });
    expect(await refusal(unbalanced)).toMatch(/journal \d+ does not balance in USDT \(off by 1\.0+\)/);
    const empty = () =>
      inTransaction((trx) =>
        trx
          .insertInto("ledger_journals")
          .values({ kind: "unmatched", transfer_id: t.transferId, created_at: new Date() })
          .execute(),
      );
    expect(await refusal(empty)).toMatch(/fewer than two lines/);
    const noCause = () =>
      inTransaction((trx) => trx.insertInto("ledger_journals").values({ kind: "orderPaid" }).execute());
    expect(await refusal(noCause)).toBe("ledger_journal_has_cause");
    expect(await balanceText(db, m.scope)).toBe("0");
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("never lets a merchant's balance go below zero; the stored balance moves only through lines, which are append-only", async () => {
    const m = await merchantWithAddress();
    const t = await transfer(m.address, 5n);
    await inTransaction((trx) => receiveToBalance(trx, m.scope, "unmatched", null, t));
    const order = await seedOpenOrder(db, { userId: m.userId, packageCode: "basic" });
    const overdraw = () => inTransaction((trx) => debitOrderPayment(trx, m.scope, order.orderId, usdt(6n), new Date()));
    expect(await refusal(overdraw)).toBe("ledger_balance_not_negative");
    await withoutConstraint("ledger_accounts", "ledger_balance_not_negative", async (trx) => {
      await debitOrderPayment(trx, m.scope, order.orderId, usdt(6n), new Date());
      expect(await balanceText(trx, m.scope)).toBe("-1");
    });
    const setBalance = () => sql`update ledger_accounts set balance = 100 where kind = 'merchant'`.execute(db);
    expect(await refusal(setBalance)).toMatch(/ledger_accounts is written only by posting lines \(UPDATE refused\)/);
    const editLine = () => sql`update ledger_lines set amount = 100`.execute(db);
    expect(await refusal(editLine)).toMatch(/ledger_lines is written only by posting lines/);
    const dropLines = () => sql`delete from ledger_lines`.execute(db);
    expect(await refusal(dropLines)).toMatch(/DELETE refused/);
    const fakeCredit = () => sql`update ledger_transfers set credited = 0`.execute(db);
    expect(await refusal(fakeCredit)).toMatch(/ledger_transfers is written only by posting lines/);
    expect(await balanceText(db, m.scope)).toBe("5");
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("refuses a second credit of a transfer, whatever mix of order and balance the code tries (finding 1 of issue 24)", async () => {
    const m = await merchantWithAddress();
    const order = await seedOpenOrder(db, { userId: m.userId, packageCode: "basic" });
    const t = await transfer(m.address, 30n);
    await inTransaction((trx) => receiveForOrder(trx, order.orderId, t));
    // What the listener did before the fix: the order no longer open, the whole transfer to the balance as well.
    const again = () => inTransaction((trx) => receiveToBalance(trx, m.scope, "orderClosed", order.orderId, t));
    expect(await refusal(again)).toBe("ledger_transfer_credited_once");
    const half = () => inTransaction((trx) => receiveToBalance(trx, m.scope, "late", null, { ...t, amount: usdt(1n) }));
    expect(await refusal(half)).toBe("ledger_transfer_credited_once");
    await withoutConstraint("ledger_transfers", "ledger_transfer_credited_once", async (trx) => {
      await receiveToBalance(trx, m.scope, "orderClosed", order.orderId, t);
      expect(await balanceText(trx, m.scope)).toBe("30");
    });
    // The value is the chain row's, not the caller's: a credit claiming more than the transfer is refused too.
    const other = await transfer(m.address, 2n);
    const inflated = () =>
      inTransaction((trx) => receiveToBalance(trx, m.scope, "unmatched", null, { ...other, amount: usdt(3n) }));
    expect(await refusal(inflated)).toBe("ledger_transfer_credited_once");
    expect(await balanceText(db, m.scope)).toBe("0");
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("names the transfer on every receipts line, of the account's own chain and token", async () => {
    const m = await merchantWithAddress();
    const t = await transfer(m.address, 4n);
    const order = await seedOpenOrder(db, { userId: m.userId, packageCode: "basic" });
    const noTransfer = () =>
      inTransaction(async (trx) => {
        await post(trx, { kind: "orderClosed", orderId: order.orderId, at: new Date() }, [
          [await accountId(trx, { kind: "receipts", token }), -usdt(4n)],
          [await merchantAccount(trx, m.userId), usdt(4n)],
        ]);
      });
    expect(await refusal(noTransfer)).toMatch(/a line on chain receipts must name its transfer/);
    const otherToken = { ...token, address: `0x${"33".repeat(20)}` };
    const wrongAccount = () =>
      inTransaction((trx) => receiveToBalance(trx, m.scope, "unmatched", null, { ...t, token: otherToken }));
    expect(await refusal(wrongAccount)).toMatch(/is not of the receipts account's chain and token/);
    // The treasury (migrations 0027, 0029) is moved by sweeps, each naming its transfer, and withdrawals only.
    const notASweep = () =>
      inTransaction(async (trx) => {
        await post(trx, { kind: "deposit", transferId: t.transferId, at: new Date() }, [
          [await accountId(trx, { kind: "treasury", token }), -usdt(4n)],
          [await merchantAccount(trx, m.userId), usdt(4n)],
        ]);
      });
    expect(await refusal(notASweep)).toMatch(/only a sweep, a withdrawal or the operator's float moves the treasury/);
  });

  it("the whole sheet balances per currency, and names one whose stored balances drifted from their lines", async () => {
    const m = await merchantWithAddress();
    const t = await transfer(m.address, 5n);
    await inTransaction((trx) => receiveToBalance(trx, m.scope, "unmatched", null, t));
    expect(await balanceSheets(db)).toEqual([
      expect.objectContaining({ currency: "USDT", atAddresses: "5", available: "5", difference: "0", ok: true }),
    ]);
    // A stored balance moved behind the ledger's back (its triggers off, as only a superuser can): the sheet says so.
    await inTransaction(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update ledger_accounts set balance = balance + 1 where kind = 'merchant'`.execute(trx);
    });
    expect(await balanceSheets(db)).toEqual([expect.objectContaining({ difference: "-1", ok: false })]);
    await inTransaction(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update ledger_accounts set balance = balance - 1 where kind = 'merchant'`.execute(trx);
    });
  });

  it("a removal takes back what was credited (what the balance cannot cover, owed by the merchant); the return restores exactly that, once", async () => {
    const m = await merchantWithAddress();
    const t = await transfer(m.address, 5n);
    await inTransaction((trx) => receiveToBalance(trx, m.scope, "unmatched", null, t));
    const order = await seedOpenOrder(db, { userId: m.userId, packageCode: "basic" });
    await inTransaction((trx) => debitOrderPayment(trx, m.scope, order.orderId, usdt(3n), new Date()));
    await inTransaction((trx) => reverseTransfer(trx, tests, t.transferId, null, new Date()));
    // 2 were left on the balance: taken back; the 3 spent are owed by the merchant, not a negative balance, nor the
    // platform's loss.
    expect(await balanceText(db, m.scope)).toBe("0");
    const accounts = await db
      .selectFrom("ledger_accounts")
      .select(["kind", "balance"])
      .where("kind", "in", ["reorgLoss", "merchantDebt"])
      .orderBy("kind")
      .execute();
    expect(accounts.map((a) => [a.kind, Number(a.balance)])).toEqual([
      ["merchantDebt", -3],
      ["reorgLoss", 0],
    ]);
    // Removed again before it came back: nothing is credited, nothing to take.
    await inTransaction((trx) => reverseTransfer(trx, tests, t.transferId, null, new Date()));
    expect((await db.selectFrom("ledger_journals").select("kind").where("kind", "=", "reorg").execute()).length).toBe(
      1,
    );

    const removal = await unrestoredRemoval(db, t.transferId);
    const wrongRestore = () =>
      inTransaction(async (trx) => {
        await post(trx, { kind: "restore", transferId: t.transferId, restores: removal!.id, at: new Date() }, [
          [removal!.lines[0]![0], -usdt(5n)],
          [await merchantAccount(trx, m.userId), usdt(5n)],
        ]);
      });
    expect(await refusal(wrongRestore)).toMatch(/is not the exact reverse of journal/);
    expect(await inTransaction((trx) => restoreTransfer(trx, tests, t.transferId, new Date()))).toEqual({
      orderId: null,
    });
    expect(await balanceText(db, m.scope)).toBe("2");
    expect(await inTransaction((trx) => restoreTransfer(trx, tests, t.transferId, new Date()))).toBe(false);
    // A second restore of the same removal: the code's posting is a no-op, a hand-written one is refused.
    const again = await inTransaction((trx) =>
      post(
        trx,
        { kind: "restore", transferId: t.transferId, restores: removal!.id, at: new Date() },
        removal!.lines.map(([account, amount]) => [account, -amount]),
      ),
    );
    expect(again).toBeNull();
    const secondRestore = () =>
      sql`insert into ledger_journals (kind, transfer_id, restores) values ('restore', ${t.transferId}, ${removal!.id})`.execute(
        db,
      );
    expect(await refusal(secondRestore)).toBe("ledger_journals_restores_key");
    expect(await balanceText(db, m.scope)).toBe("2");
    expect(await ledgerViolations(db)).toEqual([]);
    expect((await reconcile(db)).map((r) => [r.received, r.credited, r.ok])).toEqual([["5", "5", true]]);
  });
});

describe("a deep reorganisation", () => {
  /**
   * Found from outside: a merchant credited 30, 31 and 7 who spent 7; the reorganisation drops all three and
   * brings back the 30 and the 31. Whatever the order the listener meets the removals and returns in, the merchant ends
   * with 68 - 7 spent - 7 dropped = 54, and the platform has lost nothing: a removal that finds the balance short
   * records what the merchant owes, taken from the next money they get (a return included), never a loss of the
   * platform's while the merchant's own money can cover it.
   */
  it("ends the same whatever the order its removals and returns are processed in", async () => {
    const orders = [
      ["-A", "-B", "-C", "+A", "+B"],
      ["-C", "-A", "-B", "+A", "+B"],
      ["-A", "+A", "-B", "-C", "+B"],
      ["-B", "-A", "+B", "-C", "+A"],
    ];
    const outcomes: Array<[string, string]> = [];
    for (const [n, steps] of orders.entries()) {
      const m = await merchantWithAddress(`reorg-${n}@example.com`);
      const amounts = { A: 30n, B: 31n, C: 7n } as const;
      const transfers: Record<string, TransferReceipt> = {};
      for (const [name, whole] of Object.entries(amounts)) {
        transfers[name] = await transfer(m.address, whole);
        await inTransaction((trx) => receiveToBalance(trx, m.scope, "unmatched", null, transfers[name]!));
      }
      const order = await seedOpenOrder(db, { userId: m.userId, packageCode: "basic" });
      await inTransaction((trx) => debitOrderPayment(trx, m.scope, order.orderId, usdt(7n), new Date()));
      for (const step of steps) {
        const id = transfers[step.slice(1)]!.transferId;
        if (step.startsWith("-")) await inTransaction((trx) => reverseTransfer(trx, tests, id, null, new Date()));
        else await inTransaction((trx) => restoreTransfer(trx, tests, id, new Date()));
      }
      // As the listener leaves the one that never came back.
      await db
        .updateTable("chain_transfers")
        .set({ status: "removed" })
        .where("id", "=", transfers.C!.transferId)
        .execute();
      outcomes.push([steps.join(" "), await balanceText(db, m.scope)]);
    }
    expect(outcomes).toEqual(orders.map((steps) => [steps.join(" "), "54"]));
    const platform = await db
      .selectFrom("ledger_accounts")
      .select(["kind", "balance"])
      .where("kind", "in", ["reorgLoss", "merchantDebt"])
      .execute();
    expect(platform.filter((a) => Number(a.balance) !== 0)).toEqual([]);
    expect(await ledgerViolations(db)).toEqual([]);

    // A debt account that owes the merchant (a recovery that took too much) is a broken invariant the check names.
    const m = await merchantWithAddress("owing@example.com");
    const owed = await transfer(m.address, 4n);
    await inTransaction((trx) => receiveToBalance(trx, m.scope, "unmatched", null, owed));
    await inTransaction(async (trx) =>
      post(trx, { kind: "recovery", at: new Date() }, [
        [await merchantAccount(trx, m.userId), -usdt(1n)],
        [await accountId(trx, { kind: "merchantDebt", merchantId: m.userId }), usdt(1n)],
      ]),
    );
    expect((await ledgerViolations(db)).map((v) => v.kind)).toEqual(["merchantDebtUnsettled"]);
  });
});

describe("reconcile and ledgerViolations", () => {
  it("match credits with confirmed transfers per chain and token; a planted difference and a credited removal show", async () => {
    const m = await merchantWithAddress();
    const t = await transfer(m.address, 7n);
    await inTransaction((trx) => receiveToBalance(trx, m.scope, "unmatched", null, t));
    const quarantined = await transfer(m.address, 1_000n);
    await db
      .updateTable("chain_transfers")
      .set({ quarantine: "amount out of range", quarantined_at: new Date() })
      .where("id", "=", quarantined.transferId)
      .execute();
    expect(await reconcile(db)).toEqual([
      {
        chainId: "31337",
        token: token.address,
        decimals: 6,
        transfers: 1,
        receivedUnits: "7000000",
        received: "7",
        credited: "7",
        difference: "0",
        quarantined: 1,
        ok: true,
      },
    ]);
    // A confirmed transfer nobody credited.
    await transfer(m.address, 2n);
    expect(await reconcile(db)).toMatchObject([{ received: "9", credited: "7", difference: "-2", ok: false }]);
    // The credited one removed by a reorganisation the ledger never heard of.
    await db.updateTable("chain_transfers").set({ status: "removed" }).where("id", "=", t.transferId).execute();
    expect(await ledgerViolations(db)).toEqual([
      { kind: "creditedNotConfirmed", detail: expect.stringMatching(/is removed but 7\.0+ of it is credited/) },
    ]);
  });
});
