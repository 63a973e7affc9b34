import { type ActorRefFrom, assign, fromPromise, setup } from "xstate";
import { type Message, type MessageType, maxReadIds } from "../../contracts/schemas/messages.ts";
import { type Failure, toFailure } from "../api-failure.ts";

export interface MessageBoxContext {
  messages: Message[];
  tab: MessageType;
  /** The popover is showing. */
  open: boolean;
  /** Why the list could not be loaded. */
  failure: Failure | null;
  /** Why the last "mark read" was undone. */
  readFailure: Failure | null;
  /** Ids shown as read while the server is told; set back to unread if it refuses. */
  pendingIds: string[];
}

export type MessageBoxEvent =
  | { type: "box.open" }
  | { type: "box.close" }
  | { type: "tab.select"; tab: MessageType }
  | { type: "messages.reload" }
  | { type: "message.read"; ids: readonly string[] };

export const messagesOf = (context: Pick<MessageBoxContext, "messages">, type: MessageType): Message[] =>
  context.messages.filter((m) => m.type === type);

/** Unread ids of one tab, or of all tabs. */
export const unreadIdsOf = (context: Pick<MessageBoxContext, "messages">, type?: MessageType): string[] =>
  context.messages.filter((m) => m.status === 0 && (!type || m.type === type)).map((m) => m.id);

export const unreadCount = (context: Pick<MessageBoxContext, "messages">, type?: MessageType): number =>
  unreadIdsOf(context, type).length;

/** The ids of the event that are still unread, at most what one call may carry. */
const stillUnread = (context: MessageBoxContext, ids: readonly string[]) => {
  const unread = new Set(unreadIdsOf(context));
  return [...new Set(ids)].filter((id) => unread.has(id)).slice(0, maxReadIds);
};

const withStatus = (messages: Message[], ids: readonly string[], status: 0 | 1) => {
  const chosen = new Set(ids);
  return messages.map((m) => (chosen.has(m.id) ? { ...m, status } : m));
};

/** The navbar's message box (spec sections 2 and 4): tabs Message, Notice, Todo; unread (0) becomes read (1). */
export const messageBoxMachine = setup({
  types: {} as { context: MessageBoxContext; events: MessageBoxEvent },
  actors: {
    loadMessages: fromPromise<Message[]>(async () => {
      throw new Error("loadMessages is provided by the app");
    }),
    markRead: fromPromise<unknown, { ids: string[] }>(async () => {
      throw new Error("markRead is provided by the app");
    }),
  },
  guards: {
    hasUnread: ({ context, event }) => event.type === "message.read" && stillUnread(context, event.ids).length > 0,
  },
}).createMachine({
  id: "messageBox",
  context: { messages: [], tab: "message", open: false, failure: null, readFailure: null, pendingIds: [] },
  initial: "loading",
  on: {
    "tab.select": { actions: assign({ tab: ({ event }) => event.tab }) },
    "box.open": { actions: assign({ open: true }) },
    "box.close": { actions: assign({ open: false }) },
  },
  states: {
    loading: {
      invoke: {
        id: "loadMessages",
        src: "loadMessages",
        onDone: {
          target: "ready",
          actions: assign({ messages: ({ event }) => event.output, failure: null, readFailure: null }),
        },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      on: {
        "messages.reload": "loading",
        "box.open": { target: "loading", actions: assign({ open: true }) },
      },
    },
    ready: {
      on: {
        "messages.reload": "loading",
        // Opening the box shows what is new since the badge was counted.
        "box.open": { target: "loading", actions: assign({ open: true }) },
        "message.read": {
          guard: "hasUnread",
          target: "marking",
          actions: assign(({ context, event }) => {
            const ids = stillUnread(context, event.ids);
            return { messages: withStatus(context.messages, ids, 1), pendingIds: ids, readFailure: null };
          }),
        },
      },
    },
    // Optimistic: the messages already show as read; a refusal sets them back.
    marking: {
      invoke: {
        id: "markRead",
        src: "markRead",
        input: ({ context }) => ({ ids: context.pendingIds }),
        onDone: { target: "ready", actions: assign({ pendingIds: [] }) },
        onError: {
          target: "ready",
          actions: assign({
            messages: ({ context }) => withStatus(context.messages, context.pendingIds, 0),
            pendingIds: [],
            readFailure: ({ event }) => toFailure(event.error),
          }),
        },
      },
    },
  },
});

export type MessageBoxActor = ActorRefFrom<typeof messageBoxMachine>;
