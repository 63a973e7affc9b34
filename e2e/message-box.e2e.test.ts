import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInMerchant } from "./support/orders.ts";
import { withConsoleTab } from "./support/tab.ts";
import { storeTheme } from "./support/theme.ts";
import { axeOf } from "./support/axe.ts";

const tab = withConsoleTab();

/** The en-US texts of locales/en-US.json (messageBox.*) the journey reads and clicks. */
const text = {
  welcome: "Welcome to Merchant Console",
  firstApplication: "Create your first application",
  markRead: "Mark read",
  markAllRead: "Mark all read",
  todo: "Todo",
  user: "User",
  admin: "Administrator",
} as const;

const bell = (page: Page) => page.getByRole("button", { name: /^Messages, \d+ unread$/ });
const box = (page: Page) => page.getByRole("region", { name: "Messages", exact: true });
const unreadLabel = async (page: Page) => (await bell(page).getAttribute("aria-label")) ?? "";
const item = (page: Page, title: string) => box(page).getByTestId("message-item").filter({ hasText: title });

async function openBox(page: Page) {
  await bell(page).click();
  await box(page).waitFor({ state: "visible" });
  // Opening reloads the list; wait until it has answered.
  await box(page).getByRole("status").waitFor({ state: "detached" });
}

/** axe's serious and critical findings inside the open box. */
async function boxViolations(page: Page): Promise<string[]> {
  const { violations } = await axeOf(page).include(".message-box").analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join(", ")})`,
    );
}

/** Clicks and waits for the server's answer to message/read, so a reload cannot outrun the write. */
async function markAndWait(page: Page, click: () => Promise<void>) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/message/read");
  await click();
  const response = await answered;
  expect(await response.json()).toMatchObject({ success: true, resData: true });
}

describe("the message box", () => {
  it("shows the welcome message unread, marks it read, and it stays read after a reload", async () => {
    const { page, baseUrl } = tab;
    await signedInMerchant(page, baseUrl, "messages");

    // Registration wrote the welcome message, the first sign-in (Login/Login, as the form calls it) the todo.
    await expect.poll(() => unreadLabel(page), { timeout: 15_000 }).toBe("Messages, 2 unread");
    expect(await page.getByTestId("message-badge").textContent()).toBe("2");

    await openBox(page);
    expect(await boxViolations(page)).toEqual([]);
    const welcome = item(page, text.welcome);
    expect(await welcome.getAttribute("data-status")).toBe("0");
    await markAndWait(page, () => welcome.getByRole("button", { name: `${text.markRead}: ${text.welcome}` }).click());
    expect(await welcome.getAttribute("data-status")).toBe("1");
    await expect.poll(() => unreadLabel(page)).toBe("Messages, 1 unread");

    await page.reload();
    await expect.poll(() => unreadLabel(page), { timeout: 15_000 }).toBe("Messages, 1 unread");
    await openBox(page);
    expect(await item(page, text.welcome).getAttribute("data-status")).toBe("1");

    // The todo tab: mark all read, and after a reload nothing is unread.
    await box(page)
      .getByRole("tab", { name: new RegExp(`^${text.todo}`) })
      .click();
    expect(await item(page, text.firstApplication).getAttribute("data-status")).toBe("0");
    await markAndWait(page, () => box(page).getByRole("button", { name: text.markAllRead, exact: true }).click());
    await expect.poll(() => unreadLabel(page)).toBe("Messages, 0 unread");
    await page.reload();
    await expect.poll(() => unreadLabel(page), { timeout: 15_000 }).toBe("Messages, 0 unread");
    expect(await page.getByTestId("message-badge").count()).toBe(0);
  });

  it("switches the role to Administrator and back to User", async () => {
    const { page, baseUrl } = tab;
    await signedInMerchant(page, baseUrl, "role");

    await openBox(page);
    const currentRole = box(page).getByTestId("current-role");
    const roles = box(page).getByRole("radiogroup", { name: "Role" });
    expect(await currentRole.textContent()).toBe("Current role: No role");

    await roles.getByRole("radio", { name: text.admin }).click();
    await expect.poll(() => currentRole.textContent()).toBe(`Current role: ${text.admin}`);
    expect(await roles.getByRole("radio", { name: text.admin }).getAttribute("aria-checked")).toBe("true");

    await roles.getByRole("radio", { name: text.user }).click();
    await expect.poll(() => currentRole.textContent()).toBe(`Current role: ${text.user}`);
    expect(await roles.getByRole("radio", { name: text.user }).getAttribute("aria-checked")).toBe("true");

    // Dark theme, stored as the settings store it and loaded with the console's own dark styles (a class added by hand
    // showed the box with whatever dark rules an earlier page had left): the box stays readable (contrast) for axe too.
    await storeTheme(page, "dark");
    await page.reload();
    await page.waitForFunction(
      () =>
        document.documentElement.classList.contains("bp6-dark") &&
        [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].every((link) => link.sheet),
    );
    await openBox(page);
    // The role lives on the client only: chosen again, the box is scanned in the state it had before the reload.
    await roles.getByRole("radio", { name: text.user }).click();
    await expect.poll(() => currentRole.textContent()).toBe(`Current role: ${text.user}`);
    expect(await boxViolations(page)).toEqual([]);
  });
});
