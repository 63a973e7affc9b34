import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Message } from "../../contracts/schemas/messages.ts";
import { messageBoxMachine, messagesOf, unreadCount, unreadIdsOf } from "./message-box.ts";
import { apiFailure, settle } from "../test-support.ts";

const sample = (id: string, type: Message["type"], status: 0 | 1): Message => ({
  id,
  type,
  kind: "",
  title: `title ${id}`,
  subTitle: "",
  avatar: "",
  content: "",
  time: "2026-01-01T00:00:00.000Z",
  ...(type === "message" ? {} : { messageType: 0 }),
  status,
});

const inbox = [sample("1", "message", 0), sample("2", "message", 1), sample("3", "notice", 0), sample("4", "todo", 0)];

interface Answers {
  load?: () => Promise<Message[]>;
  mark?: (ids: string[]) => Promise<unknown>;
}

function start(answers: Answers = {}) {
  const marked: string[][] = [];
  let loads = 0;
  const machine = messageBoxMachine.provide({
    actors: {
      loadMessages: fromPromise(async () => {
        loads += 1;
        return (answers.load ?? (async () => inbox.map((m) => ({ ...m }))))();
      }),
      markRead: fromPromise(async ({ input }) => {
        marked.push(input.ids);
        return (answers.mark ?? (async () => true))(input.ids);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, marked, loads: () => loads };
}

describe("message box", () => {
  it("loads on start and groups the messages by tab with unread counts", async () => {
    const { actor } = start();
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    await settle(actor, "ready");
    const { context } = actor.getSnapshot();
    expect(unreadCount(context)).toBe(3);
    expect([unreadCount(context, "message"), unreadCount(context, "notice"), unreadCount(context, "todo")]).toEqual([
      1, 1, 1,
    ]);
    expect(messagesOf(context, "message").map((m) => m.id)).toEqual(["1", "2"]);
  });

  it("keeps the failure when the list cannot be loaded, and retries", async () => {
    let fail = true;
    const { actor, loads } = start({
      load: async () => (fail ? Promise.reject(apiFailure("5000")) : [sample("9", "todo", 0)]),
    });
    await settle(actor, "failed");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("5000");
    fail = false;
    actor.send({ type: "messages.reload" });
    await settle(actor, "ready");
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, messages: [{ id: "9" }] });
    expect(loads()).toBe(2);
  });

  it("reloads when the box opens, and remembers it is open", async () => {
    const { actor, loads } = start();
    await settle(actor, "ready");
    actor.send({ type: "box.open" });
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    expect(actor.getSnapshot().context.open).toBe(true);
    await settle(actor, "ready");
    actor.send({ type: "box.close" });
    expect(actor.getSnapshot().context.open).toBe(false);
    expect(loads()).toBe(2);
  });

  it("marks read at once, then tells the server only the unread ids", async () => {
    const { actor, marked } = start();
    await settle(actor, "ready");
    actor.send({ type: "message.read", ids: ["1", "2", "1"] });
    expect(actor.getSnapshot().matches("marking")).toBe(true);
    expect(unreadCount(actor.getSnapshot().context)).toBe(2);
    await settle(actor, "ready");
    expect(marked).toEqual([["1"]]);
    expect(unreadIdsOf(actor.getSnapshot().context)).toEqual(["3", "4"]);
  });

  it("sets the messages back to unread and keeps the failure when the server refuses", async () => {
    const { actor } = start({ mark: () => Promise.reject(apiFailure("5000", "Internal error")) });
    await settle(actor, "ready");
    actor.send({
      type: "message.read",
      ids: unreadIdsOf(actor.getSnapshot().context, "message").concat(
        unreadIdsOf(actor.getSnapshot().context, "notice"),
      ),
    });
    expect(unreadCount(actor.getSnapshot().context)).toBe(1);
    await settle(actor, "ready");
    const { context } = actor.getSnapshot();
    expect(unreadCount(context)).toBe(3);
    expect(context.readFailure).toEqual({ errCode: "5000", errMsg: "Internal error" });
    expect(context.pendingIds).toEqual([]);
  });

  it("refuses to mark what is already read, or while the list loads", async () => {
    const { actor, marked } = start();
    expect(actor.getSnapshot().can({ type: "message.read", ids: ["1"] })).toBe(false);
    await settle(actor, "ready");
    expect(actor.getSnapshot().can({ type: "message.read", ids: ["2"] })).toBe(false);
    expect(actor.getSnapshot().can({ type: "message.read", ids: [] })).toBe(false);
    expect(actor.getSnapshot().can({ type: "message.read", ids: ["1"] })).toBe(true);
    actor.send({ type: "message.read", ids: ["2", "unknown"] });
    expect(actor.getSnapshot().matches("ready")).toBe(true);
    expect(marked).toEqual([]);
  });

  it("switches tabs in any state", async () => {
    const { actor } = start();
    actor.send({ type: "tab.select", tab: "todo" });
    expect(actor.getSnapshot().context.tab).toBe("todo");
    await settle(actor, "ready");
    actor.send({ type: "tab.select", tab: "notice" });
    expect(actor.getSnapshot().context.tab).toBe("notice");
  });
});
