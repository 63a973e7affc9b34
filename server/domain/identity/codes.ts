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

/**
 * At most this many of an e-mail's live codes of one purpose are compared with a try, the newest first. The budgets
 * keep far fewer alive: 20 of a purpose an hour from addresses and 5 per session or device, each for 10 minutes.
 */
const maxLiveCodes = 50;

/**
 * Besides the trier's own live code, a try is compared with this many of the e-mail's newest live codes of the purpose,
 * whoever asked for them: the newest in the inbox always works for the owner (the cap frees one code every three
 * minutes, so a second newer one cannot arrive while the owner types), and a guess reaches three codes at most.
 */
const othersComparedCodes = 2;

/** When this requester (code-requester.ts `key`) last had a code of this e-mail and purpose sent, or null. */
export async function lastCodeSentAt(
  db: Kysely<DB>,
  { email, purpose, requester }: { email: string; purpose: CodePurpose; requester: string },
): Promise<Date | null> {
  const row = await db
    .selectFrom("verification_codes")
    .select("created_at")
    .where("email", "=", email)
    .where("purpose", "=", purpose)
    .where("requested_from", "=", requester)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/**
 * Stores a new code (hashed) for its requester, and voids that requester's unused codes of the e-mail and purpose
 * before it: never anyone else's, so a stranger's request leaves the owner's code working.
 */
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
    /** Who asked for it (code-requester.ts `key`); none for a code seeded without one (every try is then a stranger's). */
    requester?: string;
  },
): Promise<void> {
  const { email, purpose, code, now, requester } = input;
  const salt = randomBytes(16).toString("base64url");
  if (requester !== undefined)
    await db
      .updateTable("verification_codes")
      .set({ used_at: now })
      .where("email", "=", email)
      .where("purpose", "=", purpose)
      .where("requested_from", "=", requester)
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
      requested_from: requester ?? null,
    })
    .execute();
}

/** Whether the requester holds a code of the e-mail and purpose that it may still try (unused, unexpired, unburnt). */
export async function holdsLiveCode(
  db: Kysely<DB>,
  input: { email: string; purpose: CodePurpose; requester: string; now: Date; maxAttempts: number },
): Promise<boolean> {
  const row = await db
    .selectFrom("verification_codes")
    .select("id")
    .where("email", "=", input.email)
    .where("purpose", "=", input.purpose)
    .where("requested_from", "=", input.requester)
    .where("used_at", "is", null)
    .where("expires_at", ">", input.now)
    .where("attempts", "<", input.maxAttempts)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
  /** Who tries (code-requester.ts `key`): its own codes count its tries on `attempts`, everyone else's on `stranger_attempts`. */
  requester: string;
}

/**
 * Checks a code against every live code of the e-mail and purpose (the owner's mailbox may hold several, asked for by
 * different requesters; each is a salted HMAC, compared in constant time): with the trier's own and the two newest. A
 * wrong try counts on the trier's own codes only (`attempts`), and the fifth burns them for their requester alone: no
 * one else's tries ever stop the owner using the newest code in the inbox, whoever asked for it. Everyone else's guesses are bounded by the code-use
 * budgets the call took first (code-throttle.ts); `stranger_attempts` keeps their count for an incident. A match spends,
 * when `consume`, every live code of the e-mail and purpose: the mailbox is proven.
 * Run it in the request's transaction and commit even on a failure outcome: the wrong try must be counted.
 */
export async function checkCode(db: Kysely<DB>, input: CheckCodeInput): Promise<Outcome<null>> {
  const rows = await db
    .selectFrom("verification_codes")
    .select(["id", "code_hash", "salt", "attempts", "stranger_attempts", "requested_from"])
    .where("email", "=", input.email)
    .where("purpose", "=", input.purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", input.now)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(maxLiveCodes)
    .forUpdate()
    .execute();
  const own = (row: (typeof rows)[number]) => row.requested_from === input.requester;
  const triable = rows.filter((row, newest) =>
    own(row) ? row.attempts < input.maxAttempts : newest < othersComparedCodes,
  );
  if (triable.length === 0) return fail(errCodes.codeExpired, messages.codeExpired);
  let matched = false;
  for (const row of triable) {
    const expected = Buffer.from(row.code_hash, "hex");
    const actual = Buffer.from(hashCode(input.secret, row.salt, input.email, input.purpose, input.code), "hex");
    // Every row is compared, a match or not: the time taken does not say which code matched.
    if (timingSafeEqual(expected, actual)) matched = true;
  }
  if (!matched) {
    const mine = triable.filter(own).map((row) => row.id);
    const theirs = triable.filter((row) => !own(row)).map((row) => row.id);
    if (mine.length > 0)
      await db
        .updateTable("verification_codes")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("id", "in", mine)
        .execute();
    if (theirs.length > 0)
      await db
        .updateTable("verification_codes")
        .set((eb) => ({ stranger_attempts: eb("stranger_attempts", "+", 1) }))
        .where("id", "in", theirs)
        .execute();
    return fail(errCodes.codeWrong, messages.codeWrong);
  }
  if (input.consume)
    await db
      .updateTable("verification_codes")
      .set({ used_at: input.now })
      .where("email", "=", input.email)
      .where("purpose", "=", input.purpose)
      .where("used_at", "is", null)
      .execute();
  return ok(null);
}
