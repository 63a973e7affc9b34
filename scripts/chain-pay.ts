import { join } from "node:path";
import { type Address, getAddress, type Hash, isAddress } from "viem";
import { formatAmount, parseAmount } from "../contracts/money.ts";
import { type DevClients, devClients, sendToken } from "../server/chain/deploy.ts";
import { type DevnetFacts, readDevnetFacts } from "../server/chain/devnet.ts";
import { erc20Abi } from "../server/chain/token-abi.ts";

/** A mistake in what was asked (a command, an address, an amount), said with the usage, as against a failure of the node. */
export class UsageError extends Error {}

export interface DevWallet {
  rpcUrl: string;
  clients: DevClients;
  facts: DevnetFacts | null;
  token: Address;
  dev: Address;
  decimals: number;
  symbol: string;
  balance(owner: Address): Promise<bigint>;
  show(units: bigint): string;
}

/**
 * The devnet's funded dev account and its token, found through DATA_DIR/devnet/devnet.json (DATA_DIR defaults to
 * ./data), or CHAIN_RPC_URL (+ CHAIN_TOKEN) for any node whose dev accounts are unlocked: what `npm run chain` pays from.
 */
export async function openDevWallet(env: NodeJS.ProcessEnv): Promise<DevWallet> {
  const devnetDir = join(env.DATA_DIR || "./data", "devnet");
  const facts = readDevnetFacts(devnetDir);
  const rpcUrl = env.CHAIN_RPC_URL || facts?.rpcUrl;
  if (!rpcUrl)
    throw new Error(
      `no devnet found (${join(devnetDir, "devnet.json")} is missing): start the server (npm start), or set CHAIN_RPC_URL`,
    );
  const tokenSetting = env.CHAIN_TOKEN || facts?.token.address;
  if (!tokenSetting || !isAddress(tokenSetting, { strict: false }))
    throw new Error("which token? set CHAIN_TOKEN to its contract address");
  const token = getAddress(tokenSetting);
  const clients = devClients(rpcUrl);
  const dev = facts?.devAccount ?? (await clients.wallet.getAddresses())[0];
  if (!dev) throw new Error(`the node at ${rpcUrl} has no unlocked dev account`);
  const [decimals, symbol] = await Promise.all([
    clients.public.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
    clients.public.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }),
  ]);
  return {
    rpcUrl,
    clients,
    facts,
    token,
    dev,
    decimals,
    symbol,
    balance: (owner) =>
      clients.public.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
    show: (units) => `${formatAmount(units, decimals)} ${symbol}`,
  };
}

/** A real token transfer of `amount` (a decimal string) from the dev account to `to`, once mined. */
export async function payFromDevAccount(
  wallet: DevWallet,
  to: string,
  amount: string,
): Promise<{ to: Address; shown: string; hash: Hash; blockNumber: bigint }> {
  if (!isAddress(to, { strict: false })) throw new UsageError("--to needs an EVM address (0x and 40 hex digits)");
  const units = parseAmount(amount, wallet.decimals);
  if (units === 0n) throw new UsageError("--amount must be more than 0");
  const available = await wallet.balance(wallet.dev);
  if (available < units) throw new Error(`the dev account ${wallet.dev} holds only ${wallet.show(available)}`);
  const recipient = getAddress(to);
  const sent = await sendToken(wallet.clients, wallet.token, wallet.dev, recipient, units);
  return { to: recipient, shown: wallet.show(units), ...sent };
}
