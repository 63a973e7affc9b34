import { listMessages, markMessagesRead } from "../domain/messaging/messages.ts";
import { ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The message box: only ever the signed-in merchant's own messages. */
export const messageHandlers: Pick<HandlerTable, "messageList" | "messageRead"> = {
  messageList: {
    async handle({ db, body, session }) {
      return ok(await listMessages(db, session.scope, body.type));
    },
  },

  // Ids of another merchant's messages, or of none, are passed over: the answer never tells which ids exist.
  messageRead: {
    async handle({ db, body, session }) {
      await markMessagesRead(db, session.scope, body.ids);
      return ok(true as const);
    },
  },
};
