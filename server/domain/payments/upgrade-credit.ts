import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { UpgradeKind } from "../../../contracts/schemas/orders.ts";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope } from "../platform/merchant-scope.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { minAtto, toAtto } from "../../../contracts/money.ts";
import type { PackageRow } from "./packages.ts";

/**
 * Upgrading keeps what was paid, the way Stripe prorates: buying a higher package while a paid one is
 * active credits the unused part of the current one against the new price, and paying starts the new package now and
 * ends the current one (subscriptions.ts). The same package adds its term after the current expiry (no credit); a
 * lower one is refused while the current one runs (2210: a downgrade would either throw paid time away or need a
 * package waiting in line, which nothing here has); a free trial is worth nothing, so it gives no credit.
 *
 * The credit is quoted when the order is made, shown in the pay dialog before paying, and holds for the order's
 * payment window as its price does. It is booked when the order is paid (balance.ts, `creditUpgrade`).
 */

/** Credits are whole units of the token's 6 decimals (USDT, the order amount's numeric(20, 6)), in atto units. */
const creditStep = 10n ** 12n;

/**
 * What the unused part of a run that cost `price` (atto units) from `start` to `end` is worth at `now`: price × time
 * left / run length, rounded down to the token's 6 decimals. Exact, in bigint; 0 once the run has ended.
 */
export function proratedCredit(price: bigint, start: Date, end: Date, now: Date): bigint {
  const run = BigInt(end.getTime() - start.getTime());
  const left = BigInt(end.getTime() - Math.max(now.getTime(), start.getTime()));
  if (run <= 0n || left <= 0n || price <= 0n) return 0n;
  const value = (price * left) / run;
  return value - (value % creditStep);
}

export interface UpgradeQuote {
  upgrade: UpgradeKind;
  /** Atto units, at most the new package's price. */
  credit: bigint;
  /** The paid order the credit is for (the current run's latest), null without a credit. */
  creditOrderId: string | null;
}

export const upgradeMessages = {
  packageDowngrade:
    "Your current package is higher than this one: buy this one after the current package ends, or choose a higher one",
} as const;

/**
 * What buying `pkg` now does to the merchant's package: a first one (none, or ended), more time on the same one, or a
 * higher one instead with the current run's unused part credited; a lower one while the current runs is refused.
 * The run's price is what its paid orders cost (amount + credit of each order of that package paid since the run
 * started: the one that started it and any extensions), so an extended package credits all its time left.
 */
export async function quoteUpgrade(
  trx: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  pkg: PackageRow,
  now: Date,
): Promise<Outcome<UpgradeQuote>> {
  const current = await trx
    .selectFrom("subscriptions as s")
    .innerJoin("packages as p", "p.id", "s.package_id")
    .select(["s.package_id", "s.order_id", "s.started_at", "s.expires_at", "p.sort_order"])
    .where("s.merchant_id", "=", merchantId)
    .executeTakeFirst();
  if (!current || current.expires_at <= now) return ok({ upgrade: "new", credit: 0n, creditOrderId: null });
  if (current.package_id === pkg.id) return ok({ upgrade: "extend", credit: 0n, creditOrderId: null });
  if (pkg.sort_order < current.sort_order) return fail(errCodes.packageDowngrade, upgradeMessages.packageDowngrade);
  const run = await trx
    .selectFrom("orders")
    .select((eb) => [eb.fn.sum<string | null>("amount").as("paid"), eb.fn.sum<string | null>("credit").as("credited")])
    .where("merchant_id", "=", merchantId)
    .where("package_id", "=", current.package_id)
    .where("status", "=", "paid")
    .where("paid_at", ">=", current.started_at)
    .executeTakeFirstOrThrow();
  const runPrice = toAtto(run.paid ?? "0") + toAtto(run.credited ?? "0");
  const credit = minAtto(proratedCredit(runPrice, current.started_at, current.expires_at, now), toAtto(pkg.price));
  return ok({ upgrade: "replace", credit, creditOrderId: credit > 0n && current.order_id ? current.order_id : null });
}
