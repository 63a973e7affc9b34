import type { ChainAdapter } from "./chain-adapter.ts";
import type { Kysely } from "kysely";
import { type Address, encodeFunctionData, type Hash, type Hex, type TestClient } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { DB } from "../db/schema.ts";
import { type AnvilProcess, startAnvil } from "./anvil.ts";
import { type DevClients, deployTestUsdt, devAccount, devClients, sendToken } from "./deploy.ts";
import { erc20Abi } from "./token-abi.ts";
import { emptyTables } from "../testing/empty-tables.ts";

/** One anvil per test file (a block per transaction, so tests decide when blocks come), with two test USDTs. */
export interface TestChain {
  anvil: AnvilProcess;
  rpcUrl: string;
  clients: DevClients;
  test: TestClient;
  dev: Address;
  /** The token the watcher follows, and another one it must ignore. */
  token: Address;
  otherToken: Address;
  deployBlock: bigint;
  /** Mines `blocks` empty blocks. */
  mine(blocks: number): Promise<void>;
  head(): Promise<bigint>;
  /** A real transfer of `token` (default: the followed one) from the dev account. */
  pay(to: Address, amount: bigint, token?: Address): Promise<{ hash: Hash; blockNumber: bigint }>;
  /** A funded key of our own, to sign raw transactions that can be sent again after a reorganisation. */
  payer(): Promise<PrivateKeyAccount>;
  signedPayment(from: PrivateKeyAccount, to: Address, amount: bigint): Promise<Hex>;
  sendRaw(raw: Hex): Promise<{ hash: Hash; blockNumber: bigint }>;
  stop(): Promise<void>;
}

export async function startTestChain(): Promise<TestChain> {
  const anvil = await startAnvil({ port: 0 });
  const clients = devClients(anvil.rpcUrl);
  const dev = await devAccount(clients);
  const main = await deployTestUsdt(clients, dev, 10n ** 15n);
  const other = await deployTestUsdt(clients, dev, 10n ** 15n);
  const chain: TestChain = {
    anvil,
    rpcUrl: anvil.rpcUrl,
    clients,
    test: clients.test,
    dev,
    token: main.address,
    otherToken: other.address,
    deployBlock: main.deployBlock,
    mine: (blocks) => clients.test.mine({ blocks }),
    head: () => clients.public.getBlockNumber({ cacheTime: 0 }),
    pay: (to, amount, token = main.address) => sendToken(clients, token, dev, to, amount),
    async payer() {
      const account = privateKeyToAccount(generatePrivateKey());
      await clients.test.setBalance({ address: account.address, value: 10n ** 20n });
      await sendToken(clients, main.address, dev, account.address, 10n ** 12n);
      return account;
    },
    async signedPayment(from, to, amount) {
      const request = await clients.public.prepareTransactionRequest({
        account: from,
        to: main.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
        chain: null,
      });
      return from.signTransaction({ ...request, chainId: 31337 } as Parameters<
        PrivateKeyAccount["signTransaction"]
      >[0]);
    },
    async sendRaw(raw) {
      const hash = await clients.public.sendRawTransaction({ serializedTransaction: raw });
      const receipt = await clients.public.waitForTransactionReceipt({ hash });
      return { hash, blockNumber: receipt.blockNumber };
    },
    stop: () => anvil.stop(),
  };
  return chain;
}

/** Empties the chain tables (and the address book) between tests of one file; with them what refers to transfers (order links, ledger rows). */
export async function resetChainTables(db: Kysely<DB>): Promise<void> {
  await emptyTables(db, ["chain_transfers", "chain_blocks", "chain_cursors", "chain_leases", "receiving_addresses"]);
}

/** Watched addresses straight into the address book (the watcher reads them from there). */
export async function watchAddresses(db: Kysely<DB>, addresses: readonly Address[], firstIndex = 0): Promise<void> {
  await db
    .insertInto("receiving_addresses")
    .values(addresses.map((address, i) => ({ address_index: firstIndex + i, address })))
    .execute();
}

/**
 * The node as a load-balanced RPC whose backend lags `lag()` blocks behind answers it: an older head, no block above
 * it. Read on every call, so a test can make it lag and catch up. Its logs: every one by default; with `clampLogs`,
 * only those up to its head, silently (older geth, Sonic, reth before #26891).
 */
export function laggingBackend(
  node: ChainAdapter,
  lag: () => bigint,
  options: { clampLogs?: boolean } = {},
): ChainAdapter {
  const lagged = async () => (await node.head()).number - lag();
  return {
    chainId: node.chainId,
    genesisHash: () => node.genesisHash(),
    async head() {
      if (lag() === 0n) return node.head();
      const number = await lagged();
      return { number, hash: (await node.blockHash(number)) as string };
    },
    async blockHash(number) {
      return number > (await lagged()) ? null : node.blockHash(number);
    },
    async header(number) {
      return number > (await lagged()) ? null : node.header(number);
    },
    async blockTransfers(query) {
      if (query.block.number > (await lagged())) throw new Error(`unknown block ${query.block.hash}`);
      return node.blockTransfers(query);
    },
    async tokenBalances(token, holders, block) {
      if (block > (await lagged())) throw new Error(`header not found: block ${block}`);
      return node.tokenBalances(token, holders, block);
    },
    async transfers(query) {
      if (!options.clampLogs) return node.transfers(query);
      const limit = await lagged();
      return node.transfers({ ...query, toBlock: query.toBlock < limit ? query.toBlock : limit });
    },
  };
}

/** A load balancer that sends every question about logs to `logs` and every other one to `rest`. */
export function logsFrom(rest: ChainAdapter, logs: ChainAdapter): ChainAdapter {
  return {
    chainId: rest.chainId,
    genesisHash: () => rest.genesisHash(),
    head: () => rest.head(),
    blockHash: (number) => rest.blockHash(number),
    header: (number) => rest.header(number),
    transfers: (query) => logs.transfers(query),
    blockTransfers: (query) => logs.blockTransfers(query),
    tokenBalances: (token, holders, block) => rest.tokenBalances(token, holders, block),
  };
}
