import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Address, Hash, Hex, PrivateKeyAccount } from "viem";
import { defaultPassword, registerViaApi, uniqueEmail } from "../e2e/support/api.ts";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import {
  depositAddress as depositAddressOf,
  deployForwarderFactory,
  depositSalt,
  depositSaltKey,
} from "../server/chain/deposit-forwarder.ts";
import { randomXpub } from "../server/chain/hd-wallet.ts";
import type { DevClients } from "../server/chain/deploy.ts";
import { startTestChain, type TestChain } from "../server/chain/test-chain.ts";
import { erc20Abi } from "../server/chain/token-abi.ts";
import type { DB } from "../server/db/schema.ts";
import { startTestPostgres } from "../server/testing/postgres-server.ts";
import { seedApplication, testServerSecret } from "../server/testing/seed.ts";
import { minedClients } from "./mined-clients.ts";
import { type RpcProxy, startRpcProxy } from "./rpc-proxy.ts";
import { type ServerProcess, serverProcess } from "./server-process.ts";

export const chaosChainId = 31337;
export const chaosConfirmations = 2;
/** The watcher's lease in the harness: short, so a kill -9 is taken over in seconds rather than 20. */
export const chaosLeaseMs = 3_000;

/**
 * What the harness runs against: a throw-away PostgreSQL database, one anvil (a block per transaction), the RPC proxy
 * in front of it, and server instances on that database whose only RPC is the proxy (chain id 31337, 2 confirmations).
 */
export interface ChaosWorld {
  chain: TestChain;
  proxy: RpcProxy;
  servers: ServerProcess[];
  db: Kysely<DB>;
  /** The key every payment is signed with, holding more tokens than numeric(38,18) can say. */
  payer: PrivateKeyAccount;
  /**
   * The deployed forwarder factory deposit addresses are computed under: treasury a fresh address, operator the dev
   * account, which the harness collects with and which sends nothing else during a run.
   */
  depositFactory: Address;
  /** The treasury's key: the harness sends withdrawals with it (chaos/withdrawals.ts), as a server with it would. */
  treasury: PrivateKeyAccount;
  /** The harness's own clients for what it sends as one more instance (sweeps, withdrawals): a send answers once mined. */
  senders: DevClients;
  stop(): Promise<void>;
}

export interface Merchant {
  email: string;
  token: string;
  address: Address;
  /** An end user's deposit address of the merchant's application, on the chaos chain. */
  depositAddress: Address;
  /** The merchant's and its application's ids, and the application's code (its invoices' addresses are made from it). */
  merchantId: string;
  applicationId: string;
  appCode: string;
}

/** A payment the harness signed: its raw bytes are what a reorganisation mines again. */
export interface SentPayment {
  hash: Hash;
  raw: Hex;
  merchant: number;
  units: bigint;
}

export async function startWorld(instances = 2): Promise<ChaosWorld> {
  const [postgres, chain] = await Promise.all([startTestPostgres(), startTestChain()]);
  const stopping: (() => Promise<unknown>)[] = [() => postgres.stop(), () => chain.stop()];
  try {
    const proxy = await startRpcProxy(chain.rpcUrl);
    stopping.unshift(() => proxy.stop());
    const payer = await chain.payer();
    const minted = await chain.clients.wallet.writeContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: "mint",
      args: [payer.address, 10n ** 31n],
      account: chain.dev,
      chain: null,
    });
    await chain.clients.public.waitForTransactionReceipt({ hash: minted });
    const treasury = privateKeyToAccount(generatePrivateKey());
    // Gas for the withdrawals it sends.
    await chain.test.setBalance({ address: treasury.address, value: 10n ** 20n });
    const depositFactory = await deployForwarderFactory(chain.clients, chain.dev, treasury.address, chain.dev);
    const env = {
      DATABASE_URL: postgres.databaseUrl,
      WALLET_XPUB: randomXpub(),
      CHAINS: JSON.stringify([
        {
          product: "Devnet",
          chainId: chaosChainId,
          rpcUrl: proxy.url,
          tokens: [{ address: chain.token }],
          confirmations: chaosConfirmations,
          leaseMs: chaosLeaseMs,
          // Merchants' payment addresses are their own forwarders, as on any chain with one: orders are paid there and swept.
          depositFactory,
        },
      ]),
    };
    const servers = Array.from({ length: instances }, (_, i) => serverProcess(String.fromCharCode(65 + i), env));
    stopping.unshift(() => Promise.all(servers.map((s) => s.stop())));
    // The first migrates the empty database; the others start on it.
    await servers[0]!.start();
    await Promise.all(servers.slice(1).map((s) => s.start()));
    const pool = new pg.Pool({ connectionString: postgres.databaseUrl, max: 2 });
    pool.on("error", () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    stopping.unshift(() => db.destroy());
    return {
      chain,
      proxy,
      servers,
      db,
      payer,
      depositFactory,
      treasury,
      senders: minedClients(chain.rpcUrl),
      stop: () => stopAll(stopping),
    };
  } catch (error) {
    await stopAll(stopping);
    throw error;
  }
}

async function stopAll(stopping: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const stop of stopping) await stop().catch(() => {});
}

interface Envelope {
  success: boolean;
  errCode: string;
  resData: unknown;
}

/** A call to whichever server is up; answers the envelope (a refusal is an answer, not an error). */
export async function api(world: ChaosWorld, path: string, body: unknown, token?: string): Promise<Envelope> {
  const server = world.servers.find((s) => s.up);
  if (!server) throw new Error("no server instance is up");
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      language: "en-US",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope;
}

/**
 * A merchant registered through the documented calls, signed in, with its payment address; and an application with
 * one end user's deposit address on the chaos chain, written to the database as App/Add and the open API would (the
 * open API would need a package and the credentials' e-mail code first: beside the point here).
 */
export async function newMerchant(world: ChaosWorld, tag: string): Promise<Merchant> {
  const server = world.servers.find((s) => s.up)!;
  const email = uniqueEmail(`chaos-${tag}`);
  await registerViaApi(server.baseUrl, email);
  const login = await api(world, "/api/Login/Login", { email, password: defaultPassword });
  const token = (login.resData as { accessToken: string }).accessToken;
  const wallet = await api(world, "/api/wallet/DevnetClient/GetUserWallet", { currency: "USDT" }, token);
  const { id } = await world.db
    .selectFrom("merchants")
    .select("id")
    // The server keeps e-mails lower-cased; the tags of focused scenarios are not.
    .where("email", "=", email.toLowerCase())
    .executeTakeFirstOrThrow();
  const app = await seedApplication(world.db, { userId: id, name: `Chaos ${tag}` });
  const salt = depositSalt(depositSaltKey(testServerSecret), app.appCode, "end-user-1");
  const depositAddress = depositAddressOf(world.depositFactory, salt);
  await world.db
    .insertInto("deposit_addresses")
    .values({
      merchant_id: id,
      application_id: app.applicationId,
      end_user_id: "end-user-1",
      chain_id: chaosChainId,
      factory: world.depositFactory,
      salt,
      address: depositAddress,
      created_at: new Date(),
    })
    .execute();
  return {
    email,
    token,
    address: (wallet.resData as { address: Address }).address,
    depositAddress,
    merchantId: id,
    applicationId: app.applicationId,
    appCode: app.appCode,
  };
}
