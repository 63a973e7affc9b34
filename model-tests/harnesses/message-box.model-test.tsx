// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { Message, MessageType } from "../../contracts/schemas/messages.ts";
import { messagesOf, unreadCount } from "../../machines/shell/message-box.ts";
import { messageText } from "../../src/layout/message-text.ts";
import type { ControlledApi } from "../framework/fake-api.ts";
import type { ConsoleHarness } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { messageBoxModel, sampleMessages } from "../models/message-box.model.ts";
import { press } from "./form-steps.ts";
import { renderSignedIn } from "./signed-in.ts";

type H = ConsoleHarness & { fake: ControlledApi };

const bell = (h: H) =>
  screen.getByRole("button", {
    name: new RegExp(`^${h.t("messageBox.openLabel", { count: 999 }).replace("999", "\\d+")}$`),
  });
const box = (h: H) => screen.getByRole("region", { name: h.t("messageBox.title") });
const tabTitle = (h: H, type: MessageType) => h.t(`messageBox.tabs.${type}`);
const titleOf = (h: H, id: string) => messageText(h.i18n, sampleMessages.find((m) => m.id === id) as Message, "title");

runModel(messageBoxModel, {
  start: () => renderSignedIn({ loadMessages: "messages.list", markRead: "messages.read" }),
  fakeApi: (h) => h.fake,
  async perform(h: H, e) {
    switch (e.type) {
      case "box.open":
      case "box.close":
        return h.user.click(bell(h));
      case "tab.select":
        return h.user.click(within(box(h)).getByRole("tab", { name: new RegExp(`^${tabTitle(h, e.tab)}`) }));
      case "messages.reload": {
        const failed = within(box(h)).queryByRole("button", { name: h.t("messageBox.retry") });
        return failed ? h.user.click(failed) : press(h, h.t("messageBox.refresh"));
      }
      case "message.read":
        return press(h, `${h.t("messageBox.markRead")}: ${titleOf(h, e.ids[0] ?? "")}`);
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    await waitFor(() =>
      expect(bell(h).getAttribute("aria-label")).toBe(h.t("messageBox.openLabel", { count: unreadCount(context) })),
    );
    if (!context.open) {
      await waitFor(() => expect(screen.queryByRole("region", { name: h.t("messageBox.title") })).toBeNull());
      return;
    }
    const region = await screen.findByRole("region", { name: h.t("messageBox.title") });
    const panel = within(region);
    const selected = panel.getByRole("tab", { selected: true });
    expect(selected.textContent).toBe(`${tabTitle(h, context.tab)}${unreadCount(context, context.tab)}`);
    await waitFor(() => expect(Boolean(panel.queryByRole("status"))).toBe(s.matches("loading")));
    const alerts = () => panel.queryAllByRole("alert").map((a) => a.textContent ?? "");
    await waitFor(() =>
      expect(alerts().some((text) => text.includes(h.t("messageBox.loadFailed")))).toBe(s.matches("failed")),
    );
    expect(alerts().some((text) => text.includes(h.t("messageBox.readFailed")))).toBe(context.readFailure !== null);

    const expected = messagesOf(context, context.tab);
    const items = panel.queryAllByTestId("message-item");
    expect(items.map((item) => item.getAttribute("data-status"))).toEqual(expected.map((m) => String(m.status)));
    for (const [i, m] of expected.entries()) expect(items[i]?.textContent).toContain(titleOf(h, m.id));
    const waiting = context.messages.length === 0 && !s.matches("ready") && !s.matches("marking");
    const empty = panel.queryByText(h.t(`messageBox.empty.${context.tab}`));
    expect(Boolean(empty)).toBe(expected.length === 0 && !waiting);
    // The role switch sits in the box's footer.
    expect(panel.getByRole("radiogroup", { name: h.t("messageBox.role") })).toBeTruthy();
  },
  stop: (h) => h.cleanup(),
});
