import { randomBytes, randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Address, Hex } from "viem";
import type { CodePurpose } from "../../contracts/schemas/fields.ts";
import type { MessageType } from "../../contracts/schemas/message.ts";
import { parseTokenAmount } from "../chain/amount.ts";
import { depositAddress, depositSalt } from "../chain/deposit-forwarder.ts";
import { storeCode } from "../domain/identity/codes.ts";
import { accountId, merchantAccount, orderAccount, post } from "../domain/payments/ledger.ts";
import { addTerm } from "../domain/payments/packages.ts";
import { toAtto, usdtText } from "../domain/payments/usdt.ts";
import { defaultLimits } from "../domain/platform/limits.ts";
import { defaultNickName, normalizeEmail } from "../domain/identity/merchants.ts";
import { hashPassword } from "../domain/identity/passwords.ts";
import { hashToken } from "../domain/identity/tokens.ts";
import { emptyTables } from "./empty-tables.ts";
import { sealTotpSecret } from "../domain/identity/second-factor.ts";
import { hashRecoveryCode, totpCodeAt } from "../domain/identity/totp.ts";
import { type DB, type DeliveryStatusColumn, tableNames } from "../db/schema.ts";
import { toWireBill, wireBillQuery } from "../domain/bills/bill-wire.ts";
import { type AppAction, verifiedWindowSeconds } from "../../contracts/schemas/apps.ts";
import { newAppKey, newAppSecret, sealAppSecret } from "../domain/applications/app-secrets.ts";

/** Test and provider-state helpers: they write straight to the database, bypassing the API. */

/** The server secret of test servers (harness, Pact provider), so seeded codes verify there. */
export const testServerSecret = Buffer.alloc(32, 7);

export interface SeedMerchantInput {
  email: string;
  password: string;
  nickName?: string;
  language?: string;
}

/** Creates the merchant, or resets the password (and given fields) of the one using this e-mail. */
export async function seedMerchant(db: Kysely<DB>, input: SeedMerchantInput): Promise<{ userId: string }> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const row = await db
    .insertInto("merchants")
    .values({
      email,
      password_hash: passwordHash,
      nick_name: input.nickName ?? defaultNickName(email),
      ...(input.language ? { language: input.language } : {}),
      created_at: new Date(),
    })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        password_hash: passwordHash,
        ...(input.nickName !== undefined ? { nick_name: input.nickName } : {}),
        ...(input.language ? { language: input.language } : {}),
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return { userId: row.id };
}

/** Stores the given raw token as a live session, so `Authorization: Bearer <token>` works. */
export async function seedSession(db: Kysely<DB>, input: { userId: string; token: string }): Promise<void> {
  const tokenHash = hashToken(input.token);
  await db
    .insertInto("sessions")
    .values({ token_hash: tokenHash, merchant_id: input.userId, created_at: new Date() })
    .onConflict((oc) =>
      oc
        .column("token_hash")
        .doUpdateSet({ merchant_id: input.userId, created_at: new Date(), last_seen_at: new Date(), revoked_at: null }),
    )
    .execute();
}

/** A fresh, valid code; dated past the resend wait so a new send is not refused. */
export async function seedCode(
  db: Kysely<DB>,
  input: { email: string; purpose: CodePurpose; code: string },
): Promise<void> {
  const now = new Date();
  await storeCode(db, {
    email: normalizeEmail(input.email),
    purpose: input.purpose,
    code: input.code,
    now,
    ttlSeconds: defaultLimits.codeTtlSeconds,
    secret: testServerSecret,
    createdAt: new Date(now.getTime() - (defaultLimits.resendAfterSeconds + 1) * 1000),
  });
}

export interface SeedMessageInput {
  userId: string;
  type: MessageType;
  title: string;
  subTitle?: string;
  content?: string;
  kind?: string;
  status?: 0 | 1;
  createdAt?: Date;
}

/** A message in the merchant's box; notices and todos get messageType 0. */
export async function seedMessage(db: Kysely<DB>, input: SeedMessageInput): Promise<{ messageId: string }> {
  const row = await db
    .insertInto("messages")
    .values({
      merchant_id: input.userId,
      type: input.type,
      kind: input.kind ?? "",
      title: input.title,
      sub_title: input.subTitle ?? "",
      content: input.content ?? "",
      message_type: input.type === "message" ? null : 0,
      status: input.status ?? 0,
      created_at: input.createdAt ?? new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { messageId: row.id };
}

/** Empties every table; merchant ids start again at 100001. */
export async function resetDatabase(db: Kysely<DB>): Promise<void> {
  await emptyTables(db, tableNames);
}

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

/** A stored, confirmed chain transfer to the merchant (a made-up transaction on chain `chainId`); answers its id. */
/** The token of seeded transfers (6 decimals). */
const seedToken = `0x${"11".repeat(20)}`;

export async function seedConfirmedTransfer(
  db: Kysely<DB>,
  input: { chainId?: number; baseUnits: bigint; to?: string },
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
      token: seedToken,
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
      baseUnits: parseTokenAmount(usdtText(pkg.price), 6),
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
    baseUnits: parseTokenAmount(input.amount, 6),
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

export interface SeedTotpInput {
  userId: string;
  /** base32; a fixed test secret when absent. */
  totpSecret?: string;
  recoveryCodes?: readonly string[];
  /** false: a set-up started and not yet confirmed. */
  enabled?: boolean;
}

/** A TOTP secret known to the test, 20 bytes as base32. */
export const testTotpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** The code of testTotpSecret at `now`. */
export const testTotpCode = (now = new Date()): string => totpCodeAt(testTotpSecret, now);

/** TOTP for the merchant as the server keeps it (secret sealed, recovery codes hashed under testServerSecret). */
export async function seedTotp(db: Kysely<DB>, input: SeedTotpInput): Promise<void> {
  const totpSecret = input.totpSecret ?? testTotpSecret;
  const sealed = sealTotpSecret(testServerSecret, input.userId, totpSecret);
  const enabledAt = input.enabled === false ? null : new Date();
  await db
    .insertInto("totp_factors")
    .values({ merchant_id: input.userId, secret_sealed: sealed, enabled_at: enabledAt, created_at: new Date() })
    .onConflict((oc) =>
      oc.column("merchant_id").doUpdateSet({ secret_sealed: sealed, enabled_at: enabledAt, last_used_step: null }),
    )
    .execute();
  await db.deleteFrom("totp_recovery_codes").where("merchant_id", "=", input.userId).execute();
  const codes = input.recoveryCodes ?? [];
  if (codes.length > 0)
    await db
      .insertInto("totp_recovery_codes")
      .values(
        codes.map((code) => ({
          merchant_id: input.userId,
          code_hash: hashRecoveryCode(testServerSecret, input.userId, code),
        })),
      )
      .execute();
}

/** A sign-in waiting for its second factor, with the given challenge token. */
export async function seedSignInChallenge(db: Kysely<DB>, input: { userId: string; challenge: string }): Promise<void> {
  await db
    .insertInto("sign_in_challenges")
    .values({
      token_hash: hashToken(input.challenge),
      merchant_id: input.userId,
      expires_at: new Date(Date.now() + 300_000),
    })
    .execute();
}

export interface SeedApplicationInput {
  userId: string;
  name?: string;
  status?: "normal" | "stopped";
  /** The AppSecret; a random one when absent. */
  appSecret?: string;
  createdAt?: Date;
  /** Its callback URLs (shop.example.com's by default; "" for none). */
  rechargeCallbackUrl?: string;
  withdrawCallbackUrl?: string;
}

let seededApps = 0;

/** An application of the merchant as App/Add makes it (secret sealed under testServerSecret); answers its credentials. */
export async function seedApplication(
  db: Kysely<DB>,
  input: SeedApplicationInput,
): Promise<{ applicationId: string; appCode: string; appKey: string; appSecret: string }> {
  const createdAt = input.createdAt ?? new Date();
  const appKey = newAppKey();
  const appSecret = input.appSecret ?? newAppSecret();
  const appCode = `${createdAt.toISOString().slice(0, 10).replaceAll("-", "")}9${String(++seededApps).padStart(7, "0")}`;
  const row = await db
    .insertInto("applications")
    .values({
      merchant_id: input.userId,
      app_code: appCode,
      name: input.name ?? `Shop ${seededApps}`,
      address: "https://shop.example.com",
      recharge_callback_url: input.rechargeCallbackUrl ?? "https://shop.example.com/callbacks/recharge",
      withdraw_callback_url: input.withdrawCallbackUrl ?? "https://shop.example.com/callbacks/withdraw",
      status: input.status ?? "normal",
      app_key: appKey,
      secret_sealed: sealAppSecret(testServerSecret, appKey, appSecret),
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { applicationId: row.id, appCode, appKey, appSecret };
}

/**
 * The deposit address of an end user of the application on a chain, derived from the factory as GetUserWallet derives
 * it (the forwarder's CREATE2 address of the application's salt for that user); answers it and its salt.
 */
export async function seedDepositAddress(
  db: Kysely<DB>,
  input: {
    userId: string;
    applicationId: string;
    appCode: string;
    endUserId: string;
    chainId: number;
    factory: Address;
  },
): Promise<{ address: Address; salt: Hex }> {
  const salt = depositSalt(input.appCode, input.endUserId);
  const address = depositAddress(input.factory, salt);
  await db
    .insertInto("deposit_addresses")
    .values({
      merchant_id: input.userId,
      application_id: input.applicationId,
      end_user_id: input.endUserId,
      chain_id: input.chainId,
      factory: input.factory,
      salt,
      address,
      created_at: new Date(),
    })
    .execute();
  return { address, salt };
}

/** A proof (Register/CheckCaptchaCode, type application) with the given token, live for five minutes unless `expired`. */
export async function seedAppProof(
  db: Kysely<DB>,
  input: { userId: string; appCode: string; action: AppAction; proof: string; expired?: boolean },
): Promise<void> {
  const app = await db
    .selectFrom("applications")
    .select("id")
    .where("app_code", "=", input.appCode)
    .executeTakeFirstOrThrow();
  const now = new Date();
  await db
    .insertInto("application_proofs")
    .values({
      token_hash: hashToken(input.proof),
      merchant_id: input.userId,
      application_id: app.id,
      action: input.action,
      expires_at: new Date(now.getTime() + (input.expired ? -1000 : 300_000)),
      created_at: now,
    })
    .execute();
}

/**
 * The verified window (applications/verified-windows.ts) of the session of this token on the application, opened now,
 * as a code of type application checked in that session opens it.
 */
export async function seedVerifiedWindow(
  db: Kysely<DB>,
  input: { userId: string; token: string; appCode: string },
): Promise<void> {
  const app = await db
    .selectFrom("applications")
    .select("id")
    .where("app_code", "=", input.appCode)
    .where("merchant_id", "=", input.userId)
    .executeTakeFirstOrThrow();
  const now = new Date();
  await db
    .insertInto("application_verified_windows")
    .values({
      session_hash: hashToken(input.token),
      application_id: app.id,
      merchant_id: input.userId,
      opened_at: now,
      expires_at: new Date(now.getTime() + verifiedWindowSeconds * 1000),
    })
    .execute();
}

export interface SeedBillInput {
  userId: string;
  /** The merchant's application the deposit address belongs to. */
  appCode: string;
  endUserId?: string;
  /** USDT, a decimal string (the token has 6 decimals). */
  amount?: string;
  status?: "confirming" | "credited" | "dropped" | "reversed";
  noticeStatus?: "notNotified" | "success" | "failed";
  /** When the watcher saw it (the bill's pay time). */
  seenAt?: Date;
  from?: string;
  chainId?: number;
  confirmations?: number;
  required?: number;
}

let seededBills = 0;

/**
 * A bill as the chain listener makes it: the end user's deposit address (made, or the one made before), a transfer
 * of the seeded token to it and its bill. Answers the bill's number and what a search can find it by.
 */
export async function seedBill(
  db: Kysely<DB>,
  input: SeedBillInput,
): Promise<{ billNo: string; txHash: string; depositAddress: string; fromAddress: string }> {
  const seenAt = input.seenAt ?? new Date();
  const chainId = input.chainId ?? 31337;
  const status = input.status ?? "credited";
  const endUserId = input.endUserId ?? "user-1";
  const app = await db
    .selectFrom("applications")
    .select("id")
    .where("app_code", "=", input.appCode)
    .where("merchant_id", "=", input.userId)
    .executeTakeFirstOrThrow();
  const existing = await db
    .selectFrom("deposit_addresses")
    .select(["id", "address"])
    .where("application_id", "=", app.id)
    .where("end_user_id", "=", endUserId)
    .where("chain_id", "=", chainId)
    .executeTakeFirst();
  const deposit =
    existing ??
    (await db
      .insertInto("deposit_addresses")
      .values({
        merchant_id: input.userId,
        application_id: app.id,
        end_user_id: endUserId,
        chain_id: chainId,
        factory: `0x${"33".repeat(20)}`,
        salt: `0x${randomBytes(32).toString("hex")}`,
        address: `0x${randomBytes(20).toString("hex")}`,
        created_at: seenAt,
      })
      .returning(["id", "address"])
      .executeTakeFirstOrThrow());
  const amount = input.amount ?? "12.5";
  const fromAddress = input.from ?? `0x${randomBytes(20).toString("hex")}`;
  const txHash = `0x${randomBytes(32).toString("hex")}`;
  const removed = status === "dropped" || status === "reversed";
  const transfer = await db
    .insertInto("chain_transfers")
    .values({
      chain_id: String(chainId),
      tx_hash: txHash,
      log_index: 3,
      block_number: "9007199254740993",
      block_hash: `0x${randomBytes(32).toString("hex")}`,
      token: seedToken,
      from_address: fromAddress,
      to_address: deposit.address,
      amount: parseTokenAmount(amount, 6).toString(),
      status: removed ? "removed" : status === "credited" ? "confirmed" : "seen",
      confirmations: input.confirmations ?? 2,
      seen_at: seenAt,
      confirmed_at: status === "credited" || status === "reversed" ? seenAt : null,
      removed_at: removed ? seenAt : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const billNo = `${seenAt.toISOString().slice(0, 10).replaceAll("-", "")}9${String(++seededBills).padStart(9, "0")}`;
  await db
    .insertInto("application_bills")
    .values({
      bill_no: billNo,
      merchant_id: input.userId,
      application_id: app.id,
      deposit_address_id: deposit.id,
      transfer_id: transfer.id,
      currency: "USDT",
      amount,
      status,
      confirmations: input.confirmations ?? 2,
      required: input.required ?? 2,
      seen_at: seenAt,
      credited_at: status === "credited" || status === "reversed" ? seenAt : null,
      removed_at: removed ? seenAt : null,
      notice_status: input.noticeStatus ?? "notNotified",
    })
    .execute();
  return { billNo, txHash, depositAddress: deposit.address, fromAddress };
}

export interface SeedCallbackInput {
  userId: string;
  appCode: string;
  /** The bill the event tells of (a seedBill number of this application). */
  billNo: string;
  type?: "deposit.credited" | "deposit.reversed";
  status?: DeliveryStatusColumn;
  /** When the event happened: the delivery's creation; its attempts follow ten seconds apart. */
  createdAt?: Date;
  /** The automatic attempts made so far, oldest first: a receiver's HTTP status, or an error (no answer). */
  attempts?: Array<{ status: number; body?: string } | { error: string }>;
}

/**
 * A bill's event as recordBillEvent writes it (the outbox row and its delivery to the recharge URL, the exact body)
 * with the automatic attempts made so far; the bill's notice status follows a finished delivery. Answers the ids.
 */
export async function seedCallbackDelivery(
  db: Kysely<DB>,
  input: SeedCallbackInput,
): Promise<{ deliveryId: string; eventId: string; body: string; attemptIds: string[] }> {
  const createdAt = input.createdAt ?? new Date();
  const status = input.status ?? "failed";
  const type = input.type ?? "deposit.credited";
  const bill = await wireBillQuery(db, input.userId).where("b.bill_no", "=", input.billNo).executeTakeFirstOrThrow();
  const app = await db
    .selectFrom("applications")
    .select(["id", "recharge_callback_url"])
    .where("app_code", "=", input.appCode)
    .where("merchant_id", "=", input.userId)
    .executeTakeFirstOrThrow();
  const eventId = randomUUID();
  const wire = toWireBill(bill, []);
  const outbox = await db
    .insertInto("outbox_events")
    .values({
      event_id: eventId,
      type,
      merchant_id: input.userId,
      application_id: app.id,
      bill_id: bill.id,
      payload: sql`${JSON.stringify(wire)}::jsonb`,
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const body = JSON.stringify({ id: eventId, type, timestamp: createdAt.toISOString(), data: wire });
  const attempts = input.attempts ?? [];
  const sentAt = (i: number) => new Date(createdAt.getTime() + i * 10_000);
  const delivery = await db
    .insertInto("callback_deliveries")
    .values({
      outbox_event_id: outbox.id,
      event_id: eventId,
      event_type: type,
      merchant_id: input.userId,
      application_id: app.id,
      bill_id: bill.id,
      target: "recharge",
      body,
      status,
      attempts: attempts.length,
      // Every seeded attempt is an automatic one.
      auto_attempts: attempts.length,
      next_attempt_at: status === "pending" ? sentAt(attempts.length) : null,
      created_at: createdAt,
      finished_at: status === "pending" ? null : sentAt(Math.max(0, attempts.length - 1)),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const attemptIds: string[] = [];
  for (const [i, attempt] of attempts.entries()) {
    const answered = "status" in attempt;
    const row = await db
      .insertInto("callback_attempts")
      .values({
        delivery_id: delivery.id,
        merchant_id: input.userId,
        application_id: app.id,
        attempt_no: i + 1,
        trigger: "auto",
        url: app.recharge_callback_url,
        response_status: answered ? attempt.status : null,
        response_body: answered ? (attempt.body ?? "") : "",
        error: answered ? null : attempt.error,
        latency_ms: 20 + i,
        succeeded: answered && attempt.status >= 200 && attempt.status <= 299,
        sent_at: sentAt(i),
        next_retry_at: status === "pending" && i === attempts.length - 1 ? sentAt(i + 1) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    attemptIds.push(row.id);
  }
  if (status !== "pending")
    await db.updateTable("application_bills").set({ notice_status: status }).where("id", "=", bill.id).execute();
  return { deliveryId: delivery.id, eventId, body, attemptIds };
}

/** A loopback address no receiver listens on: a callback there fails at once (connection refused). */
export const refusingCallbackBase = "http://127.0.0.1:1";

/**
 * An application whose callback URLs refuse connections, a credited bill of it and the bill's event delivered in vain:
 * failed after one attempt that found no receiver (Pact's failedCallback state). Answers what a pact names.
 */
export async function seedFailedCallback(
  db: Kysely<DB>,
  input: { userId: string; name: string },
): Promise<{ appCode: string; billNo: string; attemptId: string }> {
  const { appCode } = await seedApplication(db, {
    userId: input.userId,
    name: input.name,
    rechargeCallbackUrl: `${refusingCallbackBase}/recharge`,
    withdrawCallbackUrl: `${refusingCallbackBase}/withdraw`,
  });
  const { billNo } = await seedBill(db, { userId: input.userId, appCode });
  const { attemptIds } = await seedCallbackDelivery(db, {
    userId: input.userId,
    appCode,
    billNo,
    status: "failed",
    createdAt: new Date(Date.now() - 60_000),
    attempts: [{ error: "ECONNREFUSED" }],
  });
  return { appCode, billNo, attemptId: attemptIds[0] ?? "" };
}
