/**
 * Withdrawals per second: asked for (held in the ledger), signed and broadcast from the treasury, and
 * settled (paid in the books once confirmed), on a real anvil and the server's database (in-memory PGlite;
 * TEST_DATABASE_URL=postgres://… for PostgreSQL). BENCH_WITHDRAWALS (default 200) withdrawals of one merchant whose
 * deposit the collector swept into a treasury the bench holds the key of. The withdrawals are the server's: its wiring
 * builds the chain's node and prepares them from settings (server/wiring/withdrawals.ts), and each of the sender's
 * runs is its job's (`sendPreparedWithdrawals`). Prints figures; exits 1 when the books or the chain disagree with what
 * was paid.
 */
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from "viem/accounts";
import { resetChainTables, startTestChain } from "../server/chain/test-chain.ts";
import { erc20Abi } from "../server/chain/token-abi.ts";
import { collectOnce } from "../server/domain/collection/collection-jobs.ts";
import { nodeGasPayer } from "../server/domain/collection/gas-payer.ts";
import { findSession } from "../server/domain/identity/sessions.ts";
import { ledgerViolations } from "../server/domain/payments/reconcile.ts";
import { requestWithdrawal } from "../server/domain/withdrawals/withdrawal-holds.ts";
import { sendPreparedWithdrawals } from "../server/domain/withdrawals/withdrawal-jobs.ts";
import type { ConfiguredChain } from "../server/chain/configured-chain.ts";
import { currencyRegistry } from "../server/chain/currency-registry.ts";
import { startMoneyChain } from "../server/testing/money-chain.ts";
import {
  resetDatabase,
  seedApplication,
  seedDepositAddress,
  seedMerchant,
  seedSession,
} from "../server/testing/seed.ts";
import { createTestDatabase } from "../server/testing/test-database.ts";
import { withChainNodes } from "../server/wiring/chain-nodes.ts";
import { serverWithdrawals } from "../server/wiring/withdrawals.ts";

process.env.PASSWORD_HASH_COST ??= "test";
const count = Math.max(2, Number(process.env.BENCH_WITHDRAWALS ?? 200));
const confirmations = 3;
const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString("en-US")}/s`;

const [chain, database] = await Promise.all([startTestChain(), createTestDatabase()]);
let failed = false;
try {
  const { db } = database;
  await resetDatabase(db);
  await resetChainTables(db);
  const treasuryKey = generatePrivateKey();
  const treasury = privateKeyToAccount(treasuryKey);
  await chain.test.setBalance({ address: treasury.address, value: 10n ** 21n });
  const money = await startMoneyChain(db, chain, treasury.address, confirmations);
  const { userId } = await seedMerchant(db, { email: "bench@example.com", password: "Merchant7Pass" });
  const app = await seedApplication(db, { userId });
  const { address } = await seedDepositAddress(db, {
    userId,
    applicationId: app.applicationId,
    appCode: app.appCode,
    endUserId: "bench",
    chainId: 31337,
    factory: money.factory,
  });
  // Enough for every withdrawal of 1 USDT and its fee of 1, swept into the treasury before any is asked for.
  await chain.pay(address, BigInt(count) * 2_000_000n);
  await money.watcher.tick();
  await money.advance(confirmations);
  const collect = () =>
    collectOnce({ db, chains: [money.collected], gasPayer: nodeGasPayer(chain.dev), threshold: "1" });
  await collect();
  await money.advance(confirmations);
  await collect();

  // A signed-in merchant's scope, as the console asks (the open API's is the system's for the merchant).
  await seedSession(db, { userId, token: "bench-withdrawals" });
  const session = await findSession(db, "Bearer bench-withdrawals", new Date(), {
    idleSeconds: 3600,
    absoluteSeconds: 3600,
  });
  const scope = session!.scope;
  // The chain as the chain layer describes it, its node and the withdrawals as the server's wiring makes them.
  const configured: ConfiguredChain = {
    product: "Devnet",
    chainId: 31337,
    rpcUrl: chain.rpcUrl,
    tokens: [{ symbol: "USDT", address: chain.token, decimals: 6 }],
    confirmations,
    devnet: true,
    depositFactory: money.factory,
  };
  const prepared = await serverWithdrawals(
    { TREASURY_PRIVATE_KEY: treasuryKey, WITHDRAWAL_DAILY_LIMIT: "100000000" },
    { devnet: null, currencies: currencyRegistry([configured]) },
    withChainNodes([configured]),
  );
  if (!prepared) throw new Error("the server's wiring offers no withdrawals on the bench's chain");
  const rules = prepared.rules;
  const destination = privateKeyToAddress(generatePrivateKey());
  const askedAt = performance.now();
  for (let i = 0; i < count; i++) {
    const answer = await requestWithdrawal(
      db,
      scope,
      { chainId: 31337, token: chain.token, to: destination, amount: "1" },
      rules,
      new Date(),
    );
    if (!answer.ok) throw new Error(answer.message);
  }
  const askedMs = performance.now() - askedAt;

  /** One run of the sender, as the server's job runs it. */
  const sendOnce = async () => {
    const report = await sendPreparedWithdrawals(db, prepared, 31337);
    if (!report) throw new Error("no withdrawals prepared on chain 31337");
    return report;
  };
  // Signed and broadcast into the pool (no block mined meanwhile), as many runs as it takes (50 a run).
  await chain.test.setAutomine(false);
  const signedAt = performance.now();
  let signed = 0;
  while (signed < count) signed += (await sendOnce()).signed;
  const signedMs = performance.now() - signedAt;
  while ((await chain.clients.public.getBlock({ blockTag: "pending" })).transactions.length > 0) await chain.mine(1);
  await chain.test.setAutomine(true);
  await chain.mine(confirmations);
  const settledAt = performance.now();
  let confirmed = 0;
  for (let runs = 0; confirmed < count && runs < 20; runs++) {
    confirmed += (await sendOnce()).confirmed;
    if (confirmed < count) await chain.mine(1);
  }
  const settledMs = performance.now() - settledAt;

  const paid = await chain.clients.public.readContract({
    address: chain.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [destination],
  });
  const violations = await ledgerViolations(db);
  process.stdout.write(
    `withdrawals: ${count} asked in ${Math.round(askedMs)} ms (${rate(count, askedMs)}), signed and broadcast in ` +
      `${Math.round(signedMs)} ms (${rate(count, signedMs)}), settled ${confirmed} in ${Math.round(settledMs)} ms ` +
      `(${rate(confirmed, settledMs)}) on ${database.engine ? "PGlite" : "PostgreSQL"}; the destination holds ` +
      `${paid} base units (expected ${BigInt(count) * 1_000_000n}); ledger violations: ${violations.length}\n`,
  );
  failed = confirmed !== count || paid !== BigInt(count) * 1_000_000n || violations.length > 0;
} finally {
  await Promise.all([database.close(), chain.stop()]);
}
process.exitCode = failed ? 1 : 0;
