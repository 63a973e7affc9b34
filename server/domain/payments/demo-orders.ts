import { randomBytes, randomInt } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { type DemoChain, type DemoOrder, demoOrderMinutes } from "../../../contracts/schemas/demo.ts";
import type { DB } from "../../db/schema.ts";
import { prunedRows } from "../platform/pruned-rows.ts";
import { newDevnetAddress } from "./wallet-address.ts";

// Orders of the public checkout demo (/demo01): their own table, never joined with merchants' data.

/** The devnet product whose address format each demo chain uses. */
const productOf: Record<DemoChain, string> = { ETH: "eth", BSC: "bsc" };

/** Paid or expired demo orders are kept a day for a visitor who reloads, then dropped. */
const keepSeconds = 86_400;

const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newOrderCode = () => `DEMO-${[...randomBytes(10)].map((b) => codeAlphabet[b % codeAlphabet.length]).join("")}`;

/** A shop-like amount between 9.90 and 199.90 USDT. */
const demoAmount = () => `${randomInt(10, 200) - 1}.${randomInt(0, 2) === 0 ? "90" : "00"}`;

interface Row {
  order_code: string;
  amount: string;
  chain: string;
  address: string;
  status: "pending" | "paid";
  expires_at: Date;
}

/** numeric(20,6) as text ("49.900000") to the wire's decimal string ("49.90"): at least two decimals, no float. */
export function wireAmount(text: string): string {
  const [whole = "0", fraction = ""] = text.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}.${trimmed.padEnd(2, "0")}`;
}

export function toWire(row: Row, now: Date): DemoOrder {
  const expired = row.status === "pending" && row.expires_at.getTime() <= now.getTime();
  return {
    orderCode: row.order_code,
    amount: wireAmount(row.amount),
    currency: "USDT",
    chain: row.chain as DemoChain,
    address: row.address,
    expiresAt: row.expires_at.toISOString(),
    serverTime: now.toISOString(),
    status: expired ? "expired" : row.status,
  };
}

export const findDemoOrder = (db: Kysely<DB>, orderCode: string) =>
  db
    .selectFrom("demo_orders")
    .select(["order_code", sql<string>`amount::text`.as("amount"), "chain", "address", "status", "expires_at"])
    .where("order_code", "=", orderCode)
    .executeTakeFirst();

/** A new demo order on `chain`, 15 minutes to pay; ended ones older than a day go first. */
export function createDemoOrder(db: Kysely<DB>, chain: DemoChain, now: Date): Promise<Row> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("demo_orders")
      .where("expires_at", "<", new Date(now.getTime() - keepSeconds * 1000))
      .execute();
    return trx
      .insertInto("demo_orders")
      .values({
        order_code: newOrderCode(),
        amount: demoAmount(),
        chain,
        address: newDevnetAddress(productOf[chain]),
        created_at: now,
        expires_at: new Date(now.getTime() + demoOrderMinutes * 60_000),
        paid_at: null,
      })
      .returning(["order_code", sql<string>`amount::text`.as("amount"), "chain", "address", "status", "expires_at"])
      .executeTakeFirstOrThrow();
  });
}

/** Marks a pending, unexpired order paid; undefined when it is not one. */
export const payDemoOrder = (db: Kysely<DB>, orderCode: string, now: Date) =>
  db
    .updateTable("demo_orders")
    .set({ status: "paid", paid_at: now })
    .where("order_code", "=", orderCode)
    .where("status", "=", "pending")
    .where("expires_at", ">", now)
    .returning(["order_code", sql<string>`amount::text`.as("amount"), "chain", "address", "status", "expires_at"])
    .executeTakeFirst();

/** Demo orders that ended a day ago (`dayAgo`). */
export async function pruneDemoOrders(db: Kysely<DB>, dayAgo: Date): Promise<number> {
  return prunedRows(await db.deleteFrom("demo_orders").where("expires_at", "<", dayAgo).executeTakeFirst());
}
