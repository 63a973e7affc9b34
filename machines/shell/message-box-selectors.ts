import type { SnapshotFrom } from "xstate";
import { type MessageType, messageTypes } from "../../contracts/schemas/messages.ts";
import type { Failure } from "../api-failure.ts";
import { type messageBoxMachine, messagesOf, unreadCount, unreadIdsOf } from "./message-box.ts";

type MessageBoxSnapshot = SnapshotFrom<typeof messageBoxMachine>;

/** One tab of the message panel: its unread count and its list. */
export interface MessageTabView {
  type: MessageType;
  unread: number;
  items: ReturnType<typeof messagesOf>;
  unreadIds: ReturnType<typeof unreadIdsOf>;
  /** Nothing to list yet while the first load runs or failed. */
  waiting: boolean;
}

/** The message panel as the merchant sees it; `canRead` answers for the ids a row or "read all" would mark. */
export interface MessagePanelView {
  tab: MessageType;
  loading: boolean;
  failure: Failure | null;
  readFailure: Failure | null;
  canReload: boolean;
  tabs: MessageTabView[];
  canRead(ids: readonly string[]): boolean;
}

export function selectMessagePanel(snapshot: MessageBoxSnapshot): MessagePanelView {
  const { tab, messages, readFailure } = snapshot.context;
  const loading = snapshot.matches("loading");
  const failure = snapshot.matches("failed") ? snapshot.context.failure : null;
  return {
    tab,
    loading,
    failure,
    readFailure,
    canReload: snapshot.can({ type: "messages.reload" }),
    tabs: messageTypes.map((type) => ({
      type,
      unread: unreadCount(snapshot.context, type),
      items: messagesOf({ messages }, type),
      unreadIds: unreadIdsOf({ messages }, type),
      waiting: messages.length === 0 && (loading || failure !== null),
    })),
    canRead: (ids) => snapshot.can({ type: "message.read", ids }),
  };
}
