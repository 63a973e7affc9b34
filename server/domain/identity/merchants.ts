import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import type { MerchantRow } from "./profile.ts";

/** E-mails are compared lower-cased; the contract schema has already trimmed them. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const defaultNickName = (email: string): string => (email.split("@")[0] ?? email).slice(0, 40);

export function findMerchantByEmail(db: Kysely<DB>, email: string): Promise<MerchantRow | undefined> {
  return db.selectFrom("merchants").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

/** The signed-in merchant; a session whose merchant is gone cannot exist (cascade), so this throws. */
export function signedInMerchant(db: Kysely<DB>, { merchantId }: MerchantScope): Promise<MerchantRow> {
  return db.selectFrom("merchants").selectAll().where("id", "=", merchantId).executeTakeFirstOrThrow();
}

export async function setLanguage(db: Kysely<DB>, { merchantId }: MerchantScope, language: string): Promise<void> {
  await db.updateTable("merchants").set({ language }).where("id", "=", merchantId).execute();
}

export function setNickName(db: Kysely<DB>, { merchantId }: MerchantScope, nickName: string): Promise<MerchantRow> {
  return db
    .updateTable("merchants")
    .set({ nick_name: nickName })
    .where("id", "=", merchantId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A new password hash: a change (the session's scope), a reset or an upgrade at sign-in (the system's, once proven). */
export async function setPasswordHash(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  passwordHash: string,
): Promise<void> {
  await db.updateTable("merchants").set({ password_hash: passwordHash }).where("id", "=", merchantId).execute();
}

/** Registers a merchant; undefined when the e-mail was taken meanwhile. */
export async function insertMerchant(
  db: Kysely<DB>,
  input: { email: string; passwordHash: string; now: Date },
): Promise<string | undefined> {
  const row = await db
    .insertInto("merchants")
    .values({
      email: input.email,
      password_hash: input.passwordHash,
      nick_name: defaultNickName(input.email),
      created_at: input.now,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}
