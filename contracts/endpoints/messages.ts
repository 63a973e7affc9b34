import { messageListRequest, messageListResult, messageReadRequest, messageReadResult } from "../schemas/messages.ts";
import { type Endpoint, endpoint } from "../endpoint.ts";

/** The messages area's calls (`api.messages.<call>`): its part of the endpoint table, contracts/endpoints.ts. */
export const messagesEndpoints = {
  // The message box (spec section 2; its calls are mock-only in section 7): messages the server writes on real events.
  messageList: endpoint({
    area: "messages",
    call: "list",
    method: "POST",
    path: "/api/message/list",
    body: messageListRequest,
    query: null,
    result: messageListResult,
    auth: true,
    source: "proposed",
  }),
  messageRead: endpoint({
    area: "messages",
    call: "read",
    method: "POST",
    path: "/api/message/read",
    body: messageReadRequest,
    query: null,
    result: messageReadResult,
    auth: true,
    source: "proposed",
  }),
} as const satisfies Record<string, Endpoint>;
