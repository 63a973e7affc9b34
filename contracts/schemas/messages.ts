import * as z from "zod/mini";
import { text } from "./fields.ts";

/** The three tabs of the message box (spec section 2). */
export const messageTypes = ["message", "notice", "todo"] as const;
export const messageTypeField = z.enum(messageTypes);
export type MessageType = z.infer<typeof messageTypeField>;

/** 0 unread, 1 read (spec section 4, "Message read"). */
export const messageStatus = z.union([z.literal(0), z.literal(1)]);
export type MessageStatus = z.infer<typeof messageStatus>;

/**
 * A message of spec section 3. `kind` names the event that created it ("welcome", "passwordChanged",
 * "firstApplication"), so the console can show it in the merchant's language; the texts are the
 * en-US fallback for a kind the console does not know ("" for free text).
 */
export const message = z.object({
  id: z.string(),
  type: messageTypeField,
  kind: z.string(),
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  content: z.string(),
  /** ISO 8601. */
  time: z.string(),
  /** Notices and todos only: 0 not started, 1 done, 2 in progress, 3 due soon. */
  messageType: z.optional(z.number()),
  status: messageStatus,
});
export type Message = z.infer<typeof message>;

/** Without `type`, every tab's newest messages. */
export const messageListRequest = z.strictObject({ type: z.optional(messageTypeField) });
export type MessageListRequest = z.infer<typeof messageListRequest>;
export const messageListResult = z.array(message);

/** Ids are the server's bigint identities, sent as strings of digits. */
export const messageIdField = text(z.regex(/^\d{1,18}$/, "validation.messageIds"));
export const maxReadIds = 100;

export const messageReadRequest = z.strictObject({
  ids: z
    .array(messageIdField)
    .check(z.minLength(1, "validation.messageIds"), z.maxLength(maxReadIds, "validation.messageIds")),
});
export type MessageReadRequest = z.infer<typeof messageReadRequest>;
export const messageReadResult = z.literal(true);
