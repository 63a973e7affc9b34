import { endpoints } from "../../contracts/endpoints.ts";
import type { MessageType } from "../../contracts/schemas/message.ts";
import type { Call } from "./client.ts";

export const messageApi = (call: Call) => ({
  /** Every tab's newest messages, or one tab's. */
  messages: (type?: MessageType) => call(endpoints.messageList, { body: type ? { type } : {} }),
  markRead: (ids: readonly string[]) => call(endpoints.messageRead, { body: { ids: [...ids] } }),
});
