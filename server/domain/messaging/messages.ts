import type { Kysely, Selectable } from "kysely";
import type { Message, MessageType } from "../../../contracts/schemas/messages.ts";
import enUS from "../../../locales/en-US.json" with { type: "json" };
import type { AnyMerchantScope, MerchantScope } from "../platform/merchant-scope.ts";
import type { DB, MessagesTable } from "../../db/schema.ts";

/** The events that write a message; the console translates them by kind (locales: messageBox.kinds.<kind>). */
const kinds = {
  welcome: { type: "message", messageType: null },
  passwordChanged: { type: "notice", messageType: 1 },
  firstApplication: { type: "todo", messageType: 0 },
  paymentReversed: { type: "notice", messageType: 2 },
} as const satisfies Record<string, { type: MessageType; messageType: number | null }>;
export type MessageKind = keyof typeof kinds;

/** Newest messages answered per tab: the box shows recent news, not an archive. */
export const messagesPerType = 100;

/** Writes the message of an event in the caller's transaction, so it exists exactly when the event happened. */
export async function postMessage(
  db: Kysely<DB>,
  { merchantId }: AnyMerchantScope,
  kind: MessageKind,
  now: Date,
): Promise<void> {
  const texts = enUS.messageBox.kinds[kind];
  await db
    .insertInto("messages")
    .values({
      merchant_id: merchantId,
      type: kinds[kind].type,
      kind,
      title: texts.title,
      sub_title: texts.subTitle,
      content: texts.content,
      message_type: kinds[kind].messageType,
      created_at: now,
    })
    // The once-per-merchant kinds (index messages_once) are not written twice.
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const onRegistered = (db: Kysely<DB>, scope: AnyMerchantScope, now: Date) =>
  postMessage(db, scope, "welcome", now);
export const onPasswordChanged = (db: Kysely<DB>, scope: AnyMerchantScope, now: Date) =>
  postMessage(db, scope, "passwordChanged", now);
export const onFirstLogin = (db: Kysely<DB>, scope: AnyMerchantScope, now: Date) =>
  postMessage(db, scope, "firstApplication", now);

/** The first-application to-do is done (messageType 1) once the merchant has an application: it never stays "Not started". */
export async function onApplicationAdded(db: Kysely<DB>, { merchantId }: AnyMerchantScope): Promise<void> {
  await db
    .updateTable("messages")
    .set({ message_type: 1 })
    .where("merchant_id", "=", merchantId)
    .where("kind", "=", "firstApplication")
    .where("message_type", "<>", 1)
    .execute();
}

export function toMessage(row: Selectable<MessagesTable>): Message {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    title: row.title,
    subTitle: row.sub_title,
    avatar: row.avatar,
    content: row.content,
    time: row.created_at.toISOString(),
    ...(row.message_type === null ? {} : { messageType: row.message_type }),
    status: row.status === 1 ? 1 : 0,
  };
}

/** The merchant's newest messages, newest first, of one tab or of each. */
export async function listMessages(
  db: Kysely<DB>,
  { merchantId }: MerchantScope,
  type?: MessageType,
): Promise<Message[]> {
  const types = type ? [type] : (["message", "notice", "todo"] as const);
  const lists = await Promise.all(
    types.map((t) =>
      db
        .selectFrom("messages")
        .selectAll()
        .where("merchant_id", "=", merchantId)
        .where("type", "=", t)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(messagesPerType)
        .execute(),
    ),
  );
  return lists
    .flat()
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || Number(BigInt(b.id) - BigInt(a.id)))
    .map(toMessage);
}

/** Marks the merchant's own messages read; ids of other merchants or of no message change nothing. */
export async function markMessagesRead(
  db: Kysely<DB>,
  { merchantId }: MerchantScope,
  ids: readonly string[],
): Promise<void> {
  await db
    .updateTable("messages")
    .set({ status: 1 })
    .where("merchant_id", "=", merchantId)
    .where("id", "in", [...ids])
    .where("status", "=", 0)
    .execute();
}
