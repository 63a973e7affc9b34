import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "../db/open-database.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import { receivingAddressOf } from "../domain/payments/receiving-addresses.ts";
import { seedMerchant } from "../testing/seed.ts";
import { tempDirs } from "../testing/temp-dirs.ts";
import { createTestDatabase } from "../testing/test-database.ts";
import { type ChainLayer, startChainLayer } from "./chain-layer.ts";
import { startDevnet } from "./devnet.ts";
import { randomXpub } from "./hd-wallet.ts";
import { silentLog } from "./listener.ts";
import { resetChainTables } from "./test-chain.ts";

process.env.PASSWORD_HASH_COST ??= "test";
const tempDir = tempDirs("mc-chain-layer-");
let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await resetChainTables(database.db);
});
afterAll(() => database?.close());

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the chain layer as the server starts it (devnet, address book, watcher, listener)", {
  timeout: 60_000,
}, () => {
  it("a payment from the dev account to a merchant's address is seen and confirmed, and the listener runs inside the watcher's transaction", async () => {
    const dataDir = tempDir();
    const heard: string[] = [];
    let failOnce = true;
    let layer: ChainLayer | undefined;
    try {
      layer = await startChainLayer({
        db: database.db,
        env: { DEVNET_PORT: "0" },
        dataDir,
        log: silentLog,
        listener: {
          async onTransferSeen(_trx, t) {
            heard.push(`seen ${t.amount}`);
            // A failing listener rolls the step back: the transfer is not stored until the listener succeeds.
            if (failOnce) {
              failOnce = false;
              throw new Error("the domain failed once");
            }
          },
          async onTransferConfirmed(trx, t) {
            const row = await trx
              .selectFrom("chain_transfers")
              .select("status")
              .where("id", "=", t.id)
              .executeTakeFirstOrThrow();
            heard.push(`confirmed ${t.amount} (row ${row.status} in the same transaction)`);
          },
        },
      });
      expect(layer.chains.map((c) => [c.product, c.chainId, c.confirmations, c.devnet])).toEqual([
        ["Devnet", 31337, 2, true],
      ]);
      expect(layer.currencies.chainByProduct("devnet")).toBe(layer.chains[0]);
      expect(layer.currencies.chainByProduct("Eth")).toBeUndefined();
      const { userId } = await seedMerchant(database.db, { email: "payer@example.com", password: "Merchant7Pass" });
      const { address } = await receivingAddressOf(database.db, layer.addresses, actFor(systemScope("test"), userId));
      const paid = await layer.payFromDevAccount(address, 5_250_000n);
      const row = await until(() =>
        database.db
          .selectFrom("chain_transfers")
          .selectAll()
          .where("tx_hash", "=", paid.hash)
          .where("status", "=", "confirmed")
          .executeTakeFirst(),
      );
      expect(row).toMatchObject({ to_address: address, amount: "5250000", block_number: String(paid.blockNumber) });
      expect(heard).toEqual([
        "seen 5250000",
        "seen 5250000",
        "confirmed 5250000 (row confirmed in the same transaction)",
      ]);
      expect(await database.db.selectFrom("chain_transfers").select("id").execute()).toHaveLength(1);
      expect(JSON.parse(readFileSync(join(dataDir, "devnet", "watched-addresses.json"), "utf8"))).toEqual([address]);
    } finally {
      await layer?.stop();
    }
  });

  it("two instances on one database and one devnet of their own (CHAINS with chain id 31337): one watches, the other takes over", async () => {
    await resetChainTables(database.db);
    // The devnet outlives either instance, as it must when an instance is killed mid-stream.
    const devnet = await startDevnet({ port: 0 });
    const env = {
      DEVNET: "false",
      WALLET_XPUB: randomXpub(),
      CHAINS: JSON.stringify([
        {
          product: "Devnet",
          chainId: 31337,
          rpcUrl: devnet.facts.rpcUrl,
          tokens: [{ address: devnet.facts.token.address }],
        },
      ]),
    };
    const first = await startChainLayer({ db: database.db, env, dataDir: tempDir(), log: silentLog });
    const second = await startChainLayer({ db: database.db, env, dataDir: tempDir(), log: silentLog });
    try {
      expect(second.currencies.chainByProduct("Devnet")).toMatchObject({
        chainId: 31337,
        confirmations: 2,
        devnet: true,
      });
      const { userId } = await seedMerchant(database.db, { email: "shared@example.com", password: "Merchant7Pass" });
      const scope = actFor(systemScope("test"), userId);
      const { address } = await receivingAddressOf(database.db, first.addresses, scope);
      expect((await receivingAddressOf(database.db, second.addresses, scope)).address).toBe(address);
      // Without interval mining, blocks come with transactions: two more payments give the confirmations.
      const confirmed = async (hash: string) => {
        await second.payFromDevAccount(devnet.facts.devAccount, 1n);
        await second.payFromDevAccount(devnet.facts.devAccount, 1n);
        await until(() =>
          database.db
            .selectFrom("chain_transfers")
            .select("id")
            .where("tx_hash", "=", hash)
            .where("status", "=", "confirmed")
            .executeTakeFirst(),
        );
      };
      await confirmed((await second.payFromDevAccount(address, 1_000_000n)).hash);
      await first.stop();
      await confirmed((await second.payFromDevAccount(address, 2_000_000n)).hash);
      const rows = await database.db.selectFrom("chain_transfers").select(["amount", "status"]).orderBy("id").execute();
      expect(rows).toEqual([
        { amount: "1000000", status: "confirmed" },
        { amount: "2000000", status: "confirmed" },
      ]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await devnet.stop();
    }
  });
});
