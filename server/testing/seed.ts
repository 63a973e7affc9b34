import { type Kysely, sql } from "kysely";
import type { CodePurpose } from "../../contracts/schemas/fields.ts";
import type { MessageType } from "../../contracts/schemas/message.ts";
import { storeCode } from "../domain/codes.ts";
import { defaultLimits } from "../domain/limits.ts";
import { defaultNickName, normalizeEmail } from "../domain/merchants.ts";
import { hashPassword } from "../domain/passwords.ts";
import { hashToken } from "../domain/tokens.ts";
import { type DB, tableNames } from "../db/schema.ts";

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
    .onConflict((oc) => oc.column("token_hash").doUpdateSet({ merchant_id: input.userId, created_at: new Date(), last_seen_at: new Date(), revoked_at: null }))
    .execute();
}

/** A fresh, valid code; dated past the resend wait so a new send is not refused. */
export async function seedCode(db: Kysely<DB>, input: { email: string; purpose: CodePurpose; code: string }): Promise<void> {
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
  await sql`truncate table ${sql.join(tableNames.map((t) => sql.table(t)))} restart identity cascade`.execute(db);
}
