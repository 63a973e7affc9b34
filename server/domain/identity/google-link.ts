import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { GoogleLinkRequest } from "../../../contracts/schemas/google.ts";
import type { LoginAnswer } from "../../../contracts/schemas/two-factor.ts";
import type { DB } from "../../db/schema.ts";
import { fail, messages, type Outcome, ok } from "../platform/outcome.ts";
import { prunedRows } from "../platform/pruned-rows.ts";
import { givingSlotsBackIfBusy, takeSlots, waitMessage } from "../platform/rate-limit.ts";
import { checkCode } from "./codes.ts";
import { identifyRequester, type RequestSignals } from "./code-requester.ts";
import { takeCodeUseSlots } from "./code-throttle.ts";
import type { IdentityServices } from "./identity-services.ts";
import { loginSlots } from "./login-throttle.ts";
import { verifyPassword } from "./passwords.ts";
import { answerFirstFactor } from "./second-factor-sign-in.ts";
import { recordSecurityEvent } from "./security-events.ts";
import { actFor, systemScope } from "./system-scope.ts";
import { hashToken, newToken } from "./tokens.ts";

/** No session yet: the system acts for the merchant who proved the link (merchant-scope.ts). */
const system = systemScope("google-link");

/** A link ticket lives as long as a mailed code, so the merchant can ask for one and type it. */
export const linkTicketSeconds = 600;

/**
 * One ID token, one session: the token's SHA-256 is written before it is honoured, and a token already written is
 * refused (a copy taken from a page, a log or a proxy cannot be played again). Kept until the token expires.
 */
export async function spendIdToken(db: Kysely<DB>, idToken: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .insertInto("google_used_tokens")
    .values({ token_hash: hashToken(idToken), expires_at: expiresAt })
    .onConflict((oc) => oc.column("token_hash").doNothing())
    .returning("token_hash")
    .executeTakeFirst();
  return row !== undefined;
}

/** The verified Google account waits for the merchant with its e-mail to prove the link; the ticket is answered once. */
export async function openLinkTicket(
  db: Kysely<DB>,
  link: { merchantId: string; googleSubject: string },
  now: Date,
): Promise<string> {
  const ticket = newToken();
  await db
    .insertInto("google_link_tickets")
    .values({
      ticket_hash: hashToken(ticket),
      merchant_id: link.merchantId,
      google_sub: link.googleSubject,
      expires_at: new Date(now.getTime() + linkTicketSeconds * 1000),
      created_at: now,
    })
    .execute();
  return ticket;
}

export const googleLinkExpiredMessage = "This Google sign-in has expired, please continue with Google again";
const expired = () => fail(errCodes.googleLinkExpired, googleLinkExpiredMessage);

/** Whether `ticket` is an unused, unexpired link ticket of the merchant with this (normalised) e-mail. */
export async function isLiveLinkTicketOf(
  db: Kysely<DB>,
  email: string,
  ticket: string | undefined,
  now: Date,
): Promise<boolean> {
  if (ticket === undefined) return false;
  const row = await db
    .selectFrom("google_link_tickets")
    .innerJoin("merchants", "merchants.id", "google_link_tickets.merchant_id")
    .select("google_link_tickets.ticket_hash")
    .where("google_link_tickets.ticket_hash", "=", hashToken(ticket))
    .where("google_link_tickets.used_at", "is", null)
    .where("google_link_tickets.expires_at", ">", now)
    .where("merchants.email", "=", email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Login/GoogleLink: the merchant proves the Google account of the ticket is theirs with their password (counted as a
 * sign-in attempt, as User/UpdatePwd's old password) or a code mailed for `link` (the code rules); then the account is
 * pinned to that Google account (`google_sub`, replacing an earlier one) and a session starts, or the second factor's
 * challenge when the merchant has TOTP on.
 */
export async function linkGoogleAccount(
  db: Kysely<DB>,
  request: GoogleLinkRequest,
  input: RequestSignals & { now: Date; userAgent?: string },
  services: IdentityServices,
): Promise<Outcome<LoginAnswer>> {
  const { ip, now } = input;
  const ticket = await db
    .selectFrom("google_link_tickets")
    .innerJoin("merchants", "merchants.id", "google_link_tickets.merchant_id")
    .select(["google_link_tickets.ticket_hash", "google_link_tickets.google_sub", "merchants.id", "merchants.email"])
    .select("merchants.password_hash")
    .where("google_link_tickets.ticket_hash", "=", hashToken(request.linkTicket))
    .where("google_link_tickets.used_at", "is", null)
    .where("google_link_tickets.expires_at", ">", now)
    .executeTakeFirst();
  if (!ticket) return expired();

  if (request.password !== undefined) {
    const { password } = request;
    // Counted as a sign-in attempt: the address, the account from this address and the account from everywhere.
    const slots = loginSlots({ email: ticket.email, ip, deviceId: null }, services.limits);
    const taken = await takeSlots(db, slots, now, services.refusals);
    if (!taken.ok) return fail(errCodes.rateLimited, waitMessage(taken.waitSeconds), 429);
    const check = await givingSlotsBackIfBusy(db, slots, services.refusals, () =>
      services.kdf.run("sign-in", () => verifyPassword(password, ticket.password_hash)),
    );
    if (!check.valid) {
      await recordSecurityEvent(db, input, "googleLink", "failure", ticket.id);
      return fail(errCodes.badCredentials, messages.badCredentials);
    }
  }
  let requester = "";
  if (request.code !== undefined) {
    const identified = await identifyRequester(db, ticket.email, input, services.secret);
    const use = await takeCodeUseSlots(
      db,
      { email: ticket.email, purpose: "link", requester: identified },
      services,
      now,
    );
    if (!use.ok) return use.refused;
    requester = identified.key;
  }

  return db.transaction().execute(async (trx) => {
    if (request.code !== undefined) {
      const checked = await checkCode(trx, {
        email: ticket.email,
        purpose: "link",
        code: request.code,
        now,
        maxAttempts: services.limits.codeMaxAttempts,
        consume: true,
        secret: services.secret,
        requester,
      });
      if (!checked.ok) {
        await recordSecurityEvent(trx, input, "googleLink", "failure", ticket.id);
        return checked;
      }
    }
    const spent = await trx
      .updateTable("google_link_tickets")
      .set({ used_at: now })
      .where("ticket_hash", "=", ticket.ticket_hash)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (spent.numUpdatedRows !== 1n) return expired();
    const merchant = await trx
      .updateTable("merchants")
      .set({ google_sub: ticket.google_sub })
      .where("id", "=", ticket.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordSecurityEvent(trx, input, "googleLink", "success", merchant.id);
    // The link proves the first factor only: with TOTP on, the second step still follows (second-factor-sign-in.ts).
    return ok(await answerFirstFactor(trx, actFor(system, merchant.id), merchant, ip, now));
  });
}

/** Used Google ID tokens past their expiry (no longer replayable anyway) and link tickets a day (`dayAgo`) after theirs. */
export async function pruneGoogleRows(db: Kysely<DB>, now: Date, dayAgo: Date): Promise<number> {
  const usedTokens = await db.deleteFrom("google_used_tokens").where("expires_at", "<", now).executeTakeFirst();
  const linkTickets = await db.deleteFrom("google_link_tickets").where("expires_at", "<", dayAgo).executeTakeFirst();
  return prunedRows(usedTokens) + prunedRows(linkTickets);
}
