import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { transactionEventsPath, transactionRecord } from "../../contracts/schemas/transactions.ts";
import type { DB } from "../db/schema.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import { receiveToBalance } from "../domain/payments/balance.ts";
import { recordCounting } from "../domain/withdrawals/withdrawal-counting.ts";
import { requestWithdrawal, type WithdrawalRules } from "../domain/withdrawals/withdrawal-holds.ts";
import { openEventStream, type OpenedEventStream } from "../testing/event-stream.ts";
import { createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedConfirmedTransfer, seedToken } from "../testing/seed.ts";
import { stubChainLayer } from "../testing/stub-chain.ts";

// Runs on PGlite and on PostgreSQL: the stream is fed by each engine's own LISTEN, raised by the ledger's trigger
// (migration 0036) and by the withdrawal's changes (scripts/database-tests.ts).

let h: Harness;
let base: string;
let rules: WithdrawalRules;
const open: OpenedEventStream[] = [];

beforeAll(async () => {
  const chain = stubChainLayer();
  const tokens = chain.chains.flatMap((c) =>
    c.tokens.map((t) => ({ chainId: c.chainId, address: t.address, decimals: t.decimals, fee: 10n ** 18n })),
  );
  rules = { tokens, dailyLimit: 10_000n * 10n ** 18n, forbidden: new Set<string>(), addressCooldownSeconds: 0 };
  h = await createHarness({ chain, withdrawals: rules, liveStreams: { keepAliveMs: 1_000 } });
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  const address = h.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => h?.close());
beforeEach(async () => {
  for (const stream of open.splice(0)) stream.close();
  await reset(h);
});

const listener = systemScope("test");
const tx = <T>(work: (trx: Kysely<DB>) => Promise<T>) => h.db.transaction().execute(work);

async function follow(m: Merchant): Promise<OpenedEventStream> {
  const live = await openEventStream(`${base}${transactionEventsPath}`, { authorization: `Bearer ${m.token}` });
  open.push(live);
  expect(live.status).toBe(200);
  return live;
}

const recordsOf = (live: OpenedEventStream) =>
  live.events.map((e) => {
    expect(e.event).toBe("transaction");
    return transactionRecord.parse(JSON.parse(e.data));
  });

async function recharge(m: Merchant, units: bigint) {
  const { transferId, txHash } = await seedConfirmedTransfer(h.db, { baseUnits: units * 1_000_000n });
  const token = { chainId: 31337, address: seedToken, decimals: 6 };
  const receipt = { transferId, txHash, token, amount: units * 10n ** 18n, now: new Date() };
  await tx((trx) => receiveToBalance(trx, actFor(listener, m.userId), "unmatched", null, receipt));
  return txHash;
}

describe(`GET ${transactionEventsPath}`, () => {
  it("sends each record the ledger writes when it commits, and a withdrawal's record as it counts its confirmations, to its merchant only", async () => {
    const m = await signedInMerchant(h, "live-records@example.com");
    const other = await signedInMerchant(h, "other-records@example.com");
    const [live, theirs] = [await follow(m), await follow(other)];
    await expect.poll(() => live.comments[0]?.trim()).toBe("ready");

    const hash = await recharge(m, 30n);
    await live.waitForEvents(1);
    expect(recordsOf(live).map((r) => [r.kind, r.amount, r.txHash, r.confirmations, r.requiredConfirmations])).toEqual([
      ["unmatched", "30", hash, 2, 2],
    ]);

    const asked = { chainId: 31337, token: rules.tokens[0]!.address, to: `0x${"44".repeat(20)}`, amount: "5" };
    const held = await requestWithdrawal(h.db, actFor(listener, m.userId), asked, rules, new Date());
    if (!held.ok) throw new Error(held.message);
    await live.waitForEvents(2);
    const withdrawal = recordsOf(live)[1]!;
    expect(withdrawal).toMatchObject({ kind: "withdrawal", amount: "-6", withdrawalId: held.withdrawal.id });
    expect([withdrawal.txHash, withdrawal.confirmations, withdrawal.requiredConfirmations]).toEqual([null, null, null]);

    // Signed and seen mined: its record counts 1 of 2, the same count again says nothing, gone again it says so.
    await h.db.updateTable("withdrawals").set({ status: "broadcast" }).where("id", "=", held.withdrawal.id).execute();
    const seen = { txHash: `0x${"5e".repeat(32)}`, blockNumber: 120n, confirmations: 1 };
    await recordCounting(h.db, held.withdrawal.id, seen);
    await recordCounting(h.db, held.withdrawal.id, seen);
    await live.waitForEvents(3);
    await recordCounting(h.db, held.withdrawal.id, null);
    await live.waitForEvents(4);
    const [counting, taken] = recordsOf(live).slice(2);
    expect(counting).toMatchObject({ id: withdrawal.id, txHash: seen.txHash, blockNumber: "120", confirmations: 1 });
    expect(counting!.requiredConfirmations).toBe(2);
    expect(counting!.withdrawalStatus).toBe("broadcast");
    expect(taken).toMatchObject({ id: withdrawal.id, txHash: null, blockNumber: null, confirmations: null });
    expect(recordsOf(theirs)).toEqual([]);
  });
});
