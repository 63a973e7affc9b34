import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { CodePurpose } from "../../../contracts/schemas/fields.ts";
import type { DB } from "../../db/schema.ts";
import { prunedRows } from "../platform/pruned-rows.ts";
import type { MailMessage, Mailer } from "./mailer.ts";
import { openMailBody, sealMailBody } from "./sealed-mail.ts";

export function codeMail(to: string, purpose: CodePurpose, code: string, ttlSeconds: number): MailMessage {
  const why = {
    register: "to finish registering",
    reset: "to reset your password",
    "change-password": "to change your password",
    link: "to link your Google account to your Merchant Console account",
    application: "to change an application or see its credentials",
    withdrawal: "to confirm a withdrawal from your balance",
    "sign-in": "with your password to sign in on a new device",
  }[purpose];
  return {
    to,
    subject: "Your Merchant Console verification code",
    text: `Your verification code is ${code}. Enter it ${why}; it expires in ${Math.round(ttlSeconds / 60)} minutes. Never share it. If you did not ask for it, ignore this e-mail.`,
  };
}

/** What the outbox needs of the server: the secret the bodies are sealed with, and whether it is a test server. */
export interface OutboxKeys {
  secret: Buffer;
  /** DEV_OUTBOX=true: the plain code is kept too, for GET /api/dev/outbox (never in production). */
  devOutbox: boolean;
}

/** Where a failed delivery is reported; no code or body ever reaches it, only the outbox id. */
export type MailLog = Pick<FastifyBaseLogger, "error">;

/** The pauses before each retry after a failed delivery (30 s … 4 min, 7.5 min in all, inside a code's 10). */
export const retryPausesSeconds = [30, 60, 120, 240] as const;

/** While one instance delivers a row, the others leave it alone this long (the job runs on every instance). */
const claimSeconds = 60;

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

/**
 * Writes the outbox row in the caller's transaction; delivery happens after the commit (deliverMail), and again from
 * the outbox while it fails (retryDueMail). The body is sealed (sealed-mail.ts): no plain code in the database, except
 * the `code` column of a test server's dev outbox. A code mail's body is blanked once its code expires.
 */
export async function queueMail(
  db: Kysely<DB>,
  message: MailMessage,
  code: { value: string; expiresAt: Date } | null,
  now: Date,
  keys: OutboxKeys,
): Promise<string> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      recipient: message.to,
      subject: message.subject,
      body: sealMailBody(keys.secret, message.to, message.text),
      code: keys.devOutbox ? (code?.value ?? null) : null,
      code_expires_at: code?.expiresAt ?? null,
      created_at: now,
      // Claimed by the request that delivers it at once; the job takes it over only if that attempt fails.
      next_attempt_at: later(now, claimSeconds),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const giveUp = { body: "", code: null } as const;

/** A failed try: the next one after its pause, or none (given up, body blanked) after the last pause. */
async function recordFailure(
  db: Kysely<DB>,
  id: string,
  attemptsBefore: number,
  now: Date,
): Promise<"retrying" | "givenUp"> {
  const pause = retryPausesSeconds[attemptsBefore];
  await db
    .updateTable("mail_outbox")
    .set(
      pause === undefined
        ? { attempts: attemptsBefore + 1, failed_at: now, ...giveUp }
        : { attempts: attemptsBefore + 1, next_attempt_at: later(now, pause) },
    )
    .where("id", "=", id)
    .execute();
  return pause === undefined ? "givenUp" : "retrying";
}

/** The first delivery, in the request: whether the transport took it. A failure is logged and left to the retries. */
export async function deliverMail(
  db: Kysely<DB>,
  mailer: Mailer,
  id: string,
  message: MailMessage,
  log: MailLog,
  now: Date,
): Promise<boolean> {
  try {
    await mailer.send(message);
    await db.updateTable("mail_outbox").set({ sent_at: now }).where("id", "=", id).execute();
    return true;
  } catch (error) {
    log.error({ err: error, outboxId: id }, "mail delivery failed");
    await recordFailure(db, id, 0, now);
    return false;
  }
}

export interface Retried {
  sent: number;
  retrying: number;
  givenUp: number;
}

/**
 * The outbox's delivery job: mail whose code has expired is given up on (and blanked); due rows are claimed (a row
 * another instance holds is skipped), opened, sent, and on failure put back for after the next pause.
 */
export async function retryDueMail(
  db: Kysely<DB>,
  mailer: Mailer,
  secret: Buffer,
  now: Date,
  log: MailLog,
): Promise<Retried> {
  const result: Retried = { sent: 0, retrying: 0, givenUp: 0 };
  const expired = await db
    .updateTable("mail_outbox")
    .set({ failed_at: now, ...giveUp })
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where("code_expires_at", "<=", now)
    .executeTakeFirst();
  result.givenUp += Number(expired.numUpdatedRows ?? 0n);
  const due = await db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: later(now, claimSeconds) })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("mail_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .where("next_attempt_at", "<=", now)
        .orderBy("next_attempt_at")
        .limit(20)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "recipient", "subject", "body", "attempts"])
    .execute();
  for (const row of due) {
    const text = openMailBody(secret, row.recipient, row.body);
    if (text === null) {
      // Sealed under another server secret (rotated): nobody can read it any more.
      await db
        .updateTable("mail_outbox")
        .set({ failed_at: now, ...giveUp })
        .where("id", "=", row.id)
        .execute();
      result.givenUp += 1;
      continue;
    }
    try {
      await mailer.send({ to: row.recipient, subject: row.subject, text });
      await db.updateTable("mail_outbox").set({ sent_at: now }).where("id", "=", row.id).execute();
      result.sent += 1;
    } catch (error) {
      log.error({ err: error, outboxId: row.id, attempts: row.attempts + 1 }, "mail delivery failed");
      result[await recordFailure(db, row.id, row.attempts, now)] += 1;
    }
  }
  if (result.givenUp > 0) log.error({ givenUp: result.givenUp }, "mail given up");
  return result;
}

/** The dev outbox's view of one address's mail, newest first; an expired code shows neither code nor text. */
export async function devOutboxFor(db: Kysely<DB>, recipient: string, now: Date, secret: Buffer) {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["recipient", "subject", "body", "code", "code_expires_at", "created_at"])
    .where("recipient", "=", recipient)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => {
    const expired = r.code_expires_at !== null && r.code_expires_at <= now;
    return {
      to: r.recipient,
      subject: r.subject,
      text: expired ? "" : (openMailBody(secret, r.recipient, r.body) ?? ""),
      code: expired ? "" : (r.code ?? ""),
      createdAt: r.created_at.toISOString(),
    };
  });
}

/** Mail is kept a week. */
const keepMailMs = 7 * 86_400_000;

/** A code mail's sealed text and (test servers) plain code once the code expires, and mail past a week. */
export async function pruneMail(db: Kysely<DB>, now: Date): Promise<{ codesBlanked: number; rows: number }> {
  const blanked = await db
    .updateTable("mail_outbox")
    .set({ code: null, body: "" })
    .where((eb) => eb.or([eb("code", "is not", null), eb("body", "!=", "")]))
    .where("code_expires_at", "<=", now)
    .executeTakeFirst();
  const rows = await db
    .deleteFrom("mail_outbox")
    .where("created_at", "<", new Date(now.getTime() - keepMailMs))
    .executeTakeFirst();
  return { codesBlanked: prunedRows(blanked), rows: prunedRows(rows) };
}
