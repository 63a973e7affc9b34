import type { Kysely, Selectable } from "kysely";
import type { ServicePackage, TermUnit } from "../../../contracts/schemas/packages.ts";
import type { DB, PackagesTable } from "../../db/schema.ts";
import { usdtText } from "../../../contracts/money.ts";

export type PackageRow = Selectable<PackagesTable>;

/** Whole months of a term: day → 0, month → 1, quarter → 3, year → 12 (× count). */
export function termMonths(unit: TermUnit, count: number): number {
  return { day: 0, month: 1, quarter: 3, year: 12 }[unit] * count;
}

/**
 * `from` plus the term, in UTC. Months are calendar months; a day of the month the target month lacks becomes its last
 * day (31 January + 1 month = 28 or 29 February), as PostgreSQL's interval arithmetic does.
 */
export function addTerm(from: Date, unit: TermUnit, count: number): Date {
  if (unit === "day") return new Date(from.getTime() + count * 86_400_000);
  const months = termMonths(unit, count);
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export function toWirePackage(row: PackageRow): ServicePackage {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    price: usdtText(row.price),
    termUnit: row.term_unit,
    termCount: row.term_count,
    termMonths: termMonths(row.term_unit, row.term_count),
    limits: { wallets: row.limit_wallets, currencies: row.limit_currencies, applications: row.limit_applications },
  };
}

/** The catalogue, in its order. Packages are the same for every merchant. */
export async function listPackages(db: Kysely<DB>): Promise<ServicePackage[]> {
  const rows = await db.selectFrom("packages").selectAll().orderBy("sort_order").orderBy("id").execute();
  return rows.map(toWirePackage);
}

export async function findPackage(db: Kysely<DB>, id: string): Promise<PackageRow | undefined> {
  return db.selectFrom("packages").selectAll().where("id", "=", id).executeTakeFirst();
}
