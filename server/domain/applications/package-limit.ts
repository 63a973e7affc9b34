import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";

/** How many applications the merchant has, stopped ones included (the package's limit counts them all). */
export async function countApplications(db: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<number> {
  const row = await db
    .selectFrom("applications")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("merchant_id", "=", merchantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The merchant's package, its expiry and its limits (null = unlimited); undefined without one. Whether it is still
 * active (expires_at after now) is the caller's to say: each names the expired case its own way.
 */
export function activePackageOf(trx: Kysely<DB>, merchantId: string) {
  return trx
    .selectFrom("subscriptions")
    .innerJoin("packages", "packages.id", "subscriptions.package_id")
    .select([
      "subscriptions.expires_at",
      "packages.limit_applications",
      "packages.limit_wallets",
      "packages.limit_currencies",
      "packages.name",
    ])
    .where("subscriptions.merchant_id", "=", merchantId)
    .executeTakeFirst();
}

/**
 * Whether one more application fits the merchant's active package (limit_applications, null = unlimited). Run it in
 * the adding transaction: the merchant's row is locked first, so two adds of one merchant are counted one after the other.
 */
export async function roomForApplication(trx: Kysely<DB>, scope: MerchantScope, now: Date): Promise<Outcome<null>> {
  await trx.selectFrom("merchants").select("id").where("id", "=", scope.merchantId).forNoKeyUpdate().execute();
  const pkg = await activePackageOf(trx, scope.merchantId);
  if (!pkg) return fail(errCodes.appNoPackage, "Choose a package before creating applications");
  if (pkg.expires_at <= now)
    return fail(errCodes.appPackageExpired, "Your package has expired: renew it to add applications");
  const limit = pkg.limit_applications;
  if (limit !== null && (await countApplications(trx, scope)) >= limit)
    return fail(
      errCodes.appLimitReached,
      `Your package (${pkg.name}) allows ${limit} application${limit === 1 ? "" : "s"}: upgrade it to add more`,
    );
  return ok(null);
}
