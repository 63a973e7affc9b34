import {
  type Transport,
  type Address,
  BaseError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  type Hash,
  http,
  type PublicClient,
  type TestClient,
  TransactionRejectedRpcError,
  type WalletClient,
} from "viem";
import { erc20Abi, testUsdtBytecode } from "./token-abi.ts";

/** A public and a wallet client on a devnet whose accounts the node unlocks (anvil signs for its dev accounts). */
export interface DevClients {
  public: PublicClient;
  wallet: WalletClient;
  /** anvil's own calls (mine now, snapshots, balances). */
  test: TestClient;
}

export function devClients(rpcUrl: string): DevClients {
  return clientsOver(http(rpcUrl, { timeout: 20_000 }));
}

/** The three clients over one transport (a node's http, or a test's wrapping of it). */
export function clientsOver(transport: Transport): DevClients {
  return {
    public: createPublicClient({ transport, pollingInterval: 100 }),
    wallet: createWalletClient({ transport, pollingInterval: 100 }),
    test: createTestClient({ mode: "anvil", transport }),
  };
}

/** The first dev account of the node: anvil's funded account 0. */
export async function devAccount(clients: DevClients): Promise<Address> {
  const [first] = await clients.wallet.getAddresses();
  if (!first) throw new Error("the node has no unlocked dev account");
  return first;
}

export interface DeployedToken {
  address: Address;
  deployBlock: bigint;
}

/**
 * Deploys chain/test-usdt.sol's artifact from `deployer` and mints `mint` base units to it. `mineNow` mines each
 * transaction at once instead of waiting for the next interval block (a devnet's first start takes no seconds).
 */
export async function deployTestUsdt(
  clients: DevClients,
  deployer: Address,
  mint: bigint,
  mineNow = false,
): Promise<DeployedToken> {
  const hash = await clients.wallet.deployContract({
    abi: erc20Abi,
    bytecode: testUsdtBytecode(),
    account: deployer,
    chain: null,
  });
  if (mineNow) await clients.test.mine({ blocks: 1 });
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success" || !receipt.contractAddress)
    throw new Error(`deploying the test USDT failed (${hash})`);
  const token = getAddress(receipt.contractAddress);
  const minted = await clients.wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "mint",
    args: [deployer, mint],
    account: deployer,
    chain: null,
  });
  if (mineNow) await clients.test.mine({ blocks: 1 });
  await mined(clients, minted);
  return { address: token, deployBlock: receipt.blockNumber };
}

/**
 * Sends `amount` base units of `token` from an unlocked account; resolves once mined. `mineNow` mines it at once, for
 * a node whose interval blocks are far apart or never come (as deployTestUsdt's).
 */
export async function sendToken(
  clients: DevClients,
  token: Address,
  from: Address,
  to: Address,
  amount: bigint,
  mineNow = false,
): Promise<{ hash: Hash; blockNumber: bigint }> {
  // Gas fixed with room rather than estimated: an estimate made while the recipient holds tokens is too little once
  // a sweep has emptied it before the payment is mined (a zero balance costs the transfer another 20,000), and the
  // payment reverts out of gas.
  const send = () =>
    clients.wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [to, amount],
      account: from,
      chain: null,
      gas: 100_000n,
    });
  // The dev account also pays the collector's sweeps, with nonces of their own: a payment the node refuses for its
  // nonce (-32003, never taken into the pool, so never paid) is sent again, a moment later, up to three times.
  let hash: Hash | undefined;
  for (let attempt = 1; hash === undefined; attempt++) {
    try {
      hash = await send();
    } catch (error) {
      const rejected = error instanceof BaseError && error.walk((e) => e instanceof TransactionRejectedRpcError);
      if (!rejected || attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
  if (mineNow) await clients.test.mine({ blocks: 1 });
  return { hash, blockNumber: await mined(clients, hash) };
}

async function mined(clients: DevClients, hash: Hash): Promise<bigint> {
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return receipt.blockNumber;
}
