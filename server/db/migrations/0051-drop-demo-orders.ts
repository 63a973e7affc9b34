import { sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Migration 0051_drop_demo_orders: /demo01 makes real invoices of a demo merchant now (domain/invoices/demo-merchant.ts),
 * so the demo's own orders (migration 0003) are gone, and with them what was kept of visitors' demo orders.
 */
export const migration0051DropDemoOrders: Migration = {
  async up(db) {
    await sql`drop table if exists demo_orders`.execute(db);
  },
};
