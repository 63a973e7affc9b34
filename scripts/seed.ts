// npm run seed -- --merchant <email> --bills <N>
// Adds N application bills to an existing merchant's lists (every list at a million rows), set-based
// (server/testing/list-seed.ts): spread over its applications (one is made when it has none) and 1 end user per 100
// bills, over the last 90 days, mostly credited, each credited one on the merchant's balance through the ledger, each
// notified one with its callback delivery and attempts.
// The database `npm start` uses: DATABASE_URL (a superuser's: the ledger is written with its triggers off), else the
// PGlite folder DATA_DIR (./data), which a running server holds (stop it first). The chain: the first of CHAINS with a
// deposit factory, else the devnet the server last ran in DATA_DIR, else chain 31337 with a stand-in token.
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { getAddress } from "viem";
import { chainConfigFromEnv, defaultConfirmations } from "../server/chain/config.ts";
import { devnetChainId, readDevnetFacts } from "../server/chain/devnet.ts";
import type { DB } from "../server/db/schema.ts";
import { loadServerSecret } from "../server/db/server-secret.ts";
import { normalizeEmail } from "../server/domain/identity/merchants.ts";
import { fromAtto, toAtto } from "../contracts/money.ts";
import { type SeedChain, seedMerchantLists } from "../server/testing/list-seed.ts";
import { openLedgerDatabase } from "./chain-ledger.ts";

const usage = "usage: npm run seed -- --merchant <email> --bills <N>\n";
const maxBills = 10_000_000;

class UsageError extends Error {}

const count = (n: number) => n.toLocaleString("en-US");

/** The chain the bills are on, and a sentence when it is a stand-in. */
function seedChainOf(env: NodeJS.ProcessEnv): { chain: SeedChain; note?: string } {
  const config = chainConfigFromEnv(env);
  const configured = config.chains.find((c) => c.depositFactory);
  if (configured?.depositFactory) {
    const token = configured.tokens[0]!;
    return {
      chain: {
        chainId: configured.chainId,
        token: getAddress(token.address),
        symbol: token.symbol,
        decimals: token.decimals,
        factory: getAddress(configured.depositFactory),
        confirmations: configured.confirmations,
      },
    };
  }
  const facts = readDevnetFacts(join(env.DATA_DIR || "./data", "devnet"));
  const confirmations = config.devnet?.confirmations ?? defaultConfirmations[devnetChainId]!;
  if (facts?.depositFactory)
    return {
      chain: {
        chainId: facts.chainId,
        token: facts.token.address,
        symbol: facts.token.symbol,
        decimals: facts.token.decimals,
        factory: facts.depositFactory,
        confirmations,
      },
    };
  return {
    chain: {
      chainId: devnetChainId,
      token: getAddress(`0x${"5e".repeat(20)}`),
      symbol: "USDT",
      decimals: 6,
      factory: getAddress(`0x${"fa".repeat(20)}`),
      confirmations,
    },
    note: "no chain with a deposit factory is configured and no devnet has run in DATA_DIR: the bills are on chain 31337 with a stand-in token",
  };
}

const balanceOf = async (db: Kysely<DB>, merchantId: string) =>
  toAtto(
    (
      await db
        .selectFrom("ledger_accounts")
        .select("balance")
        .where("kind", "=", "merchant")
        .where("merchant_id", "=", merchantId)
        .executeTakeFirst()
    )?.balance ?? "0",
  );

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { merchant: { type: "string" }, bills: { type: "string" } },
  });
  if (!values.merchant) throw new UsageError("which merchant? --merchant <email>");
  if (!values.bills || !/^\d+$/.test(values.bills) || Number(values.bills) < 1 || Number(values.bills) > maxBills)
    throw new UsageError(`--bills takes a whole number from 1 to ${count(maxBills)}`);
  const bills = Number(values.bills);
  const email = normalizeEmail(values.merchant);
  const { chain, note } = seedChainOf(process.env);
  const opened = await openLedgerDatabase(process.env);
  if (typeof opened === "string") throw new Error(`cannot open the database: ${opened}`);
  try {
    const merchant = await opened.db.selectFrom("merchants").select("id").where("email", "=", email).executeTakeFirst();
    if (!merchant) throw new Error(`no merchant signs in as ${email}: register first (npm start, then Register)`);
    const where = process.env.DATABASE_URL
      ? "PostgreSQL (DATABASE_URL)"
      : `PGlite in ${process.env.DATA_DIR || "./data"}`;
    process.stdout.write(
      `Seeding ${count(bills)} bills for ${email} on ${where}, chain ${chain.chainId}, ${chain.symbol} ${chain.token}\n`,
    );
    if (note) process.stdout.write(`Note: ${note}\n`);
    const before = await balanceOf(opened.db, merchant.id);
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    const result = await seedMerchantLists(opened.db, merchant.id, {
      bills,
      chain,
      // A PostgreSQL server writes a batch per core side by side; PGlite has one connection.
      connections: process.env.DATABASE_URL ? availableParallelism() : 1,
      secret: () => loadServerSecret({ env: process.env, dataDir: process.env.DATA_DIR || "./data" }),
      onBatch: (done) => process.stdout.write(`  ${count(done)} of ${count(bills)} (${seconds()} s)\n`),
    });
    const after = await balanceOf(opened.db, merchant.id);
    process.stdout.write(
      `Done in ${seconds()} s: ${count(result.bills)} bills, ${count(result.credited)} credited (${result.creditedAmount} ${chain.symbol}), over ${result.applications} application(s) and ${count(result.endUsers)} end users; balance ${fromAtto(before)} → ${fromAtto(after)}\n`,
    );
    if (after - before !== toAtto(result.creditedAmount)) {
      process.stderr.write(
        "seed: the balance moved by another amount than the bills credited: did something else post meanwhile? npm run chain -- reconcile checks the books\n",
      );
      process.exitCode = 1;
    }
  } finally {
    await opened.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const message = (error as Error).message.split("\n")[0] ?? "";
  const hint = message.includes("session_replication_role")
    ? "the seed writes the ledger with its triggers off, which takes a superuser: set DATABASE_URL to a superuser's URL\n"
    : "";
  process.stderr.write(`seed: ${message}\n${hint}${error instanceof UsageError ? usage : ""}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
