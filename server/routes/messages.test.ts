import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageListResult } from "../../contracts/schemas/messages.ts";
import enUS from "../../locales/en-US.json" with { type: "json" };
import { messagesPerType } from "../domain/messaging/messages.ts";
import {
  call,
  createHarness,
  type Harness,
  lastCode,
  type Merchant,
  reset,
  rowCounts,
  signedInMerchant,
} from "../testing/harness.ts";
import { seedCode, seedMessage, seedPaidOrder } from "../testing/seed.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const list = async (m: Merchant, body: object = {}) => {
  const answer = await call(h, "messageList", { token: m.token, body });
  expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true, errCode: "0" });
  return messageListResult.parse(answer.resData);
};
const read = (m: Merchant, ids: string[]) => call(h, "messageRead", { token: m.token, body: { ids } });
const kinds = enUS.messageBox.kinds;

describe("message/list", () => {
  it("answers the merchant's messages newest first, each tab or one", async () => {
    const m = await signedInMerchant(h);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    await seedMessage(h.db, { userId: m.userId, type: "message", title: "Older", createdAt: at(1) });
    await seedMessage(h.db, { userId: m.userId, type: "notice", title: "Notice", createdAt: at(2) });
    await seedMessage(h.db, { userId: m.userId, type: "todo", title: "Todo", status: 1, createdAt: at(3) });
    const all = await list(m);
    expect(all.map((x) => [x.title, x.type, x.status])).toEqual([
      ["Todo", "todo", 1],
      ["Notice", "notice", 0],
      ["Older", "message", 0],
    ]);
    expect(all[0]).toMatchObject({ time: "2026-01-01T12:03:00.000Z", messageType: 0, avatar: "", kind: "" });
    expect(all[2]).not.toHaveProperty("messageType");
    expect((await list(m, { type: "notice" })).map((x) => x.title)).toEqual(["Notice"]);
    expect(await list(m, { type: "todo" })).toHaveLength(1);
  });

  it("answers an empty list to a new merchant, and at most the newest 100 per tab", async () => {
    const m = await signedInMerchant(h);
    expect(await list(m)).toEqual([]);
    await h.db
      .insertInto("messages")
      .values(
        Array.from({ length: messagesPerType + 5 }, (_, i) => ({
          merchant_id: m.userId,
          type: "notice" as const,
          title: `n${i}`,
          message_type: 0,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
        })),
      )
      .execute();
    await seedMessage(h.db, {
      userId: m.userId,
      type: "message",
      title: "old",
      createdAt: new Date(Date.UTC(2020, 0, 1)),
    });
    const all = await list(m);
    expect(all).toHaveLength(messagesPerType + 1);
    expect(all[0]?.title).toBe(`n${messagesPerType + 4}`);
    expect(all.at(-1)?.title).toBe("old");
  });

  it("never answers another merchant's messages", async () => {
    const a = await signedInMerchant(h, "a@example.com");
    const b = await signedInMerchant(h, "b@example.com");
    await seedMessage(h.db, { userId: b.userId, type: "message", title: "For b only" });
    expect(await list(a)).toEqual([]);
    expect((await list(b)).map((x) => x.title)).toEqual(["For b only"]);
  });
});

describe("message/read", () => {
  it("marks the merchant's messages read and answers true, twice alike", async () => {
    const m = await signedInMerchant(h);
    const one = await seedMessage(h.db, { userId: m.userId, type: "message", title: "One" });
    const two = await seedMessage(h.db, { userId: m.userId, type: "todo", title: "Two" });
    expect(await read(m, [one.messageId])).toMatchObject({ status: 200, success: true, resData: true });
    expect(await read(m, [one.messageId])).toMatchObject({ success: true, resData: true });
    const byTitle = Object.fromEntries((await list(m)).map((x) => [x.title, x.status]));
    expect(byTitle).toEqual({ One: 1, Two: 0 });
    await read(m, [two.messageId, two.messageId]);
    expect((await list(m)).every((x) => x.status === 1)).toBe(true);
  });

  it("passes over another merchant's ids and unknown ids with the same answer", async () => {
    const a = await signedInMerchant(h, "a@example.com");
    const b = await signedInMerchant(h, "b@example.com");
    const theirs = await seedMessage(h.db, { userId: b.userId, type: "notice", title: "For b only" });
    const mine = await seedMessage(h.db, { userId: a.userId, type: "notice", title: "Mine" });
    const foreign = await read(a, [theirs.messageId, mine.messageId]);
    const unknown = await read(a, ["999999999"]);
    for (const answer of [foreign, unknown])
      expect(answer).toMatchObject({ status: 200, success: true, errCode: "0", resData: true });
    expect((await list(b))[0]?.status).toBe(0);
    expect((await list(a))[0]?.status).toBe(1);
  });

  it("refuses no ids, more than 100, and ids that are not digits, writing nothing", async () => {
    const m = await signedInMerchant(h);
    await seedMessage(h.db, { userId: m.userId, type: "message", title: "One" });
    const before = await rowCounts(h.db);
    const bad = [
      [],
      Array.from({ length: 101 }, (_, i) => String(i + 1)),
      ["1 or 1=1"],
      ["-1"],
      [""],
      ["1".repeat(19)],
    ];
    for (const ids of bad) {
      const answer = await read(m, ids);
      expect(answer, JSON.stringify(ids).slice(0, 60)).toMatchObject({
        status: 400,
        success: false,
        errCode: "1001",
        resData: null,
      });
      expect(answer.errMsg).toContain("ids");
      expect(answer.errMsg).toContain(enUS.validation.messageIds);
    }
    expect(await rowCounts(h.db)).toEqual(before);
    expect((await list(m))[0]?.status).toBe(0);
  });

  it("needs a session", async () => {
    expect(await call(h, "messageRead", { body: { ids: ["1"] } })).toMatchObject({ status: 401, errCode: "4010" });
    expect(await call(h, "messageList", { body: {} })).toMatchObject({ status: 401, errCode: "4010" });
  });
});

describe("messages written on events", () => {
  const signIn = (email: string, password: string) => call(h, "login", { body: { email, password } });

  it("welcomes on registration and asks for an application on the first login only", async () => {
    await call(h, "sendCode", { body: { email: "new@example.com", type: "register" } });
    const code = lastCode(h, "new@example.com");
    const registered = await call(h, "register", {
      body: { email: "new@example.com", code, password: "Merchant7Pass", repeatPassword: "Merchant7Pass" },
    });
    expect(registered.success).toBe(true);
    const first = await signIn("new@example.com", "Merchant7Pass");
    await signIn("new@example.com", "Merchant7Pass");
    const m = {
      userId: registered.resData.userId,
      email: "new@example.com",
      password: "Merchant7Pass",
      token: first.resData.accessToken,
    };
    const messages = await list(m);
    expect(messages.map((x) => [x.type, x.kind, x.title, x.status])).toEqual([
      ["todo", "firstApplication", kinds.firstApplication.title, 0],
      ["message", "welcome", kinds.welcome.title, 0],
    ]);
    expect(messages[1]).toMatchObject({
      title: "Welcome to Merchant Console",
      subTitle: kinds.welcome.subTitle,
      content: kinds.welcome.content,
    });
  });

  it("marks the first-application to-do done once the merchant has added an application", async () => {
    await call(h, "sendCode", { body: { email: "shop@example.com", type: "register" } });
    const registered = await call(h, "register", {
      body: {
        email: "shop@example.com",
        code: lastCode(h, "shop@example.com"),
        password: "Merchant7Pass",
        repeatPassword: "Merchant7Pass",
      },
    });
    const signedIn = await signIn("shop@example.com", "Merchant7Pass");
    const m = {
      userId: registered.resData.userId,
      email: "shop@example.com",
      password: "x",
      token: signedIn.resData.accessToken,
    };
    const todo = async () => (await list(m, { type: "todo" })).find((x) => x.kind === "firstApplication");
    expect(await todo()).toMatchObject({ messageType: 0 });
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet" });
    const added = await call(h, "appAdd", {
      token: m.token,
      body: {
        name: "Shop",
        address: "https://shop.example.com",
        rechargeCallbackUrl: "https://shop.example.com/recharge",
        withdrawCallbackUrl: "https://shop.example.com/withdraw",
      },
    });
    expect(added.success, JSON.stringify(added)).toBe(true);
    expect(await todo()).toMatchObject({ messageType: 1 });
  });

  it("posts no welcome when the registration is refused", async () => {
    await seedCode(h.db, { email: "new@example.com", purpose: "register", code: "123456" });
    await call(h, "register", {
      body: { email: "new@example.com", code: "654321", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" },
    });
    expect((await rowCounts(h.db)).messages).toBe(0);
  });

  it("notices a password change, and a password reset", async () => {
    const m = await signedInMerchant(h);
    await seedCode(h.db, { email: m.email, purpose: "change-password", code: "123456" });
    const change = await call(h, "updatePassword", {
      token: m.token,
      body: { oldPassword: m.password, code: "123456", password: "Fresh456x", repeatPassword: "Fresh456x" },
    });
    expect(change.success).toBe(true);
    await seedCode(h.db, { email: m.email, purpose: "change-password", code: "234567" });
    await call(h, "updatePassword", {
      token: m.token,
      body: { oldPassword: "Wrong123", code: "234567", password: "Fresh456y", repeatPassword: "Fresh456y" },
    });
    await seedCode(h.db, { email: m.email, purpose: "reset", code: "123456" });
    const resetAnswer = await call(h, "resetPassword", {
      body: { email: m.email, code: "123456", password: "Other789x", repeatPassword: "Other789x" },
    });
    expect(resetAnswer.success).toBe(true);
    const again = await signedInMerchant(h, m.email, "Other789x");
    const notices = await list(again, { type: "notice" });
    expect(notices.map((x) => [x.kind, x.title, x.messageType, x.status])).toEqual([
      ["passwordChanged", "Your password was changed", 1, 0],
      ["passwordChanged", "Your password was changed", 1, 0],
    ]);
  });
});
