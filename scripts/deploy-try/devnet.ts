import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { anvilBinary } from "../../server/chain/anvil.ts";
import { type DevClients, deployTestUsdt, devAccount, devClients, sendToken } from "../../server/chain/deploy.ts";
import { deployForwarderFactory } from "../../server/chain/deposit-forwarder.ts";

/**
 * The chain of `npm run deploy:try`: anvil on the host, listening only on the deployment network's gateway address so
 * the containers reach it and nothing else does, with chain id 1337 (a production server refuses the devnet's 31337)
 * and a block a second; the test USDT and the deposit forwarder factory deployed on it. Its treasury is anvil's account
 * 1 and its operator, the gas payer, account 2 (anvil's well-known keys: a throw-away chain only).
 */
export const tryChainId = 1337;
export const tryProduct = "Trynet";
/** anvil's dev account 2 (mnemonic "test test … junk"): funded on every anvil, known to everyone. */
const gasPayerKey: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const treasuryKey: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

export interface TryChain {
  rpcUrl: string;
  clients: DevClients;
  dev: Address;
  token: Address;
  factory: Address;
  gasPayerKey: Hex;
  pay(to: Address, units: bigint): Promise<void>;
  head(): Promise<bigint>;
  stop(): Promise<void>;
}

async function freePort(host: string): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

export async function startTryChain(host: string): Promise<TryChain> {
  const port = await freePort(host);
  const args = ["--host", host, "--port", String(port), "--chain-id", String(tryChainId), "--block-time", "1"];
  const child: ChildProcess = spawn(anvilBinary(), [...args, "--quiet"], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors += chunk));
  const rpcUrl = `http://${host}:${port}`;
  const clients = devClients(rpcUrl);
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await clients.public.getChainId();
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`anvil did not start: ${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const dev = await devAccount(clients);
  const { address: token } = await deployTestUsdt(clients, dev, 10n ** 15n);
  const gasPayer = privateKeyToAccount(gasPayerKey).address;
  const treasury = privateKeyToAccount(treasuryKey).address;
  const factory = await deployForwarderFactory(clients, dev, treasury, gasPayer);
  return {
    rpcUrl,
    clients,
    dev,
    token,
    factory,
    gasPayerKey,
    pay: async (to, units) => void (await sendToken(clients, token, dev, to, units)),
    head: () => clients.public.getBlockNumber({ cacheTime: 0 }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
