import type { Kysely } from "kysely";
import type { MessageType } from "../../../contracts/schemas/messages.ts";
import type { DB } from "../../db/schema.ts";

export interface SeedMessageInput {
  userId: string;
  type: MessageType;
  title: string;
  subTitle?: string;
  content?: string;
  kind?: string;
  status?: 0 | 1;
  createdAt?: Date;
}

/** A message in the merchant's box; notices and todos get messageType 0. */
export async function seedMessage(db: Kysely<DB>, input: SeedMessageInput): Promise<{ messageId: string }> {
  const row = await db
    .insertInto("messages")
    .values({
      merchant_id: input.userId,
      type: input.type,
      kind: input.kind ?? "",
      title: input.title,
      sub_title: input.subTitle ?? "",
      content: input.content ?? "",
      message_type: input.type === "message" ? null : 0,
      status: input.status ?? 0,
      created_at: input.createdAt ?? new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { messageId: row.id };
}
