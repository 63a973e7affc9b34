import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { parseAmount } from "../../../contracts/money.ts";
import type { DB } from "../../db/schema.ts";
import { accountId, merchantAccount, orderAccount, post } from "../../domain/payments/ledger.ts";
import { addTerm } from "../../domain/payments/packages.ts";
import { toAtto, usdtText } from "../../../contracts/money.ts";

/** The id of the seeded package with this code (trial, basic, pro, enterprise). */
export async function seedPackageId(db: Kysely<DB>, packageCode: string): Promise<{ packageId: string }> {
  const row = await db.selectFrom("packages").select("id").where("code", "=", packageCode).executeTakeFirst();
  if (!row) throw new Error(`no package "${packageCode}"`);
  return { packageId: row.id };
}

async function seedOrderRow(db: Kysely<DB>, input: { packageCode: string; createdAt: Date }) {
  const pkg = await db.selectFrom("packages").selectAll().where("code", "=", input.packageCode).executeTakeFirst();
  if (!pkg) throw new Error(`no package "${input.packageCode}"`);
  const { rows } = await sql<{ n: string }>`select nextval('order_code_seq')::text as n`.execute(db);
  const orderCode = `${input.createdAt.toISOString().slice(0, 10).replaceAll("-", "")}${rows[0]!.n.padStart(10, "0")}`;
  return { pkg, orderCode };
}

export interface SeedOpenOrderInput {
  userId: string;
  packageCode: string;
  createdAt?: Date;
  /** The payment window from createdAt (30 minutes). */
  paySeconds?: number;
  status?: "pending" | "waiting";
}

/** A pending (or waiting) order of the merchant inside its payment window, as Create would make it; answers its code. */
export async function seedOpenOrder(
  db: Kysely<DB>,
  input: SeedOpenOrderInput,
): Promise<{ orderCode: string; orderId: string }> {
  const createdAt = input.createdAt ?? new Date();
  const paySeconds = input.paySeconds ?? 30 * 60;
  const { pkg, orderCode } = await seedOrderRow(db, { packageCode: input.packageCode, createdAt });
  const row = await db
    .insertInto("orders")
    .values({
      order_code: orderCode,
      merchant_id: input.userId,
      package_id: pkg.id,
      amount: pkg.price,
      status: input.status ?? "pending",
      upgrade: "new",
      created_at: createdAt,
      expires_at: new Date(createdAt.getTime() + paySeconds * 1000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { orderCode, orderId: row.id };
}

/** The token of seeded transfers (6 decimals). */
export const seedToken = `0x${"11".repeat(20)}`;

/** A stored, confirmed chain transfer to the merchant (a made-up transaction on chain `chainId`); answers its id. */
export async function seedConfirmedTransfer(
  db: Kysely<DB>,
  input: { chainId?: number; baseUnits: bigint; to?: string; token?: string },
): Promise<{ transferId: string; txHash: string }> {
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  const row = await db
    .insertInto("chain_transfers")
    .values({
      chain_id: String(input.chainId ?? 31337),
      tx_hash: txHash,
      log_index: 0,
      block_number: "1",
      block_hash: `0x${randomBytes(32).toString("hex")}`,
      token: input.token ?? seedToken,
      from_address: `0x${"22".repeat(20)}`,
      to_address: input.to ?? `0x${randomBytes(20).toString("hex")}`,
      amount: input.baseUnits.toString(),
      status: "confirmed",
      confirmations: 2,
      confirmed_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { transferId: row.id, txHash };
}

export interface SeedPaidOrderInput {
  userId: string;
  packageCode: string;
  /** The chain product the transfer came on (Devnet: chain id 31337). */
  product: string;
  chainId?: number;
  paidAt?: Date;
}

/** An order paid by one confirmed transfer (6-decimal USDT) on `product`, its package active; answers its code. */
export async function seedPaidOrder(
  db: Kysely<DB>,
  input: SeedPaidOrderInput,
): Promise<{ orderCode: string; orderId: string; txHash: string }> {
  const paidAt = input.paidAt ?? new Date();
  const createdAt = new Date(paidAt.getTime() - 60_000);
  const { pkg, orderCode } = await seedOrderRow(db, { packageCode: input.packageCode, createdAt });
  const packageExpiresAt = addTerm(paidAt, pkg.term_unit, pkg.term_count);
  const free = toAtto(pkg.price) === 0n;
  const order = await db
    .insertInto("orders")
    .values({
      order_code: orderCode,
      merchant_id: input.userId,
      package_id: pkg.id,
      amount: pkg.price,
      status: "paid",
      upgrade: "new",
      trial: pkg.kind === "trial",
      created_at: createdAt,
      expires_at: new Date(createdAt.getTime() + 1_800_000),
      paid_at: paidAt,
      closed_at: paidAt,
      pay_type: free ? "free" : "chain",
      package_expires_at: packageExpiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  let txHash = "";
  if (!free) {
    const transfer = await seedConfirmedTransfer(db, {
      chainId: input.chainId,
      baseUnits: parseAmount(usdtText(pkg.price), 6),
    });
    txHash = transfer.txHash;
    await db
      .insertInto("order_transfers")
      .values({
        transfer_id: transfer.transferId,
        order_id: order.id,
        merchant_id: input.userId,
        product: input.product,
        amount: pkg.price,
        required: 2,
        counted: true,
      })
      .execute();
    // Into the order's account from the chain's receipts, then to revenue: as the watcher and markPaid post it.
    const price = toAtto(pkg.price);
    await db.transaction().execute(async (trx) => {
      const token = { chainId: input.chainId ?? 31337, address: seedToken, decimals: 6 };
      const orderFunds = await orderAccount(trx, order.id);
      await post(trx, { kind: "orderReceipt", transferId: transfer.transferId, orderId: order.id, at: paidAt }, [
        [await accountId(trx, { kind: "receipts", token }), -price],
        [orderFunds, price],
      ]);
      await post(trx, { kind: "orderPaid", transferId: transfer.transferId, orderId: order.id, at: paidAt }, [
        [orderFunds, -price],
        [await accountId(trx, { kind: "revenue" }), price],
      ]);
    });
  }
  await db
    .insertInto("subscriptions")
    .values({
      merchant_id: input.userId,
      package_id: pkg.id,
      order_id: order.id,
      started_at: paidAt,
      expires_at: packageExpiresAt,
      updated_at: paidAt,
    })
    .onConflict((oc) =>
      oc.column("merchant_id").doUpdateSet({
        package_id: pkg.id,
        order_id: order.id,
        started_at: paidAt,
        expires_at: packageExpiresAt,
        updated_at: paidAt,
      }),
    )
    .execute();
  return { orderCode, orderId: order.id, txHash };
}

/** Credits the merchant's balance with `amount` USDT (a decimal string) as an unmatched confirmed transfer. */
export async function seedBalance(
  db: Kysely<DB>,
  input: { userId: string; amount: string; chainId?: number },
): Promise<{ txHash: string }> {
  const transfer = await seedConfirmedTransfer(db, {
    chainId: input.chainId,
    baseUnits: parseAmount(input.amount, 6),
  });
  const amount = toAtto(input.amount);
  await db.transaction().execute(async (trx) => {
    const token = { chainId: input.chainId ?? 31337, address: seedToken, decimals: 6 };
    await post(trx, { kind: "unmatched", transferId: transfer.transferId, at: new Date() }, [
      [await accountId(trx, { kind: "receipts", token }), -amount],
      [await merchantAccount(trx, input.userId), amount],
    ]);
  });
  return { txHash: transfer.txHash };
}
