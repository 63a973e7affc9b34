// npm run chain -- pay --to <address> --amount <usdt>   a real token transfer from the devnet's funded dev account
// npm run chain -- status                                head block, token, dev account and watched addresses with balances,
//                                                         the treasury against what it owes (withdrawals on their way, merchants'
//                                                         balances) and the quarantined transfers with their reasons (database)
// npm run chain -- reconcile                             per chain and token, merchants' credits against what their addresses
//                                                         received in confirmed transfers, and the treasury + uncollected
//                                                         deposit addresses on chain against the deposits; exits 1 on a difference
// npm run chain -- collect                               one collection run: sweeps due deposit addresses into the treasury
// While a server runs on the PGlite folder, status asks it for the database's lines (scripts/chain-status.ts).
// Finds the running devnet through DATA_DIR/devnet/devnet.json (DATA_DIR defaults to ./data, as for the server),
// or CHAIN_RPC_URL (+ CHAIN_TOKEN when there is no devnet.json) for any node whose dev accounts are unlocked.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { getAddress } from "viem";
import { formatAmount } from "../contracts/money.ts";
import { runCollect, runCollectionReconcile } from "./chain-collection.ts";
import { openDevWallet, payFromDevAccount, UsageError } from "./chain-pay.ts";
import { forwarderFactoryAbi } from "../server/chain/deposit-forwarder.ts";
import type { TreasuryHeld } from "../server/wiring/chain-status.ts";
import { openLedgerDatabase, runReconcile } from "./chain-ledger.ts";
import { readChainStatus } from "./chain-status.ts";

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
  let treasury: TreasuryHeld | null = null;
  if (facts?.depositFactory) {
    const address = await clients.public.readContract({
      address: facts.depositFactory,
      abi: forwarderFactoryAbi,
      functionName: "treasury",
    });
    const held = await balance(address);
    process.stdout.write(`treasury ${address}: ${show(held)}\n`);
    treasury = { chainId, token, held: formatAmount(held, decimals), symbol };
  }
  // The database's lines: opened here, or asked of the server that holds its PGlite folder (chain-status.ts).
  const lines = await readChainStatus(process.env, treasury);
  if (typeof lines === "string") {
    if (treasury) process.stdout.write(`owes     unknown (${lines})\n`);
    process.stdout.write(`quarantined  unknown (${lines})\n`);
    return;
  }
  if (lines.owed) process.stdout.write(`${lines.owed}\n`);
  process.stdout.write(lines.quarantined.length ? `${lines.quarantined.join("\n")}\n` : "quarantined  none\n");
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
