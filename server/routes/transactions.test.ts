import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { transactionListResult } from "../../contracts/schemas/transactions.ts";
import type { DB } from "../db/schema.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import {
  debitOrderPayment,
  receiveDeposit,
  receiveToBalance,
  reverseTransfer,
  type TransferReceipt,
} from "../domain/payments/balance.ts";
import { requestWithdrawal, type WithdrawalRules } from "../domain/withdrawals/withdrawal-holds.ts";
import { transactionExportTable } from "../../contracts/exports/transactions.ts";
import { labelledRowOf } from "../testing/csv-rows.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedConfirmedTransfer, seedOpenOrder, seedToken } from "../testing/seed.ts";
import { stubChainLayer } from "../testing/stub-chain.ts";

let h: Harness;
let rules: WithdrawalRules;
beforeAll(async () => {
  const chain = stubChainLayer();
  const tokens = chain.chains.flatMap((c) =>
    c.tokens.map((t) => ({ chainId: c.chainId, address: t.address, decimals: t.decimals, fee: 10n ** 18n })),
  );
  rules = { tokens, dailyLimit: 10_000n * 10n ** 18n, forbidden: new Set<string>(), addressCooldownSeconds: 0 };
  h = await createHarness({ chain, withdrawals: rules });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const listener = systemScope("test");
const usdt = (units: bigint) => units * 10n ** 18n;
const token = { chainId: 31337, address: seedToken, decimals: 6 };
const tx = <T>(work: (trx: Kysely<DB>) => Promise<T>) => h.db.transaction().execute(work);
const second = (n: number) => new Date(Date.UTC(2026, 10, 21, 8, 0, n));

async function transfer(units: bigint, at: Date): Promise<TransferReceipt & { txHash: string }> {
  const { transferId, txHash } = await seedConfirmedTransfer(h.db, { baseUnits: units * 1_000_000n });
  return { transferId, txHash, token, amount: usdt(units), now: at };
}

const list = async (m: Merchant, body: Record<string, unknown> = {}) => {
  const answer = await call(h, "transactionList", { token: m.token, body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
  return transactionListResult.parse(answer.resData);
};

/** A recharge of 30, a deposit of 11, an order paid 9 from the balance, a withdrawal of 5 (fee 1), then the recharge reversed. */
async function movements(m: Merchant) {
  const scope = actFor(listener, m.userId);
  const recharge = await transfer(30n, second(1));
  await tx((trx) => receiveToBalance(trx, scope, "unmatched", null, recharge));
  const deposit = await transfer(11n, second(2));
  await tx((trx) => receiveDeposit(trx, scope, deposit));
  const order = await seedOpenOrder(h.db, { userId: m.userId, packageCode: "basic" });
  await tx((trx) => debitOrderPayment(trx, scope, order.orderId, usdt(9n), second(3)));
  const asked = { chainId: 31337, token: rules.tokens[0]!.address, to: `0x${"44".repeat(20)}`, amount: "5" };
  const withdrawal = await requestWithdrawal(h.db, scope, asked, rules, second(4));
  expect(withdrawal.ok).toBe(true);
  await tx((trx) => reverseTransfer(trx, listener, recharge.transferId, null, second(5)));
  return { recharge, deposit, order };
}

describe("Transaction/List and Export", () => {
  it("lists every movement of the balance newest first, signed, with its journal's lines and what caused it", async () => {
    const m = await signedInMerchant(h);
    const made = await movements(m);
    const page = await list(m);
    expect(page).toMatchObject({ total: 5, totalCapped: false });
    expect(page.items.map((r) => [r.kind, r.amount, r.orderCode, r.txHash])).toEqual([
      // The balance held 26 when the recharge was taken back: the other 4 are owed (merchantDebt).
      ["reorg", "-26", null, made.recharge.txHash],
      ["withdrawal", "-6", null, null],
      ["orderPayment", "-9", made.order.orderCode, null],
      ["deposit", "11", null, made.deposit.txHash],
      ["unmatched", "30", null, made.recharge.txHash],
    ]);
    const [reversal, withdrawal, payment, deposit] = page.items;
    expect(reversal!.lines).toEqual([
      { account: "receipts", amount: "30" },
      { account: "merchant", amount: "-26" },
      { account: "merchantDebt", amount: "-4" },
    ]);
    expect(withdrawal).toMatchObject({ withdrawalStatus: "requested", chain: "Devnet" });
    expect(withdrawal!.lines.map((l) => l.account).sort()).toEqual(["merchant", "withdrawal"]);
    expect(payment!.lines).toEqual([
      { account: "merchant", amount: "-9" },
      { account: "order", amount: "9" },
    ]);
    expect(deposit).toMatchObject({ chain: "Devnet", blockNumber: "1", createdAt: "2026-11-21T08:00:02.000Z" });
  });

  it("filters by kind, time and transaction, pages by cursor, and exports exactly what it lists", async () => {
    const m = await signedInMerchant(h);
    const made = await movements(m);
    expect((await list(m, { kind: "withdrawal" })).items.map((r) => r.amount)).toEqual(["-6"]);
    expect((await list(m, { txHash: made.recharge.txHash.toUpperCase().replace("0X", "0x") })).items).toHaveLength(2);
    const between = await list(m, { startTime: "2026-11-21T08:00:02Z", endTime: "2026-11-21T08:00:03Z" });
    expect(between.items.map((r) => r.kind)).toEqual(["orderPayment", "deposit"]);
    const first = await list(m, { pageSize: 3 });
    const second = await list(m, { pageSize: 3, cursor: first.nextCursor });
    expect(second.items.map((r) => r.kind)).toEqual(["deposit", "unmatched"]);
    const refused = await call(h, "transactionList", {
      token: m.token,
      body: { kind: "reorg", cursor: first.nextCursor },
    });
    expect(refused).toMatchObject({ success: false, errCode: errCodes.listCursorInvalid });

    // In the language the console asks in (its Language header): the list's labels, each row as the list reads it.
    const file = await call(h, "transactionExport", {
      token: m.token,
      body: { startTime: "2026-11-21T08:00:02Z" },
      headers: { language: "ja-JP" },
    });
    expect(file.headers["content-disposition"]).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}-filtered\.csv"$/,
    );
    const listed = await list(m, { startTime: "2026-11-21T08:00:02Z" });
    expect(listed.items).toHaveLength(4);
    expect(file.csv).toEqual(listed.items.map((record) => labelledRowOf(transactionExportTable, record, "ja-JP")));
    // The file's first header is the list's first label, in Japanese, and its recharge reads as the list's does.
    const recharge = (
      await call(h, "transactionExport", {
        token: m.token,
        body: { kind: "unmatched" },
        headers: { language: "ja-JP" },
      })
    ).csv;
    expect(recharge?.map((row) => [row.種類, row["種類（コード）"], row.金額, row.通貨])).toEqual([
      ["チャージ", "unmatched", "30", "USDT"],
    ]);
  });
});
