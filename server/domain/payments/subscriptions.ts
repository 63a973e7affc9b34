import type { Kysely } from "kysely";
import type { SubscriptionResult } from "../../../contracts/schemas/subscription.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import { addTerm, type PackageRow, toWirePackage } from "./packages.ts";
import { countApplications } from "../applications/package-limit.ts";
import { acceptableTokens, acceptedCurrencies } from "../applications/accepted-currencies.ts";
import type { ChainLayer } from "../../chain/chain-layer.ts";

interface CurrentPackage {
  packageId: string;
  expiresAt: Date;
}

async function currentPackage(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  lock: boolean,
): Promise<CurrentPackage | null> {
  let query = db.selectFrom("subscriptions").select(["package_id", "expires_at"]).where("merchant_id", "=", merchantId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? { packageId: row.package_id, expiresAt: row.expires_at } : null;
}

/**
 * Activates a paid order's package, inside the payment's transaction (`trx`): extend → max(now, current expiry) +
 * term; new or replace → now + term (a replaced package's time left was credited on the order: upgrade-credit.ts). Answers the new expiry. The
 * merchant's row is locked first, so two payments of one merchant activate one after the other.
 */
export async function activatePackage(
  trx: Kysely<DB>,
  scope: AnyMerchantScope,
  pkg: PackageRow,
  orderId: string,
  now: Date,
): Promise<Date> {
  const { merchantId } = scope;
  await trx.selectFrom("merchants").select("id").where("id", "=", merchantId).forNoKeyUpdate().executeTakeFirst();
  const current = await currentPackage(trx, scope, true);
  // Extending the active package adds to its expiry (which is later than now); anything else starts now.
  const extend = current !== null && current.packageId === pkg.id && current.expiresAt > now;
  const from = extend ? current.expiresAt : now;
  const expiresAt = addTerm(from, pkg.term_unit, pkg.term_count);
  await trx
    .insertInto("subscriptions")
    .values({
      merchant_id: merchantId,
      package_id: pkg.id,
      order_id: orderId,
      started_at: now,
      expires_at: expiresAt,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column("merchant_id").doUpdateSet({
        package_id: pkg.id,
        order_id: orderId,
        expires_at: expiresAt,
        updated_at: now,
        // An extension keeps the start of the package's run.
        ...(extend ? {} : { started_at: now }),
      }),
    )
    .execute();
  return expiresAt;
}

/**
 * The free trial is for a merchant's start: once, and only before any other package was paid (a trial would
 * otherwise replace a paid package's time left).
 */
export async function trialAvailable(db: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<boolean> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where((eb) => eb.or([eb("trial", "=", true), eb("status", "=", "paid")]))
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}

/** The console home's resource check: the package, its expiry, whether the trial is left, and what is used. */
export async function subscriptionOf(
  db: Kysely<DB>,
  scope: MerchantScope,
  layer: ChainLayer | null,
  now: Date,
): Promise<SubscriptionResult> {
  const { merchantId } = scope;
  const row = await db
    .selectFrom("subscriptions")
    .innerJoin("packages", "packages.id", "subscriptions.package_id")
    .selectAll("packages")
    .select("subscriptions.expires_at as subscription_expires_at")
    .where("subscriptions.merchant_id", "=", merchantId)
    .executeTakeFirst();
  // What the package's wallet limit counts (domain/applications/deposit-addresses.ts): the deposit addresses given out.
  const addresses = await db
    .selectFrom("deposit_addresses")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("merchant_id", "=", merchantId)
    // The merchant's own payment address is not one given out (migration 0035).
    .where("application_id", "is not", null)
    // Nor are an invoice's (migration 0044): the limit does not count them.
    .where("invoice_id", "is", null)
    .executeTakeFirstOrThrow();
  const { subscription_expires_at: expiresAt, ...pkg } = row ?? { subscription_expires_at: null };
  return {
    package: row ? toWirePackage(pkg as PackageRow) : null,
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
    active: expiresAt !== null && expiresAt > now,
    trialAvailable: await trialAvailable(db, scope),
    // Wallets: deposit addresses given out for receiving; currencies: those accepted in My currencies (by default or
    // as chosen), what the package's currency limit counts.
    usage: {
      wallets: Number(addresses.n),
      currencies: (await acceptedCurrencies(db, scope, acceptableTokens(layer), now)).keys.size,
      applications: await countApplications(db, scope),
    },
    serverTime: now.toISOString(),
  };
}
