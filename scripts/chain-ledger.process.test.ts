import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock } from "../server/db/data-dir-lock.ts";
import { openDatabase } from "../server/db/open-database.ts";
import { accountId, merchantAccount, post } from "../server/domain/payments/ledger.ts";
import { seedConfirmedTransfer, seedMerchant } from "../server/testing/seed.ts";
import { migratedDataDir } from "../server/testing/migrated-data-folder.ts";
import { tempDirs } from "../server/testing/temp-dirs.ts";
import { testNodeFlags } from "../server/testing/test-node-flags.ts";
import { quarantinedLines } from "../server/domain/payments/quarantined-transfers.ts";
import { listenOnStatusSocket } from "../server/http/status-socket.ts";
import { chainStatusAnswer } from "../server/wiring/chain-status.ts";
import { runReconcile } from "./chain-ledger.ts";
import { readChainStatus } from "./chain-status.ts";

const repoRoot = resolve(import.meta.dirname, "..");
const tempDir = tempDirs("mc-chain-ledger-");

function chainCli(args: string[], dataDir: string): Promise<{ status: number | null; out: string }> {
  return new Promise((done) => {
    const { DATABASE_URL: _, ...env } = process.env;
    const child = spawn(process.execPath, [...testNodeFlags, "scripts/chain.ts", ...args], {
      cwd: repoRoot,
      env: { ...env, DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (out += chunk));
    child.once("exit", (status) => done({ status, out }));
  });
}

const token = { chainId: 31337, address: `0x${"11".repeat(20)}`, decimals: 6 };

/** Opens the data folder's PGlite, runs `work`, closes it: the CLI needs the folder free. */
async function inFolder(dataDir: string, work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<void>) {
  const opened = await openDatabase({ dataDir });
  try {
    await work(opened.db);
  } finally {
    await opened.close();
  }
}

describe("npm run chain -- reconcile", { timeout: 120_000 }, () => {
  it("prints the table and exits 0 when credits match the chain, 1 on a planted difference; lists quarantined transfers", async () => {
    const dataDir = await migratedDataDir(tempDir());
    const address = `0x${"ab".repeat(20)}`;
    await inFolder(dataDir, async (db) => {
      const { userId } = await seedMerchant(db, { email: "cli@example.com", password: "Secret123" });
      await db.insertInto("receiving_addresses").values({ address_index: 0, address, merchant_id: userId }).execute();
      const { transferId } = await seedConfirmedTransfer(db, { baseUnits: 12_500_000n, to: address });
      await db.transaction().execute(async (trx) => {
        await post(trx, { kind: "unmatched", transferId, at: new Date() }, [
          [await accountId(trx, { kind: "receipts", token }), -(125n * 10n ** 17n)],
          [await merchantAccount(trx, userId), 125n * 10n ** 17n],
        ]);
      });
      const bad = await seedConfirmedTransfer(db, { baseUnits: 10n ** 27n, to: address });
      await db
        .updateTable("chain_transfers")
        .set({
          quarantine: "amount out of range: 1000000000000000000000 USDT is more than exists",
          quarantined_at: new Date(),
        })
        .where("id", "=", bad.transferId)
        .execute();
      expect(await quarantinedLines(db)).toEqual([
        expect.stringMatching(/^quarantined {2}chain 31337 block 1 tx 0x[0-9a-f]{64} log 0 .*: amount out of range/),
      ]);
      // What the command prints and answers when clean, run here (a process of its own costs seconds; the planted
      // difference below runs the real command).
      let clean = "";
      expect(await runReconcile(db, (text) => (clean += text))).toBe(0);
      expect(clean).toMatch(/31337\s+0x1{40}\s+1\s+12\.5\s+12\.5\s+0\s+1\s+ok/);
      expect(clean).toMatch(
        /sheet USDT: at addresses 12\.5 \+ in the treasury 0 = available 12\.5 \+ held by withdrawals 0 .* difference 0 ok/,
      );
      expect(clean).toMatch(/reconcile: clean/);
    });

    // Planted: a confirmed transfer to the merchant that the ledger never credited.
    await inFolder(dataDir, async (db) => {
      await seedConfirmedTransfer(db, { baseUnits: 2_000_000n, to: address });
    });
    const differs = await chainCli(["reconcile"], dataDir);
    expect(differs.out).toMatch(/2\s+14\.5\s+12\.5\s+-2\s+1\s+DIFFERS/);
    expect(differs.out).toMatch(/reconcile: 1 chain\/token row\(s\) differ/);
    expect(differs.status).toBe(1);

    // A server holding the folder: said, not waited on.
    const lock = acquireDataDirLock(dataDir);
    try {
      const held = await chainCli(["reconcile"], dataDir);
      expect(held.out).toMatch(/cannot read the database: a server holds .* stop it, or run both with DATABASE_URL/);
      expect(held.status).toBe(1);

      // status asks the server that holds the folder, through the socket it listens on there (here: this process, as
      // start-server.ts does); a server that does not answer there is said too.
      await inFolder(dataDir, async (db) => {
        const socket = await listenOnStatusSocket(dataDir, chainStatusAnswer(db));
        const treasury = { chainId: 31337, token: `0x${"22".repeat(20)}`, held: "3.5", symbol: "USDT" };
        try {
          expect(await readChainStatus({ DATA_DIR: dataDir }, treasury)).toEqual({
            owed: expect.stringMatching(/^owes {5}withdrawals on their way 0 USDT, merchants' balances 12\.5 USDT/),
            quarantined: [expect.stringMatching(/^quarantined {2}chain 31337 .*: amount out of range/)],
          });
        } finally {
          await socket.close();
        }
        expect(await readChainStatus({ DATA_DIR: dataDir }, null)).toMatch(
          /^a server holds .* and does not answer on .*status\.sock \(ENOENT\): restart it with this version, or stop it/,
        );
      });
    } finally {
      lock.release();
    }
  });
});
