import type { Kysely } from "kysely";
import type { Address } from "viem";
import { watchedAddressBook } from "../chain/address-book.ts";
import type { ConfiguredChain } from "../chain/chain-layer.ts";
import { currencyRegistry } from "../chain/currency-registry.ts";
import { createEvmAdapter } from "../chain/evm-adapter.ts";
import type { ChainListener } from "../chain/listener.ts";
import { resetChainTables, startTestChain, type TestChain } from "../chain/test-chain.ts";
import { createWatcher, type Watcher } from "../chain/watcher.ts";
import type { OpenedDatabase } from "../db/open-database.ts";
import type { DB } from "../db/schema.ts";
import { type OpenApiCaller, openApiCaller } from "../domain/applications/open-api-caller.ts";
import type { OpenInvoice } from "../../contracts/schemas/open-api-invoices.ts";
import { createInvoice, type InvoiceSettings } from "../domain/invoices/open-api-invoices.ts";
import { ledgerViolations, reconcile } from "../domain/payments/reconcile.ts";
import { createMoneyListener } from "../wiring/money-listener.ts";
import { resetDatabase, seedApplication, seedMerchant, seedPackageId, testServerSecret } from "./seed.ts";
import { createTestDatabase } from "./test-database.ts";

/** The devnet chain id the invoice tests pay on. */
export const invoiceChainId = 31337;

/**
 * One test file's invoices on a real chain: a migrated database and an anvil, started side by side, and the devnet as
 * the server configures it (2 confirmations; a factory address of its own, as invoice addresses are computed, never
 * deployed, until collection sweeps them).
 */
export interface InvoiceChain {
  database: OpenedDatabase;
  db: Kysely<DB>;
  chain: TestChain;
  devnet: ConfiguredChain;
  /** The watcher as a server instance runs it, crediting through the server's money listener. */
  watcher(options?: WatcherOptions): Watcher;
  /** Empties what a test left: the tables, the chain's transfers and the address book. */
  reset(): Promise<void>;
  /** What breaks the books: ledger violations, and reconcile's rows that disagree with the chain (none when sound). */
  booksOff(): Promise<unknown[]>;
  /** Mines `blocks` blocks, `watcher` ticking after each. */
  advance(watcher: Watcher, blocks: number): Promise<void>;
  stop(): Promise<void>;
}

export interface WatcherOptions {
  /** The server's clock as the money listener reads it. */
  now?: () => Date;
  /** Another listener (one wrapping the money listener to look inside its transaction). */
  listener?: ChainListener;
  /** The instance's name in the watcher's lease, and the lease's length. */
  holder?: string;
  leaseMs?: number;
}

export async function startInvoiceChain(): Promise<InvoiceChain> {
  const [database, chain] = await Promise.all([createTestDatabase(), startTestChain()]);
  const devnet: ConfiguredChain = {
    product: "Devnet",
    chainId: invoiceChainId,
    rpcUrl: chain.rpcUrl,
    tokens: [{ symbol: "USDT", address: chain.token, decimals: 6 }],
    confirmations: 2,
    devnet: true,
    depositFactory: `0x${"fa".repeat(20)}` as Address,
  };
  const { db } = database;
  return {
    database,
    db,
    chain,
    devnet,
    watcher: (options = {}) => invoiceWatcher(db, devnet, options),
    async reset() {
      await resetDatabase(db);
      await resetChainTables(db);
    },
    async booksOff() {
      return [...(await ledgerViolations(db)), ...(await reconcile(db)).filter((row) => !row.ok)];
    },
    async advance(watcher, blocks) {
      for (let i = 0; i < blocks; i++) {
        await chain.mine(1);
        await watcher.tick();
      }
    },
    stop: async () => {
      await Promise.all([database.close(), chain.stop()]);
    },
  };
}

/** The money listener a server builds for `chains`. */
export function invoiceMoneyListener(chains: readonly ConfiguredChain[], now?: () => Date): ChainListener {
  return createMoneyListener({ currencies: currencyRegistry([...chains]), ...(now ? { now } : {}) });
}

export function invoiceWatcher(db: Kysely<DB>, devnet: ConfiguredChain, options: WatcherOptions = {}): Watcher {
  return createWatcher(
    {
      product: devnet.product,
      chainId: devnet.chainId,
      tokens: devnet.tokens.map((t) => t.address),
      confirmations: devnet.confirmations,
      ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    },
    {
      db,
      adapter: createEvmAdapter({ chainId: devnet.chainId, rpcUrl: devnet.rpcUrl }),
      addressBook: watchedAddressBook(db, { chainId: devnet.chainId }),
      listener: options.listener ?? invoiceMoneyListener([devnet], options.now),
      ...(options.holder ? { holder: options.holder } : {}),
    },
  );
}

/** A merchant with an active package (without an order: a seeded order's payment is a transfer anvil never saw). */
export async function invoiceMerchant(
  db: Kysely<DB>,
  { email = "shop@example.com", callbackUrl }: { email?: string; callbackUrl?: string } = {},
): Promise<{ userId: string; app: Awaited<ReturnType<typeof seedApplication>>; caller: OpenApiCaller }> {
  const { userId } = await seedMerchant(db, { email, password: "Merchant7Pass" });
  const { packageId } = await seedPackageId(db, "basic");
  const now = new Date();
  await db
    .insertInto("subscriptions")
    .values({
      merchant_id: userId,
      package_id: packageId,
      order_id: null,
      started_at: now,
      expires_at: new Date(now.getTime() + 86_400_000),
    })
    .execute();
  const app = await seedApplication(db, { userId, ...(callbackUrl ? { rechargeCallbackUrl: callbackUrl } : {}) });
  const caller = await openApiCaller(db, app.appKey);
  if (!caller) throw new Error("the seeded application's key was not found");
  return { userId, app, caller };
}

/** The open API's settings for invoices on `chains` (each paid in the test chain's USDT), at `now`. */
export function invoiceSettings(
  chain: TestChain,
  chains: readonly ConfiguredChain[],
  now = new Date(),
): InvoiceSettings {
  return {
    chains,
    tokens: chains.map((c) => ({
      chainId: c.chainId,
      token: chain.token.toLowerCase(),
      symbol: "USDT",
      product: c.product,
    })),
    callbackTargets: { allowPrivate: true, resolve: async () => [] },
    secret: testServerSecret,
    origin: "https://pay.example",
    now,
  };
}

/** An invoice made as the open API makes it; a refusal fails the test. */
export async function madeInvoice(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  body: Parameters<typeof createInvoice>[2],
  settings: InvoiceSettings,
): Promise<OpenInvoice & { address: Address }> {
  const made = await createInvoice(db, caller, body, undefined, settings);
  if (!made.ok) throw new Error(made.message);
  return { ...made.data, address: made.data.addresses[0]!.address as Address };
}
