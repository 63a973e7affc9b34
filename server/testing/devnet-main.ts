import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Hash } from "viem";
import { afterAll } from "vitest";
import { testNodeFlags } from "./test-node-flags.ts";

/**
 * `node server/main.ts` with the devnet it starts itself (anvil, the test USDT), as `npm run serve` runs it, for the
 * process tests of server/chain/main-devnet*.process.test.ts; every server a file starts is killed after it.
 */
const repoRoot = join(import.meta.dirname, "../..");

export interface Main {
  child: ChildProcess;
  /** Resolves with the "Devnet (anvil): …" line once the server listens. */
  devnetLine: Promise<string>;
  /** The API's address once it listens. */
  api: Promise<string>;
  exit: Promise<number | null>;
}

/** A starter of servers for one test file: each on its own data folder, API only, the devnet on any free port. */
export function mainStarter(): (dataDir: string, env?: Record<string, string>) => Main {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  });
  return (dataDir, env = {}) => {
    const child = spawn(process.execPath, [...testNodeFlags, "server/main.ts"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: "0",
        STATIC_DIR: "",
        DATABASE_URL: "",
        DEVNET_PORT: "0",
        NODE_ENV: "",
        CHAINS: "",
        DEVNET: "",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let text = "";
    const devnetLine = new Promise<string>((resolve, reject) => {
      child.stdout!.on("data", (chunk) => {
        text += chunk;
        const line = /^Devnet \(anvil\): .*$/m.exec(text)?.[0];
        if (line) resolve(line);
      });
      child.stderr!.on("data", (chunk) => {
        text += chunk;
      });
      // "close", not "exit": by then the pipes gave all the output (a refusal's last lines may come after its exit).
      child.once("close", () => reject(new Error(`the server stopped: ${text.slice(-2000)}`)));
    });
    const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const api = devnetLine.then(() => /API on (http:\/\/\S+)/.exec(text)?.[1] ?? "");
    // Awaited only by the tests that need it; a server that stops early is reported through devnetLine.
    api.catch(() => {});
    return { child, devnetLine, api, exit };
  };
}

/** The answer envelope of the server's API, its data loosely typed for the tests that read it. */
export interface ApiEnvelope {
  success: boolean;
  errCode: string;
  resData: Record<string, unknown> & Array<Record<string, unknown>>;
}

/** A POST to the API at `base` as the console sends it (JSON, the bearer token when given); answers the envelope. */
export async function postToApi(base: string, path: string, body: object = {}, token?: string): Promise<ApiEnvelope> {
  const answer = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as ApiEnvelope;
}

/** `npm run chain -- <args>` on `dataDir`'s devnet. */
export const chainCli = (dataDir: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ["scripts/chain.ts", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, CHAIN_RPC_URL: "", CHAIN_TOKEN: "" },
  });

/**
 * `npm run chain -- pay --to <to> --amount <amount>` on `dataDir`'s devnet, in this process through the code the CLI runs
 * (scripts/chain-pay.ts, as the browser journeys pay: e2e/support/orders.ts), for a test whose subject is not the CLI
 * (main-devnet.process.test.ts's is); answers the transaction's hash once mined.
 */
export async function devnetPay(dataDir: string, to: string, amount: string): Promise<Hash> {
  // Loaded here: the other files that start servers with this module send nothing.
  const { openDevWallet, payFromDevAccount } = await import("../../scripts/chain-pay.ts");
  const wallet = await openDevWallet({ DATA_DIR: dataDir });
  return (await payFromDevAccount(wallet, to, amount)).hash;
}

export const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** A JSON-RPC call to the devnet the server on `dataDir` started (its address from devnet/devnet.json). */
export async function devnetRpc(dataDir: string, method: string, params: unknown[] = []): Promise<unknown> {
  const { rpcUrl } = JSON.parse(readFileSync(join(dataDir, "devnet", "devnet.json"), "utf8")) as { rpcUrl: string };
  const answer = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await answer.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/**
 * Mines `blocks` blocks on that devnet now (anvil_mine), besides the one a second it mines by itself: a test gives a
 * transfer its confirmations when it wants them, instead of waiting a second for each.
 */
export async function mineBlocks(dataDir: string, blocks: number): Promise<void> {
  await devnetRpc(dataDir, "anvil_mine", [`0x${blocks.toString(16)}`]);
}
