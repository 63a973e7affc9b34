import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newDevnetAddress } from "../domain/payments/wallet-address.ts";

/** A demo order with a known code (provider states, tests): pending with 10 minutes left, or expired a minute ago. */
export async function seedDemoOrder(
  db: Kysely<DB>,
  input: { orderCode: string; expired?: boolean; amount?: string },
): Promise<void> {
  const now = Date.now();
  const expiresAt = new Date(input.expired ? now - 60_000 : now + 10 * 60_000);
  await db
    .insertInto("demo_orders")
    .values({
      order_code: input.orderCode,
      amount: input.amount ?? "49.90",
      chain: "ETH",
      address: newDevnetAddress("tron"),
      created_at: new Date(expiresAt.getTime() - 15 * 60_000),
      expires_at: expiresAt,
      paid_at: null,
    })
    .onConflict((oc) =>
      oc.column("order_code").doUpdateSet({ status: "pending", expires_at: expiresAt, paid_at: null }),
    )
    .execute();
}
