import type { i18n } from "i18next";
import type { Message } from "../../contracts/schemas/messages.ts";

type TextField = "title" | "subTitle" | "content";

/** A message the server wrote on an event shows in the merchant's language; free text (or an unknown kind) as it came. */
export function messageText(i18next: Pick<i18n, "t" | "exists">, message: Message, field: TextField): string {
  const key = `messageBox.kinds.${message.kind}.${field}`;
  return message.kind && i18next.exists(key) ? String(i18next.t(key as never)) : message[field];
}
