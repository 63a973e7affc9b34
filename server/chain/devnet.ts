import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Address, getAddress } from "viem";
import { type AnvilProcess, startAnvil } from "./anvil.ts";
import { type DevClients, deployTestUsdt, devAccount, devClients, sendToken } from "./deploy.ts";
import { deployForwarderFactory } from "./deposit-forwarder.ts";
import { genesisHash } from "./evm-adapter.ts";
import { devnetChainId, devnetProduct } from "./config.ts";

export { devnetChainId, devnetProduct };
export const devnetFactsFile = "devnet.json";
/** What the dev account holds at first start: 1,000,000,000 USDT (6 decimals). */
export const devnetMint = 1_000_000_000n * 10n ** 6n;
/**
 * The test USDT the dev account puts into the treasury when the factory is deployed (1,000,000): the operator's
 * float, booked by the server (payments/treasury-float.ts), so withdrawals are paid on the embedded default before
 * any sweep reaches the treasury.
 */
export const devnetTreasuryFloat = 1_000_000n * 10n ** 6n;

/** What the CLI (scripts/chain.ts) and a developer's wallet need to know about the running devnet. */
export interface DevnetFacts {
  rpcUrl: string;
  chainId: number;
  genesisHash: string;
  token: { address: Address; symbol: string; decimals: number; deployBlock: string };
  /** The deposit-forwarder factory (chain/deposit-forwarder.sol): treasury = dev account 1, operator = dev account 0. */
  depositFactory: Address;
  /** Base units of the token the dev account put into the treasury with the factory (`devnetTreasuryFloat`). */
  treasuryFloat?: string;
  /** anvil's funded account 0, unlocked: the node signs its transactions. */
  devAccount: Address;
  /** Receiving addresses the watcher follows, written by the server (the CLI cannot open an embedded database in use). */
  watchedAddressesFile: string;
  /** The xpub receiving addresses come from (public): a second server instance on this devnet needs it as WALLET_XPUB. */
  walletXpub: string;
}

export interface DevnetOptions {
  /** Where the chain state, the facts and the wallet seed live: DATA_DIR/devnet; undefined keeps the chain in memory. */
  dir?: string;
  port?: number;
  /** `port` is a preference: when another process has it, any free port (anvil.ts). */
  anyPortIfTaken?: boolean;
  blockTime?: number;
  stateInterval?: number;
  /** Recorded in devnet.json for a second server instance; the devnet itself does not use it. */
  walletXpub?: string;
}

export interface Devnet {
  facts: DevnetFacts;
  anvil: AnvilProcess;
  stop(): Promise<void>;
}

/**
 * Starts anvil (chain id 31337, loopback, state in `dir`), and deploys the test USDT and the deposit-forwarder factory
 * at first start — or again when the chain no longer holds them (its state was deleted). The facts go to
 * `dir/devnet.json`.
 */
export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const dir = options.dir === undefined ? undefined : resolve(options.dir);
  if (dir) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const anvil = await startAnvil({
    port: options.port,
    anyPortIfTaken: options.anyPortIfTaken,
    chainId: devnetChainId,
    blockTime: options.blockTime,
    stateFile: dir && join(dir, "anvil-state.json"),
    stateInterval: options.stateInterval,
    pidFile: dir && join(dir, "anvil.pid"),
    logFile: dir && join(dir, "anvil.log"),
  });
  try {
    const clients = devClients(anvil.rpcUrl);
    const genesis = await genesisHash(clients.public);
    const previous = dir ? readDevnetFacts(dir) : null;
    let token = previous?.genesisHash === genesis ? previous.token : null;
    if (token && !(await clients.public.getCode({ address: token.address }))) token = null;
    const account = previous && token ? previous.devAccount : await devAccount(clients);
    if (!token) {
      const deployed = await deployTestUsdt(clients, account, devnetMint, Boolean(options.blockTime));
      token = { address: deployed.address, symbol: "USDT", decimals: 6, deployBlock: deployed.deployBlock.toString() };
    }
    const reused = previous?.depositFactory;
    const depositFactory = await devnetDepositFactory(clients, account, reused, options.blockTime);
    let treasuryFloat = depositFactory === reused ? previous?.treasuryFloat : undefined;
    if (depositFactory !== reused) {
      const [, treasury] = await clients.wallet.getAddresses();
      if (treasury) {
        await sendToken(clients, token.address, account, treasury, devnetTreasuryFloat, Boolean(options.blockTime));
        treasuryFloat = devnetTreasuryFloat.toString();
      }
    }
    const facts: DevnetFacts = {
      rpcUrl: anvil.rpcUrl,
      chainId: devnetChainId,
      genesisHash: genesis,
      token,
      depositFactory,
      ...(treasuryFloat ? { treasuryFloat } : {}),
      devAccount: account,
      watchedAddressesFile: dir ? join(dir, "watched-addresses.json") : "",
      walletXpub: options.walletXpub ?? "",
    };
    if (dir) writeFileAtomically(join(dir, devnetFactsFile), `${JSON.stringify(facts, null, 2)}\n`);
    return { facts, anvil, stop: () => anvil.stop() };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** The factory deployed before, while the chain still holds it; else a new one (first start, or a new chain). */
async function devnetDepositFactory(
  clients: DevClients,
  account: Address,
  previous: Address | undefined,
  blockTime: number | undefined,
): Promise<Address> {
  if (previous && (await clients.public.getCode({ address: previous }))) return previous;
  const [, second] = await clients.wallet.getAddresses();
  return deployForwarderFactory(clients, account, second ?? account, account, Boolean(blockTime));
}

export function readDevnetFacts(dir: string): DevnetFacts | null {
  let text: string;
  try {
    text = readFileSync(join(dir, devnetFactsFile), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const facts = JSON.parse(text) as DevnetFacts;
  return {
    ...facts,
    token: { ...facts.token, address: getAddress(facts.token.address) },
    devAccount: getAddress(facts.devAccount),
    ...(facts.depositFactory ? { depositFactory: getAddress(facts.depositFactory) } : {}),
  };
}

/** For the CLI: the devnet's receiving addresses, as the server last wrote them. */
export function writeWatchedAddresses(facts: DevnetFacts, addresses: readonly string[]): void {
  if (facts.watchedAddressesFile) writeFileAtomically(facts.watchedAddressesFile, `${JSON.stringify(addresses)}\n`);
}

function writeFileAtomically(path: string, text: string): void {
  const draft = `${path}.${process.pid}.part`;
  writeFileSync(draft, text, { mode: 0o600 });
  renameSync(draft, path);
}
