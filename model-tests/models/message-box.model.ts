import type { Message, MessageType } from "../../contracts/schemas/messages.ts";
import { messageBoxMachine, unreadCount, unreadIdsOf } from "../../machines/shell/message-box.ts";
import type { MachineModel, ModelEvent } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";

const { done, failed } = eventBuilders(messageBoxMachine);

/** The fake server's messages: the welcome (unread), an older read message, a password notice (unread), no todo. */
export const sampleMessages: Message[] = [
  {
    id: "11",
    type: "message",
    kind: "welcome",
    title: "Welcome to Merchant Console",
    subTitle: "Your account is ready",
    avatar: "",
    content: "Choose a package.",
    time: "2026-01-02T09:30:00.000Z",
    status: 0,
  },
  {
    id: "10",
    type: "message",
    kind: "",
    title: "Maintenance on Sunday",
    subTitle: "Operations",
    avatar: "",
    content: "The console may be slow for an hour.",
    time: "2026-01-01T08:00:00.000Z",
    status: 1,
  },
  {
    id: "12",
    type: "notice",
    kind: "passwordChanged",
    title: "Your password was changed",
    subTitle: "Account security",
    avatar: "",
    content: "If you did not change it, reset it.",
    time: "2026-01-03T10:00:00.000Z",
    messageType: 1,
    status: 0,
  },
];

const tabOrder: readonly MessageType[] = ["todo", "notice", "message"];

export const messageBoxModel: MachineModel<typeof messageBoxMachine> = {
  id: "messageBox",
  machine: messageBoxMachine,
  starts: [{ name: "signed in", input: undefined }],
  // One console opens and closes the box again: every check reads the box as it is now.
  walks: true,
  // What changes behaviour: the state, the box open or not, how many are unread, which problem shows. Tabs and closing
  // only change the looks; the extra steps of the path generator still take each of their transitions.
  serialize: (s) => JSON.stringify([s.value, s.context.open, unreadCount(s.context), s.context.readFailure !== null]),
  events: (s) => {
    const { context } = s;
    const events: ModelEvent<typeof messageBoxMachine>[] = [];
    if (s.matches("loading"))
      events.push(done("loadMessages", sampleMessages), failed("loadMessages", failure("5000", "Internal error")));
    if (s.matches("marking"))
      events.push(done("markRead", true), failed("markRead", failure("5000", "Internal error")));
    if (!context.open) return [...events, { type: "box.open" }];
    events.push({ type: "box.close" });
    if (s.matches("failed")) events.push({ type: "messages.reload" });
    if (s.matches("ready")) {
      const unread = unreadIdsOf(context, context.tab);
      if (unread[0]) events.push({ type: "message.read", ids: [unread[0]] });
      events.push({ type: "messages.reload" });
      for (const tab of tabOrder) if (tab !== context.tab) events.push({ type: "tab.select", tab });
    }
    return events;
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "box.open":
        return "Press the bell (Messages) in the navbar";
      case "box.close":
        return "Press the bell again to close the box";
      case "tab.select":
        return `Choose the ${english(`messageBox.tabs.${e.tab}`)} tab`;
      case "messages.reload":
        return "Press Refresh in the message box (Retry when loading failed)";
      case "message.read":
        return `Press Mark read on message ${e.ids.join(", ")}`;
      case "xstate.done.actor.loadMessages":
        return "The server answers three messages (two unread)";
      case "xstate.done.actor.markRead":
        return "The server marks the message read";
      case "xstate.error.actor.loadMessages":
      case "xstate.error.actor.markRead":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    const { context } = s;
    const badge = unreadCount(context) > 0 ? `the bell shows ${unreadCount(context)}` : "the bell shows no count";
    if (!context.open) return `${badge}; the box is closed`;
    const parts = [badge, `the ${english(`messageBox.tabs.${context.tab}`)} tab is chosen`];
    if (s.matches("loading")) parts.push(`${english("messageBox.loading")} shows`);
    if (s.matches("failed")) parts.push(`${english("messageBox.loadFailed")} shows with Retry`);
    if (s.matches("marking")) parts.push("the message already shows as read");
    if (context.readFailure) parts.push(`${english("messageBox.readFailed")} shows; the message is unread again`);
    return parts.join("; ");
  },
  excluded: [],
};
