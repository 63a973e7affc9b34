import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { CodePurpose } from "../../../contracts/schemas/fields.ts";
import type { DB } from "../../db/schema.ts";
import type { MailMessage, Mailer } from "./mailer.ts";

export function codeMail(to: string, purpose: CodePurpose, code: string, ttlSeconds: number): MailMessage {
  const why = {
    register: "to finish registering",
    reset: "to reset your password",
    link: "to link your Google account to your Merchant Console account",
  }[purpose];
  return {
    to,
    subject: "Your Merchant Console verification code",
    text: `Your verification code is ${code}. Enter it ${why}; it expires in ${Math.round(ttlSeconds / 60)} minutes. Never share it. If you did not ask for it, ignore this e-mail.`,
  };
}

/**
 * Writes the outbox row in the caller's transaction; delivery happens after the commit. A code mail
 * keeps its code (and its text) only until the code expires: the prune job blanks both then.
 */
export async function queueMail(
  db: Kysely<DB>,
  message: MailMessage,
  code: { value: string; expiresAt: Date } | null,
  now: Date,
): Promise<string> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      code: code?.value ?? null,
      code_expires_at: code?.expiresAt ?? null,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Hands the message to the transport; a failure is logged and the row stays unsent. */
export async function deliverMail(
  db: Kysely<DB>,
  mailer: Mailer,
  id: string,
  message: MailMessage,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await mailer.send(message);
    await db.updateTable("mail_outbox").set({ sent_at: new Date() }).where("id", "=", id).execute();
  } catch (error) {
    log.error({ err: error, outboxId: id }, "mail delivery failed");
  }
}

/** The dev outbox's view of one address's mail, newest first; an expired code shows neither code nor text. */
export async function devOutboxFor(db: Kysely<DB>, recipient: string, now: Date) {
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
      text: expired ? "" : r.body,
      code: expired ? "" : (r.code ?? ""),
      createdAt: r.created_at.toISOString(),
    };
  });
}
