import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { MerchantRow } from "./profile.ts";

/** E-mails are compared lower-cased; the contract schema has already trimmed them. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const defaultNickName = (email: string): string => (email.split("@")[0] ?? email).slice(0, 40);

export function findMerchantByEmail(db: Kysely<DB>, email: string): Promise<MerchantRow | undefined> {
  return db.selectFrom("merchants").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export function findMerchantById(db: Kysely<DB>, id: string): Promise<MerchantRow | undefined> {
  return db.selectFrom("merchants").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The signed-in merchant; a session whose merchant is gone cannot exist (cascade), so this throws. */
export function signedInMerchant(db: Kysely<DB>, id: string): Promise<MerchantRow> {
  return db.selectFrom("merchants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
