/**
 * Chain watcher throughput: transfers matched per second with 10,000 watched addresses, on a real anvil and the
 * server's database (in-memory PGlite; TEST_DATABASE_URL=postgres://… for PostgreSQL). Prints figures, asserts
 * nothing. BENCH_TRANSFERS (default 3,000) real token transfers go out, three in four to watched addresses.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Address, bytesToHex, encodeFunctionData, getAddress } from "viem";
import { watchedAddressBook } from "../server/chain/address-book.ts";
import { createEvmAdapter } from "../server/chain/evm-adapter.ts";
import { startTestChain } from "../server/chain/test-chain.ts";
import { erc20Abi } from "../server/chain/token-abi.ts";
import { createWatcher } from "../server/chain/watcher.ts";
import { createTestDatabase } from "../server/testing/test-database.ts";

const watchedCount = 10_000;
const transferCount = Math.max(10, Number(process.env.BENCH_TRANSFERS ?? 3_000));
// Addresses nobody holds a key of (a key's address took a secp256k1 multiplication each: 3.5 of the bench's 5.5
// CPU-seconds at ten transfers), checksummed as wallets give them.
const randomAddress = (): Address => getAddress(bytesToHex(randomBytes(20)));
const rate = (count: number, ms: number) => `${Math.round((count / ms) * 1000).toLocaleString("en-US")}/s`;

const [chain, database] = await Promise.all([startTestChain(), createTestDatabase()]);
try {
  const { db } = database;
  await sql`truncate table chain_transfers, chain_blocks, chain_cursors, chain_leases, receiving_addresses restart identity cascade`.execute(
    db,
  );
  const watched = Array.from({ length: watchedCount }, randomAddress);
  for (let i = 0; i < watched.length; i += 1_000) {
    await db
      .insertInto("receiving_addresses")
      .values(watched.slice(i, i + 1_000).map((address, j) => ({ address_index: i + j, address })))
      .execute();
  }
  const recipients: Address[] = Array.from({ length: transferCount }, (_, i) =>
    i % 4 === 3 ? randomAddress() : watched[(i * 7919) % watchedCount]!,
  );
  const expected = recipients.filter((_, i) => i % 4 !== 3).length;

  // Fill blocks: automine off, every transfer into the pool, then mine until the pool is empty.
  const start = (await chain.head()) + 1n;
  await chain.test.setAutomine(false);
  const sendStarted = performance.now();
  // Explicit nonces: anvil would hand concurrent eth_sendTransaction calls the same one.
  const firstNonce = await chain.clients.public.getTransactionCount({ address: chain.dev, blockTag: "pending" });
  for (let i = 0; i < recipients.length; i += 200) {
    await Promise.all(
      recipients.slice(i, i + 200).map((to, j) =>
        chain.clients.wallet.sendTransaction({
          account: chain.dev,
          to: chain.token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, BigInt(i + j + 1)] }),
          gas: 80_000n,
          nonce: firstNonce + i + j,
          chain: null,
        }),
      ),
    );
  }
  while ((await chain.clients.public.getBlock({ blockTag: "pending" })).transactions.length > 0) await chain.mine(1);
  await chain.test.setAutomine(true);
  const end = await chain.head();
  const sendMs = performance.now() - sendStarted;
  process.stdout.write(
    `watcher bench: ${watchedCount.toLocaleString("en-US")} watched addresses; ${transferCount.toLocaleString("en-US")} transfers (${expected.toLocaleString("en-US")} to watched addresses) in blocks ${start}–${end}, sent and mined in ${(sendMs / 1000).toFixed(1)} s\n`,
  );

  // 1. The adapter alone: eth_getLogs over the range, viem's decoding, matching against the 10,000 addresses.
  const book = watchedAddressBook(db);
  const set = await book.load();
  const adapter = createEvmAdapter({ chainId: 31337, rpcUrl: chain.rpcUrl });
  const fetchStarted = performance.now();
  const found = await adapter.transfers({ fromBlock: start, toBlock: end, tokens: [chain.token], watched: set });
  const fetchMs = performance.now() - fetchStarted;
  process.stdout.write(
    `  adapter (getLogs + decode + match):          ${found.length} matched of ${transferCount} logs in ${fetchMs.toFixed(0)} ms — ${rate(found.length, fetchMs)} matched, ${rate(transferCount, fetchMs)} logs\n`,
  );

  // 2. The matching step by itself: a Set lookup per log.
  const lowered = recipients.map((r) => r.toLowerCase());
  const matchStarted = performance.now();
  let hits = 0;
  for (let round = 0; round < 100; round++) for (const r of lowered) if (set.has(r)) hits++;
  const matchMs = performance.now() - matchStarted;
  process.stdout.write(`  matching alone (Set of 10,000, ×100):      ${rate(hits, matchMs)} matched\n`);

  // 3. The whole watcher: scan, store (numeric amounts, unique per log), move the cursor, count confirmations.
  const watcher = createWatcher(
    { product: "Devnet", chainId: 31337, tokens: [chain.token], confirmations: 2, startBlock: start },
    { db, adapter, addressBook: book },
  );
  const watchStarted = performance.now();
  let ticks = 0;
  for (let report = await watcher.tick(); report.behind; report = await watcher.tick()) ticks++;
  const watchMs = performance.now() - watchStarted;
  const stored = await db
    .selectFrom("chain_transfers")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  process.stdout.write(
    `  watcher catch-up (scan + store + confirm):   ${stored.n} stored (expected ${expected}) in ${watchMs.toFixed(0)} ms over ${ticks + 1} ticks — ${rate(Number(stored.n), watchMs)} matched and stored\n`,
  );
  process.stdout.write(
    `  database: ${process.env.TEST_DATABASE_URL ? "PostgreSQL (TEST_DATABASE_URL)" : "PGlite in memory"}\n`,
  );
} finally {
  await Promise.all([chain.stop(), database.close()]);
}
