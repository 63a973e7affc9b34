import { describe, expect, it } from "vitest";
import type { Message } from "../../contracts/schemas/messages.ts";
import { createI18n } from "../i18n/i18n.ts";
import { messageText } from "./message-text.ts";

const welcome: Message = {
  id: "1",
  type: "message",
  kind: "welcome",
  title: "Welcome to Merchant Console",
  subTitle: "Your account is ready",
  avatar: "",
  content: "Choose a package.",
  time: "2026-01-01T00:00:00.000Z",
  status: 0,
};

describe("message texts", () => {
  it("show a server-written message in the merchant's language", async () => {
    const ja = await createI18n("ja-JP");
    expect(messageText(ja, welcome, "title")).toBe("マーチャントコンソールへようこそ");
    expect(messageText(ja, { ...welcome, kind: "passwordChanged", type: "notice" }, "subTitle")).toBe(
      "アカウントのセキュリティ",
    );
  });

  it("show free text and unknown kinds as the server sent them", async () => {
    const ja = await createI18n("ja-JP");
    expect(messageText(ja, { ...welcome, kind: "", title: "Maintenance on Sunday" }, "title")).toBe(
      "Maintenance on Sunday",
    );
    expect(messageText(ja, { ...welcome, kind: "somethingNew", content: "New text" }, "content")).toBe("New text");
  });
});
