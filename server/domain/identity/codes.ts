import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { CodePurpose } from "../../../contracts/schemas/fields.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DB } from "../../db/schema.ts";
import { fail, messages, type Outcome, ok } from "../platform/outcome.ts";

/**
 * A code is stored as an HMAC under a pepper derived from the server secret (not in the database),
 * over a random per-row salt, the purpose, the address and the code: a copy of the table alone
 * does not let anyone test the million possible codes.
 */
const pepperOf = (secret: Buffer) => createHmac("sha256", secret).update("verification-code-pepper").digest();

const hashCode = (secret: Buffer, salt: string, email: string, purpose: CodePurpose, code: string) =>
  createHmac("sha256", pepperOf(secret)).update(`${salt}:${purpose}:${email}:${code}`).digest("hex");

export const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, "0");

/** The latest code row of this e-mail and purpose: when it was sent and from where. */
const latestCode = (db: Kysely<DB>, email: string, purpose: CodePurpose) =>
  db
    .selectFrom("verification_codes")
    .select(["created_at", "requested_from"])
    .where("email", "=", email)
    .where("purpose", "=", purpose)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();

/** When the last code for this address and purpose was sent, or null. */
export async function lastCodeSentAt(db: Kysely<DB>, email: string, purpose: CodePurpose): Promise<Date | null> {
  return (await latestCode(db, email, purpose))?.created_at ?? null;
}

/** Stores a new code (hashed) and invalidates the unused ones before it. */
export async function storeCode(
  db: Kysely<DB>,
  input: {
    email: string;
    purpose: CodePurpose;
    code: string;
    now: Date;
    ttlSeconds: number;
    secret: Buffer;
    createdAt?: Date;
    /** The requesting address's bucket (ip-address.ts `addressBucket`). */
    requestedFrom?: string;
  },
): Promise<void> {
  const { email, purpose, code, now } = input;
  const salt = randomBytes(16).toString("base64url");
  await db
    .updateTable("verification_codes")
    .set({ used_at: now })
    .where("email", "=", email)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("verification_codes")
    .values({
      email,
      purpose,
      code_hash: hashCode(input.secret, salt, email, purpose, code),
      salt,
      expires_at: new Date(now.getTime() + input.ttlSeconds * 1000),
      created_at: input.createdAt ?? now,
      requested_from: input.requestedFrom ?? null,
    })
    .execute();
}

export interface CheckCodeInput {
  email: string;
  purpose: CodePurpose;
  code: string;
  now: Date;
  maxAttempts: number;
  /** Marks the code used when it matches (register, reset); a plain check leaves it usable. */
  consume: boolean;
  /** The server secret the code's pepper comes from. */
  secret: Buffer;
  /** Tried from the address that asked for the code (`codeRequester`): its own count of wrong tries. */
  fromRequester?: boolean;
}

/** The address bucket that asked for the latest code of this e-mail and purpose, or null. */
export async function codeRequester(db: Kysely<DB>, email: string, purpose: CodePurpose): Promise<string | null> {
  return (await latestCode(db, email, purpose))?.requested_from ?? null;
}

/**
 * Checks the latest code of the address. Run it in the request's transaction and commit even on a
 * failure outcome: the wrong try must be counted — on the requester's count or on strangers', so that
 * strangers' wrong codes never burn the code for the one who asked for it.
 */
export async function checkCode(db: Kysely<DB>, input: CheckCodeInput): Promise<Outcome<null>> {
  const row = await db
    .selectFrom("verification_codes")
    .select(["id", "code_hash", "salt", "expires_at", "attempts", "stranger_attempts", "used_at"])
    .where("email", "=", input.email)
    .where("purpose", "=", input.purpose)
    .orderBy("created_at", "desc")
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  const counter = input.fromRequester ? "attempts" : "stranger_attempts";
  if (!row || row.used_at || row.expires_at <= input.now || row[counter] >= input.maxAttempts) {
    return fail(errCodes.codeExpired, messages.codeExpired);
  }
  const expected = Buffer.from(row.code_hash, "hex");
  const actual = Buffer.from(hashCode(input.secret, row.salt, input.email, input.purpose, input.code), "hex");
  if (!timingSafeEqual(expected, actual)) {
    await db
      .updateTable("verification_codes")
      .set((eb) => ({ [counter]: eb(counter, "+", 1) }))
      .where("id", "=", row.id)
      .execute();
    return fail(errCodes.codeWrong, messages.codeWrong);
  }
  if (input.consume)
    await db.updateTable("verification_codes").set({ used_at: input.now }).where("id", "=", row.id).execute();
  return ok(null);
}
