// npm run chain -- pay --to <address> --amount <usdt>   a real token transfer from the devnet's funded dev account
// npm run chain -- status                                head block, token, dev account and watched addresses with balances,
//                                                         the treasury against what it owes (withdrawals on their way, merchants'
//                                                         balances) and the quarantined transfers with their reasons (database)
// npm run chain -- reconcile                             per chain and token, merchants' credits against what their addresses
//                                                         received in confirmed transfers, and the treasury + uncollected
//                                                         deposit addresses on chain against the deposits; exits 1 on a difference
// npm run chain -- collect                               one collection run: sweeps due deposit addresses into the treasury
// Finds the running devnet through DATA_DIR/devnet/devnet.json (DATA_DIR defaults to ./data, as for the server),
// or CHAIN_RPC_URL (+ CHAIN_TOKEN when there is no devnet.json) for any node whose dev accounts are unlocked.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type Address, getAddress } from "viem";
import { formatTokenAmount } from "../server/chain/amount.ts";
import { runCollect, runCollectionReconcile } from "./chain-collection.ts";
import { openDevWallet, payFromDevAccount, UsageError } from "./chain-pay.ts";
import { forwarderFactoryAbi } from "../server/chain/deposit-forwarder.ts";
import { owedLine } from "../server/domain/withdrawals/treasury-owed.ts";
import { openLedgerDatabase, quarantinedLines, runReconcile } from "./chain-ledger.ts";

const usage =
  "usage: npm run chain -- pay --to <address> --amount <usdt>\n       npm run chain -- status\n       npm run chain -- reconcile\n       npm run chain -- collect\n";

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { to: { type: "string" }, amount: { type: "string" } },
  });
  const [command] = positionals;
  if (command === "reconcile") {
    const opened = await openLedgerDatabase(process.env);
    if (typeof opened === "string") throw new Error(`cannot read the database: ${opened}`);
    try {
      const write = (text: string) => process.stdout.write(text);
      const ledger = await runReconcile(opened.db, write);
      process.exitCode = (await runCollectionReconcile(opened.db, process.env, write)) ? 1 : ledger;
    } finally {
      await opened.close();
    }
    return;
  }
  if (command === "collect") {
    const opened = await openLedgerDatabase(process.env);
    if (typeof opened === "string") throw new Error(`cannot read the database: ${opened}`);
    try {
      await runCollect(opened.db, process.env, (text) => process.stdout.write(text));
    } finally {
      await opened.close();
    }
    return;
  }
  if (command !== "pay" && command !== "status")
    throw new UsageError(command ? `unknown command ${command}` : "no command");
  const wallet = await openDevWallet(process.env);
  const { rpcUrl, clients, token, dev, decimals, symbol, facts, balance, show } = wallet;

  if (command === "pay") {
    if (!values.to) throw new UsageError("--to needs an EVM address (0x and 40 hex digits)");
    if (!values.amount) throw new UsageError("--amount needs an amount, such as 12.5");
    const sent = await payFromDevAccount(wallet, values.to, values.amount);
    process.stdout.write(
      `sent ${sent.shown} from ${dev} to ${sent.to}\ntx ${sent.hash} in block ${sent.blockNumber}\n`,
    );
    return;
  }

  const [chainId, head] = await Promise.all([
    clients.public.getChainId(),
    clients.public.getBlockNumber({ cacheTime: 0 }),
  ]);
  process.stdout.write(
    `node     ${rpcUrl} (chain id ${chainId})\nhead     block ${head}\ntoken    ${symbol} ${token} (${decimals} decimals)\n`,
  );
  process.stdout.write(`dev      ${dev}: ${show(await balance(dev))}\n`);
  const watched = watchedAddresses(facts?.watchedAddressesFile);
  if (watched === null)
    process.stdout.write("watched  unknown (the server writes them to DATA_DIR/devnet/watched-addresses.json)\n");
  else if (watched.length === 0)
    process.stdout.write("watched  none yet (a merchant gets one at the first GetUserWallet)\n");
  else
    for (const address of watched)
      process.stdout.write(`watched  ${address}: ${show(await balance(getAddress(address)))}\n`);
  if (facts?.depositFactory) {
    const treasury = await clients.public.readContract({
      address: facts.depositFactory,
      abi: forwarderFactoryAbi,
      functionName: "treasury",
    });
    const held = await balance(treasury);
    process.stdout.write(`treasury ${treasury}: ${show(held)}\n`);
    await printOwed(chainId, token, formatTokenAmount(held, decimals), symbol);
  }
  await printQuarantined();
}

/** What the treasury owes beside what it holds (server/domain/withdrawals/treasury-owed.ts), when the database can be read. */
async function printOwed(chainId: number, token: Address, held: string, symbol: string): Promise<void> {
  const opened = await openLedgerDatabase(process.env);
  if (typeof opened === "string") {
    process.stdout.write(`owes     unknown (${opened})\n`);
    return;
  }
  try {
    process.stdout.write(`${await owedLine(opened.db, { chainId, token, held, symbol })}\n`);
  } finally {
    await opened.close();
  }
}

/** The transfers the watcher set aside, with the reason (chain_transfers.quarantine), when the database can be read. */
async function printQuarantined(): Promise<void> {
  const opened = await openLedgerDatabase(process.env);
  if (typeof opened === "string") {
    process.stdout.write(`quarantined  unknown (${opened})\n`);
    return;
  }
  try {
    const lines = await quarantinedLines(opened.db);
    process.stdout.write(lines.length ? `${lines.join("\n")}\n` : "quarantined  none\n");
  } finally {
    await opened.close();
  }
}

function watchedAddresses(file: string | undefined): string[] | null {
  if (!file) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as string[];
  } catch {
    return null;
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(
    `chain: ${(error as Error).message.split("\n")[0]}\n${error instanceof UsageError ? usage : ""}`,
  );
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
