import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { LoginResult } from "../../../contracts/schemas/auth.ts";
import type { DB } from "../../db/schema.ts";
import type { GoogleIdentity } from "./google-identity.ts";
import { defaultNickName } from "./merchants.ts";
import { onFirstLogin, onRegistered } from "../messaging/messages.ts";
import { signInMerchant } from "./sessions.ts";
import { actFor, systemScope } from "./system-scope.ts";
import { toLoginResult } from "./profile.ts";

/** No session yet: the system acts for the merchant Google vouched for (merchant-scope.ts). */
const system = systemScope("google-sign-in");

/** A hash no password can match (not the scrypt format), so a merchant registered by Google has no password until reset. */
const unusablePasswordHash = () => `google$${randomBytes(24).toString("base64url")}`;

/**
 * The merchant Google vouches for: by Google account id, else by e-mail (linking the account), else a
 * new merchant with an unusable password and Google's name as nickname. Then a session and the
 * message-box events, as Register and Login.
 */
export async function signInWithGoogle(
  db: Kysely<DB>,
  identity: GoogleIdentity,
  ip: string,
  now: Date,
): Promise<LoginResult> {
  return db.transaction().execute(async (trx) => {
    const bySubject = await trx
      .selectFrom("merchants")
      .selectAll()
      .where("google_sub", "=", identity.subject)
      .executeTakeFirst();
    let merchant =
      bySubject ??
      (await trx.selectFrom("merchants").selectAll().where("email", "=", identity.email).executeTakeFirst());
    if (merchant && !bySubject) {
      await trx
        .updateTable("merchants")
        .set({ google_sub: identity.subject })
        .where("id", "=", merchant.id)
        .where("google_sub", "is", null)
        .execute();
    }
    const registered = !merchant;
    merchant ??=
      (await trx
        .insertInto("merchants")
        .values({
          email: identity.email,
          password_hash: unusablePasswordHash(),
          nick_name: identity.name.slice(0, 40) || defaultNickName(identity.email),
          google_sub: identity.subject,
          created_at: now,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returningAll()
        .executeTakeFirst()) ??
      // Registered meanwhile by a concurrent request.
      (await trx.selectFrom("merchants").selectAll().where("email", "=", identity.email).executeTakeFirstOrThrow());
    // The message box greets a merchant Google registered, as one registered by e-mail.
    const scope = actFor(system, merchant.id);
    if (registered) await onRegistered(trx, scope, now);
    if (merchant.last_login_at === null) await onFirstLogin(trx, scope, now);
    return toLoginResult(merchant, await signInMerchant(trx, scope, ip, now));
  });
}
