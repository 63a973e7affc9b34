import type { ColumnType, Generated } from "kysely";

/** Orders of the public checkout demo; `expired` is derived from expires_at, never stored. */
export interface DemoOrdersTable {
  order_code: string;
  /** numeric: the drivers hand it over as a string, so no float ever rounds it. */
  amount: ColumnType<string, string, string>;
  currency: Generated<string>;
  chain: string;
  address: string;
  status: Generated<"pending" | "paid">;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
}

/** The demo area's tables, its part of `DB` (server/db/schema.ts). */
export interface DemoTables {
  demo_orders: DemoOrdersTable;
}
