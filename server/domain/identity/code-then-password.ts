import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Outcome } from "../platform/outcome.ts";
import type { WorkPool } from "../platform/work-pool.ts";
import { type CheckCodeInput, checkCode } from "./codes.ts";
import { hashPassword } from "./passwords.ts";

/**
 * The steps registration and the password reset share: the code checked first (a wrong one costs a row read, never a
 * password hash), the password hashed outside any transaction (PGlite has one connection), then in one transaction
 * the code spent and `write` done with the hash, so that a code is used once, by one write.
 */
export async function spendCodeOnPassword<T>(
  db: Kysely<DB>,
  code: Omit<CheckCodeInput, "consume">,
  password: string,
  kdf: WorkPool,
  write: (trx: Kysely<DB>, passwordHash: string) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const checked = await db.transaction().execute((trx) => checkCode(trx, { ...code, consume: false }));
  if (!checked.ok) return checked;
  const passwordHash = await kdf.run("other", () => hashPassword(password));
  return db.transaction().execute(async (trx) => {
    const used = await checkCode(trx, { ...code, consume: true });
    if (!used.ok) return used;
    return write(trx, passwordHash);
  });
}
