import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import type { ConfiguredChain } from "../chain/chain-layer.ts";
import type { OpenedDatabase } from "../db/open-database.ts";
import {
  seedApplication,
  seedBalance,
  seedBill,
  seedCallbackDelivery,
  seedConfirmedTransfer,
  seedMerchant,
  seedToken,
} from "../testing/seed.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { createReadiness } from "./readiness.ts";
import { createServerMetrics } from "./server-metrics.ts";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const eth: ConfiguredChain = {
  product: "Eth",
  chainId: 1,
  rpcUrl: "http://127.0.0.1:1",
  moreRpcUrls: ["http://127.0.0.1:2"],
  tokens: [{ symbol: "USDT", address: seedToken as `0x${string}`, decimals: 6 }],
  confirmations: 12,
  devnet: false,
};

// Every label the metrics may carry, each from a bounded set (no merchant id, address, URL or free text).
const allowedLabels = new Set(["route", "method", "status", "call", "outcome", "check", "chain", "backend", "result"]);
const allowedLabelsToo = new Set(["token", "currency", "state", "figures", "le", "quantile", "kind", "type", "space"]);
const defaultLabels = new Set(["version", "major", "minor", "patch"]);
const unbounded = /0x[0-9a-f]{8,}|https?:|@|[0-9a-f]{8}-[0-9a-f]{4}-|^\d{6,}$/i;

describe("the server's metrics", () => {
  it("name each figure with its type, and label them only from bounded sets", async () => {
    const { db } = database;
    await sql`insert into chain_cursors (chain_id, start_block, next_block, genesis_hash, head_number, head_hash, updated_at)
      values (1, 100, 191, '0xgenesis', 190, '0xhead', now() - interval '30 seconds')`.execute(db);
    const { transferId } = await seedConfirmedTransfer(db, { chainId: 1, baseUnits: 5_000_000n });
    await db
      .updateTable("chain_transfers")
      .set({ quarantine: "amount out of range", quarantined_at: new Date() })
      .where("id", "=", transferId)
      .execute();
    const { userId } = await seedMerchant(db, { email: "metrics@example.com", password: "Metrics7Pass" });
    const { appCode } = await seedApplication(db, { userId });
    // Credited without a transfer to any of the merchant's addresses: the books differ from the chain by 12.5 USDT.
    await seedBalance(db, { userId, amount: "12.5", chainId: 1 });
    const { billNo } = await seedBill(db, { userId, appCode });
    const { deliveryId } = await seedCallbackDelivery(db, { userId, appCode, billNo, status: "pending" });
    await sql`update callback_deliveries set next_attempt_at = now() - interval '90 seconds' where id = ${deliveryId}`.execute(
      db,
    );

    const readiness = createReadiness({ database: async () => {} });
    const metrics = createServerMetrics({
      db,
      chains: [eth],
      chainHeads: async () => [{ product: "Eth", chainId: 1, heads: [200n, null] }],
      readiness,
    });
    metrics.chainProbed([{ product: "Eth", chainId: 1, heads: [200n, null] }]);
    const app = await buildServer({ db, google: null, pruneEveryMs: 0, mailRetryEveryMs: 0, metrics, readiness });
    await app.inject({ method: "POST", url: `/api/wallet/${userId}Client/GetUserWallet` });
    await app.inject({ method: "GET", url: "/no/such/page/0x1234567890abcdef" });
    await app.inject({
      method: "POST",
      url: "/api/Login/Login",
      payload: { email: "x@example.com", password: "wrong" },
    });
    await app.inject({ method: "GET", url: "/readyz" });
    metrics.callbackAttempt("delivered");
    metrics.collectionRun({ ...emptyRun, sent: 2, held: 1 });
    metrics
      .watcherLog(quietLog)
      .error({ chainId: 1, err: new Error("node down") }, "chain watcher step failed; retrying");
    await metrics.refreshBooks();

    const text = await metrics.text();
    await app.close();
    const types = Object.fromEntries([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]));
    expect(types).toMatchObject({
      mc_http_request_duration_seconds: "histogram",
      mc_sign_in_answers_total: "counter",
      mc_ready: "gauge",
      mc_readiness_check_ok: "gauge",
      mc_chain_head_block: "gauge",
      mc_chain_scanned_block: "gauge",
      mc_chain_lag_blocks: "gauge",
      mc_chain_scan_age_seconds: "gauge",
      mc_chain_rpc_up: "gauge",
      mc_chain_rpc_errors_total: "counter",
      mc_chain_watcher_errors_total: "counter",
      mc_chain_transfers_confirmed_total: "counter",
      mc_chain_transfers_quarantined: "gauge",
      mc_callback_attempts_total: "counter",
      mc_callback_queue_depth: "gauge",
      mc_callback_pending: "gauge",
      mc_callback_oldest_due_seconds: "gauge",
      mc_collection_sweeps_total: "counter",
      mc_collection_held_addresses: "gauge",
      mc_withdrawals: "gauge",
      mc_reconcile_difference_usdt: "gauge",
      mc_reconcile_ok: "gauge",
      mc_books_treasury: "gauge",
      mc_books_owed_to_merchants: "gauge",
      mc_balance_sheet_difference: "gauge",
      mc_books_checked_timestamp_seconds: "gauge",
      process_resident_memory_bytes: "gauge",
    });

    const sample = (line: string) => text.split("\n").find((l) => l.startsWith(line));
    expect(sample('mc_chain_head_block{chain="Eth"}')).toBe('mc_chain_head_block{chain="Eth"} 200');
    expect(sample('mc_chain_scanned_block{chain="Eth"}')).toBe('mc_chain_scanned_block{chain="Eth"} 190');
    expect(sample('mc_chain_lag_blocks{chain="Eth"}')).toBe('mc_chain_lag_blocks{chain="Eth"} 10');
    expect(Number(sample("mc_chain_scan_age_seconds")?.split(" ")[1])).toBeGreaterThanOrEqual(29);
    expect(sample('mc_chain_rpc_up{chain="Eth",backend="1"}')).toBe('mc_chain_rpc_up{chain="Eth",backend="1"} 0');
    expect(sample('mc_chain_rpc_errors_total{chain="Eth",backend="1"}')).toMatch(/ 1$/);
    expect(sample('mc_chain_watcher_errors_total{chain="Eth"}')).toMatch(/ 1$/);
    expect(sample('mc_chain_transfers_quarantined{chain="Eth"}')).toMatch(/ 1$/);
    expect(sample("mc_callback_queue_depth")).toBe("mc_callback_queue_depth 1");
    expect(Number(sample("mc_callback_oldest_due_seconds")?.split(" ")[1])).toBeGreaterThanOrEqual(89);
    expect(sample('mc_collection_held_addresses{chain="Eth"}')).toMatch(/ 1$/);
    expect(sample('mc_sign_in_answers_total{call="login",outcome="refused"}')).toMatch(/ 1$/);
    expect(text).toContain('route="/api/wallet/:productClient/GetUserWallet"');
    expect(text).toContain('route="unmatched"');
    expect(sample("mc_ready")).toBe("mc_ready 1");
    expect(sample('mc_reconcile_difference_usdt{chain="Eth",token="USDT"}')).toMatch(/ 12\.5$/);
    expect(sample('mc_reconcile_ok{chain="Eth",token="USDT"}')).toMatch(/ 0$/);
    expect(sample('mc_books_owed_to_merchants{currency="USDT"}')).toMatch(/ 12\.5$/);
    expect(sample('mc_books_treasury{currency="USDT"}')).toMatch(/ 0$/);

    const labels = [...text.matchAll(/\b(\w+)="([^"]*)"/g)].map((m) => ({ name: m[1]!, value: m[2]! }));
    expect(labels.length).toBeGreaterThan(50);
    const unexpected = labels.filter(
      ({ name, value }) =>
        !(allowedLabels.has(name) || allowedLabelsToo.has(name) || defaultLabels.has(name)) ||
        (!defaultLabels.has(name) && unbounded.test(value)) ||
        value.includes(userId),
    );
    expect(unexpected).toEqual([]);
  });
});

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
const emptyRun = {
  chainId: 1,
  busy: false,
  sent: 0,
  confirmed: 0,
  removed: 0,
  reorganised: 0,
  failed: 0,
  adopted: 0,
  held: 0,
};
