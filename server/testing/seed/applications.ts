import type { Kysely } from "kysely";
import type { Address, Hex } from "viem";
import { type AppAction, verifiedWindowSeconds } from "../../../contracts/schemas/apps.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../../chain/deposit-forwarder.ts";
import type { DB } from "../../db/schema.ts";
import { newAppKey, newAppSecret, sealAppSecret } from "../../domain/applications/app-secrets.ts";
import { hashToken } from "../../domain/identity/tokens.ts";
import { testServerSecret } from "./identity.ts";

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
  const salt = depositSalt(depositSaltKey(testServerSecret), input.appCode, input.endUserId);
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

/** The merchant's application with this code (its id); throws when the merchant has none. */
export const merchantApplication = (db: Kysely<DB>, userId: string, appCode: string) =>
  db
    .selectFrom("applications")
    .select("id")
    .where("app_code", "=", appCode)
    .where("merchant_id", "=", userId)
    .executeTakeFirstOrThrow();

/**
 * The verified window (applications/verified-windows.ts) of the session of this token on the application, opened now,
 * as a code of type application checked in that session opens it.
 */
export async function seedVerifiedWindow(
  db: Kysely<DB>,
  input: { userId: string; token: string; appCode: string },
): Promise<void> {
  const app = await merchantApplication(db, input.userId, input.appCode);
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
