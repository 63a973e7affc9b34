import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import * as z from "zod/mini";
import type { GoogleSignInResult } from "../../../contracts/schemas/google.ts";
import { updateProfileRequest } from "../../../contracts/schemas/user.ts";
import type { DB } from "../../db/schema.ts";
import type { GoogleIdentity } from "./google-identity.ts";
import { openLinkTicket } from "./google-link.ts";
import { defaultNickName } from "./merchants.ts";
import { onFirstLogin, onRegistered } from "../messaging/messages.ts";
import { answerFirstFactor } from "./second-factor-sign-in.ts";
import { recordSecurityEvent } from "./security-events.ts";
import { actFor, systemScope } from "./system-scope.ts";

/** No session yet: the system acts for the merchant Google vouched for (merchant-scope.ts). */
const system = systemScope("google-sign-in");

/** A hash no password can match (not the scrypt format), so a merchant registered by Google has no password until reset. */
const unusablePasswordHash = () => `google$${randomBytes(24).toString("base64url")}`;

/**
 * The merchant Google vouches for, by Google account id (`sub`) only. A Google account whose e-mail is a merchant's
 * who has not linked it (a password account, or one linked to another Google account) signs nobody in: it gets a link
 * ticket, and the merchant proves the link with their password or a mailed code (google-link.ts). No merchant with the
 * e-mail: a new one, with an unusable password and Google's name as nickname. Then a session and the message-box
 * events, as Register and Login.
 */
export async function signInWithGoogle(
  db: Kysely<DB>,
  identity: GoogleIdentity,
  ip: string,
  now: Date,
  userAgent?: string,
): Promise<GoogleSignInResult> {
  return db.transaction().execute(async (trx) => {
    const bySubject = await trx
      .selectFrom("merchants")
      .selectAll()
      .where("google_sub", "=", identity.subject)
      .executeTakeFirst();
    const byEmail = bySubject
      ? undefined
      : await trx.selectFrom("merchants").selectAll().where("email", "=", identity.email).executeTakeFirst();
    if (byEmail) {
      const linkTicket = await openLinkTicket(trx, { merchantId: byEmail.id, googleSubject: identity.subject }, now);
      return { linkTicket, email: byEmail.email };
    }
    const inserted = bySubject
      ? undefined
      : await trx
          .insertInto("merchants")
          .values({
            email: identity.email,
            password_hash: unusablePasswordHash(),
            nick_name: nicknameFromGoogle(identity.name, identity.email),
            google_sub: identity.subject,
            created_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .returningAll()
          .executeTakeFirst();
    const registered = inserted !== undefined;
    // Registered meanwhile by a concurrent sign-in with the same Google account (a concurrent one by e-mail throws).
    const merchant =
      bySubject ??
      inserted ??
      (await trx
        .selectFrom("merchants")
        .selectAll()
        .where("google_sub", "=", identity.subject)
        .executeTakeFirstOrThrow());
    // The message box greets a merchant Google registered, as one registered by e-mail.
    const scope = actFor(system, merchant.id);
    if (registered) await onRegistered(trx, scope, now);
    if (merchant.last_login_at === null) await onFirstLogin(trx, scope, now);
    await recordSecurityEvent(trx, { ip, userAgent, now }, "googleSignIn", "success", merchant.id);
    // With TOTP on, a challenge instead of a session (second-factor-sign-in.ts).
    return answerFirstFactor(trx, scope, merchant, ip, now);
  });
}

/** The nickname field's rules, as User/update applies them: trimmed, 1–40 characters, no control character. */
const nicknameField = updateProfileRequest.shape.nickName;
const nicknameMaxLength = 40;
/**
 * Bidirectional controls (RLO and the like). The request rules let them through (a merchant types what they see), but
 * Google's name is text nobody here typed, and one that turns around what other screens show is not taken.
 */
const bidiControl = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * The nickname of a merchant Google registers: Google's name when it passes the rules a nickname sent to User/update
 * passes (a NUL answered 500, ESC and BEL were stored), cut to 40 UTF-16 units between characters (never inside a
 * pair), and has no bidirectional control; else the e-mail's local part, as for a name that is missing.
 */
export function nicknameFromGoogle(name: string, email: string): string {
  let cut = "";
  for (const character of name.trim()) {
    if (cut.length + character.length > nicknameMaxLength) break;
    cut += character;
  }
  const checked = z.safeParse(nicknameField, cut);
  return checked.success && !bidiControl.test(checked.data) ? checked.data : defaultNickName(email);
}
