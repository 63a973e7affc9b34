import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Address } from "viem";
import type { InvoiceTransfer } from "../../../contracts/machines/invoice-transfers.ts";
import type { InvoiceFlag, InvoiceStatus } from "../../../contracts/schemas/invoice-states.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../../chain/deposit-forwarder.ts";
import type { DB } from "../../db/schema.ts";
import { invoiceEndUser } from "../../domain/invoices/open-api-invoices.ts";
import { testServerSecret } from "./identity.ts";
import { seedToken } from "./payments.ts";
import { parseAmount } from "../../../contracts/money.ts";

export interface SeedInvoiceInput {
  userId: string;
  applicationId: string;
  appCode: string;
  /** The chains it offers: an address of its own on each, as POST /open/v1/invoices makes them. */
  chains: ReadonlyArray<{ chainId: number; factory: Address }>;
  publicId?: string;
  orderId?: string;
  amount?: string;
  status?: InvoiceStatus;
  flags?: InvoiceFlag[];
  amountReceived?: string;
  transfers?: InvoiceTransfer[];
  description?: string | null;
  customerEmail?: string | null;
  redirectUrl?: string | null;
  metadata?: Record<string, string>;
  expiresAt?: Date;
  /** Its life was told the time ran out (an ended invoice's expiry). */
  expiryReached?: boolean;
}

/**
 * An invoice as its life left it, written straight to its rows: the invoice and its addresses. Answers its row's id,
 * its public id and its addresses by chain id.
 */
export async function seedInvoice(
  db: Kysely<DB>,
  input: SeedInvoiceInput,
): Promise<{ id: string; publicId: string; addresses: Map<number, Address> }> {
  const now = new Date();
  const publicId = input.publicId ?? randomBytes(16).toString("base64url");
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + 900_000);
  const row = await db
    .insertInto("invoices")
    .values({
      public_id: publicId,
      merchant_id: input.userId,
      application_id: input.applicationId,
      order_id: input.orderId ?? `order-${publicId.slice(0, 8)}`,
      amount: input.amount ?? "25",
      description: input.description === undefined ? "Two mugs" : input.description,
      customer_email: input.customerEmail === undefined ? "buyer@example.com" : input.customerEmail,
      redirect_url: input.redirectUrl === undefined ? "https://shop.example.com/thanks" : input.redirectUrl,
      metadata: JSON.stringify(input.metadata ?? { cart: "c-77" }),
      request_hash: randomBytes(16).toString("base64url"),
      idempotency_key: null,
      status: input.status ?? "new",
      amount_received: input.amountReceived ?? "0",
      flags: input.flags ?? [],
      transfers: JSON.stringify(input.transfers ?? []),
      expires_at: expiresAt,
      expiry_reached_at: input.expiryReached ? expiresAt : null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const endUser = invoiceEndUser(publicId);
  const salt = depositSalt(depositSaltKey(testServerSecret), input.appCode, endUser);
  const addresses = new Map(input.chains.map((c) => [c.chainId, depositAddress(c.factory, salt)]));
  if (input.chains.length > 0)
    await db
      .insertInto("deposit_addresses")
      .values(
        input.chains.map((c) => ({
          merchant_id: input.userId,
          application_id: input.applicationId,
          end_user_id: endUser,
          chain_id: c.chainId,
          factory: c.factory,
          salt,
          address: addresses.get(c.chainId)!,
          created_at: now,
          invoice_id: row.id,
        })),
      )
      .execute();
  return { id: row.id, publicId, addresses };
}

/**
 * The watcher's record of a transfer to an invoice's address (chain_transfers), seen, and confirmed or taken away when
 * given: its id is what the invoice's life names the transfer by. Answers the id and the transaction's hash.
 */
export async function seedInvoiceTransfer(
  db: Kysely<DB>,
  input: { chainId: number; to: Address; amount: string; seenAt: Date; confirmedAt?: Date; removedAt?: Date },
): Promise<{ id: string; txHash: string }> {
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  const row = await db
    .insertInto("chain_transfers")
    .values({
      chain_id: String(input.chainId),
      tx_hash: txHash,
      log_index: 0,
      // Beyond any node's head, as seeded bills' are: a watcher running beside the seed waits for it, never reorganises it.
      block_number: "9007199254740993",
      block_hash: `0x${randomBytes(32).toString("hex")}`,
      token: seedToken,
      from_address: `0x${randomBytes(20).toString("hex")}`,
      to_address: input.to,
      amount: parseAmount(input.amount, 6).toString(),
      status: input.removedAt ? "removed" : input.confirmedAt ? "confirmed" : "seen",
      confirmations: input.confirmedAt ? 2 : 1,
      seen_at: input.seenAt,
      confirmed_at: input.confirmedAt ?? null,
      removed_at: input.removedAt ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, txHash };
}
