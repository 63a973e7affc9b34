import type { EveryKeyOnce, Merged } from "../../contracts/area-tables.ts";
import { type AreaTables, areaTableNames } from "./schema-tables.ts";

export * from "./schema-tables.ts";

/**
 * The database's tables, one file per area in server/db/schema/, collected by scripts/registries.ts into
 * schema-tables.ts. No table may be in two areas: the typecheck fails on `everyTableOnce` below, naming it.
 */
export const everyTableOnce: EveryKeyOnce<AreaTables> = true;

export interface DB extends Merged<AreaTables> {}

/**
 * Tables a test's reset keeps: the packages the migrations seed, and the chain's blocks, transfers and addresses,
 * which the test chain empties itself (server/chain/test-chain.ts).
 */
const keptByReset: ReadonlySet<string> = new Set([
  "packages",
  "chain_blocks",
  "chain_cursors",
  "chain_leases",
  "chain_transfers",
  "receiving_addresses",
]);

/** Every table a test's reset empties: every area's, unless kept. */
export const tableNames: readonly (keyof DB)[] = areaTableNames.filter((table) => !keptByReset.has(table));
