import type { NamedChain } from "../../chain/configured-chain.ts";
import type { Kysely } from "kysely";
import type { Address } from "viem";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DepositAddress } from "../../../contracts/schemas/open-api.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../../chain/deposit-forwarder.ts";
import type { ChainLayer } from "../../chain/chain-layer.ts";
import type { DB } from "../../db/schema.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import type { OpenApiCaller } from "./open-api-caller.ts";
import { type AcceptableToken, chainAccepted } from "./accepted-currencies.ts";
import { activePackageOf } from "./package-limit.ts";

/** A chain that deposit addresses can be made on: its forwarder factory is configured (or deployed on the devnet). */
export type DepositChain = NamedChain & { factory: Address };

/** The chain a request names (case-insensitive, like the console's `{product}`), if deposit addresses exist on it. */
export function depositChainOf(layer: ChainLayer | null, product: string): Outcome<DepositChain> {
  const chain = layer?.currencies.chainByProduct(product);
  if (!chain) return fail(errCodes.chainUnknown, `No chain ${product} is configured`, 400);
  if (!chain.depositFactory)
    return fail(errCodes.openApiChainNoDeposits, `Deposit addresses are not available on ${chain.product}`, 400);
  return ok({ product: chain.product, chainId: chain.chainId, factory: chain.depositFactory });
}

type Row = { end_user_id: string; address: string; created_at: Date };

const toWire = (caller: OpenApiCaller, chain: DepositChain, row: Row): DepositAddress => ({
  endUserId: row.end_user_id,
  chain: chain.product,
  chainId: chain.chainId,
  address: row.address,
  appCode: caller.appCode,
  createdAt: row.created_at.toISOString(),
});

const findRow = (db: Kysely<DB>, caller: OpenApiCaller, endUserId: string, chainId: number) =>
  db
    .selectFrom("deposit_addresses")
    .select(["end_user_id", "address", "created_at"])
    .where("application_id", "=", caller.applicationId)
    .where("end_user_id", "=", endUserId)
    .where("chain_id", "=", chainId)
    .executeTakeFirst();

/** An end user's address, made before; only the calling application's own (the key is part of the lookup). */
export async function readDepositAddress(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  endUserId: string,
  chain: DepositChain,
): Promise<Outcome<DepositAddress>> {
  const row = await findRow(db, caller, endUserId, chain.chainId);
  if (!row) return fail(errCodes.openApiAddressNotFound, "No deposit address for this end user on this chain", 404);
  return ok(toWire(caller, chain, row));
}

/**
 * The end user's address on the chain: the one made before, or a new one if the merchant accepts a currency of the
 * chain (My currencies, `tokens` the ones offered) and the package's wallet limit has room. The address is the
 * forwarder's CREATE2 address under the chain's factory, from the application's code and the end user's id: computed,
 * no key, nothing sent to the chain. An address made before is answered as it is, whatever the package or My
 * currencies say now; and a deposit that arrives at an address whose currency was turned off since is still credited
 * (bills/deposit-listener.ts asks nothing of My currencies): money that arrived is never refused. With a wallet limit,
 * the merchant's row is locked first, so two creates of one merchant are counted one after the other and the limit
 * cannot be passed by racing; without one there is nothing to count, and racing creates of one end user meet at the
 * table's unique key.
 */
export async function createDepositAddress(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  endUserId: string,
  chain: DepositChain,
  tokens: readonly AcceptableToken[],
  now: Date,
  secret: Buffer,
): Promise<Outcome<DepositAddress>> {
  const made = await findRow(db, caller, endUserId, chain.chainId);
  if (made) return ok(toWire(caller, chain, made));
  const merchantId = caller.scope.merchantId;
  const pkg = await activePackageOf(db, merchantId);
  // Without an active package, roomForAddress below refuses first (2509): there is no currency to turn on then.
  if (pkg && pkg.expires_at > now) {
    const limit = { limit: pkg.limit_currencies, packageName: pkg.name };
    const accepted = await chainAccepted(db, caller.scope, chain, tokens, limit);
    if (!accepted.ok) return accepted;
  }
  if (pkg?.limit_wallets === null && pkg.expires_at > now)
    return ok(toWire(caller, chain, await insertRow(db, caller, endUserId, chain, now, secret)));
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("merchants").select("id").where("id", "=", merchantId).forNoKeyUpdate().execute();
    const existing = await findRow(trx, caller, endUserId, chain.chainId);
    if (existing) return ok(toWire(caller, chain, existing));
    const room = await roomForAddress(trx, merchantId, now);
    if (!room.ok) return room;
    return ok(toWire(caller, chain, await insertRow(trx, caller, endUserId, chain, now, secret)));
  });
}

/** The end user's new row; the one a racing create made first when there is one. */
async function insertRow(
  db: Kysely<DB>,
  caller: OpenApiCaller,
  endUserId: string,
  chain: DepositChain,
  now: Date,
  secret: Buffer,
): Promise<Row> {
  const salt = depositSalt(depositSaltKey(secret), caller.appCode, endUserId);
  const row = await db
    .insertInto("deposit_addresses")
    .values({
      merchant_id: caller.scope.merchantId,
      application_id: caller.applicationId,
      end_user_id: endUserId,
      chain_id: chain.chainId,
      factory: chain.factory,
      salt,
      address: depositAddress(chain.factory, salt),
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(["end_user_id", "address", "created_at"])
    .executeTakeFirst();
  return row ?? (await findRow(db, caller, endUserId, chain.chainId))!;
}

/** Whether one more address fits the merchant's active package (limit_wallets, null = unlimited). */
async function roomForAddress(trx: Kysely<DB>, merchantId: string, now: Date): Promise<Outcome<null>> {
  const pkg = await activePackageOf(trx, merchantId);
  if (!pkg || pkg.expires_at <= now)
    return fail(errCodes.openApiNoPackage, "Choose or renew a package to create deposit addresses", 403);
  const limit = pkg.limit_wallets;
  if (limit === null) return ok(null);
  const { n } = await trx
    .selectFrom("deposit_addresses")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("merchant_id", "=", merchantId)
    .where("application_id", "is not", null)
    // An invoice's addresses serve one order and are made per invoice: the limit counts end customers' addresses.
    .where("invoice_id", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(n) < limit) return ok(null);
  return fail(errCodes.openApiWalletLimit, walletLimitMessage(pkg.name, limit), 403);
}

/** 2508 in a merchant's words: whose addresses the limit counts, that it is reached, and what to do. */
function walletLimitMessage(packageName: string, limit: number): string {
  const allowed =
    limit === 1
      ? "1 end-customer deposit address, and it is in use"
      : `${limit} end-customer deposit addresses, and all are in use`;
  return (
    `Your package (${packageName}) allows ${allowed}: each end customer keeps one permanent address per chain. ` +
    "Upgrade your package for more, or use the address an existing end customer already has (call again with their endUserId)"
  );
}
