import type { Generated } from "kysely";
import type { Id, IdRef } from "./columns.ts";

export type MessageTypeColumn = "message" | "notice" | "todo";

export interface MessagesTable {
  id: Id;
  merchant_id: IdRef;
  type: MessageTypeColumn;
  /** The event that wrote it (welcome, passwordChanged, …), so the console can translate it; "" for free text. */
  kind: Generated<string>;
  /** en-US texts, shown when the console does not know the kind. */
  title: string;
  sub_title: Generated<string>;
  avatar: Generated<string>;
  content: Generated<string>;
  /** Notices and todos only. */
  message_type: number | null;
  /** 0 unread, 1 read. */
  status: Generated<0 | 1>;
  created_at: Date;
}

/** The messaging area's tables, its part of `DB` (server/db/schema.ts). */
export interface MessagingTables {
  messages: MessagesTable;
}
