import { randomBytes, randomInt } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { type DemoChain, type DemoOrder, demoOrderMinutes } from "../../contracts/schemas/demo.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { DB } from "../db/schema.ts";
import { takeSlots, waitMessage } from "../domain/rate-limit.ts";
import { newDevnetAddress } from "../domain/wallet-address.ts";
import { fail, ok } from "../domain/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The devnet product whose address format each demo chain uses. */
const productOf: Record<DemoChain, string> = { TRON: "tron", ETH: "eth", BSC: "bsc" };

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

function toWire(row: Row, now: Date): DemoOrder {
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

const findOrder = (db: Kysely<DB>, orderCode: string) =>
  db
    .selectFrom("demo_orders")
    .select(["order_code", sql<string>`amount::text`.as("amount"), "chain", "address", "status", "expires_at"])
    .where("order_code", "=", orderCode)
    .executeTakeFirst();

const notFound = () => fail(errCodes.demoOrderNotFound, "No such demo order");

/** The public checkout demo: create an order, read it, pretend the customer paid it. */
export const demoHandlers: Pick<HandlerTable, "demoCheckout" | "demoStatus" | "demoPay"> = {
  demoCheckout: {
    async handle({ db, body, ip, now, services: { limits, refusals } }) {
      const taken = await takeSlots(db, [{ bucket: "demo-ip", subject: ip, window: limits.demoOrdersPerIp }], now, refusals);
      if (!taken.ok) return fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
      const chain = body.chain ?? "TRON";
      const row = await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("demo_orders").where("expires_at", "<", new Date(now.getTime() - keepSeconds * 1000)).execute();
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
      return ok(toWire(row, now));
    },
  },

  demoStatus: {
    async handle({ db, body, now }) {
      const row = await findOrder(db, body.orderCode);
      return row ? ok(toWire(row, now)) : notFound();
    },
  },

  // Stands in for the customer's transfer, so the visitor sees the paid state.
  demoPay: {
    async handle({ db, body, now }) {
      const row = await db
        .updateTable("demo_orders")
        .set({ status: "paid", paid_at: now })
        .where("order_code", "=", body.orderCode)
        .where("status", "=", "pending")
        .where("expires_at", ">", now)
        .returning(["order_code", sql<string>`amount::text`.as("amount"), "chain", "address", "status", "expires_at"])
        .executeTakeFirst();
      if (row) return ok(toWire(row, now));
      const existing = await findOrder(db, body.orderCode);
      if (!existing) return notFound();
      if (existing.status === "paid") return ok(toWire(existing, now));
      return fail(errCodes.demoOrderExpired, "The demo order has expired, start a new one");
    },
  },
};
