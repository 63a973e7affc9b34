import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { callAsMerchant, nextCode, outbox } from "./support/api.ts";
import { addApp, appLabel, longUrl, trialMerchant, verifyWithMailedCode } from "./support/apps.ts";
import { button, gridRow, label, sendCodeButton, stoppedMoving } from "./support/console.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { withConsoleTab } from "./support/tab.ts";

describe("My applications", () => {
  const tab = withConsoleTab();

  it("creates an application, shows its credentials after the e-mail code, edits it without another, asks a fresh code to show or rotate the secret again, stops and enables it, and names the limit", async () => {
    const { page, baseUrl } = tab;
    const { email } = await trialMerchant(page, baseUrl, "apps");
    await page.goto("/app/list");
    await page.getByRole("heading", { name: appLabel.title, level: 1 }).waitFor();
    await page.getByText("You have no applications yet", { exact: false }).waitFor();
    await page.getByTestId("apps-plan").getByText("0 of 1 applications your package allows").waitFor();

    await addApp(page, "Journey shop");
    await page.locator(".bp6-toast").filter({ hasText: "Application created" }).first().waitFor();
    // A row of the data grid: its cells, which stay the row's after the rename (they carry its code).
    const row = await gridRow(page.getByTestId("apps-table"), { hasText: "Journey shop" });
    await row.getByText("Normal", { exact: true }).waitFor();

    await row.getByRole("button", { name: appLabel.credentials, exact: true }).click();
    await verifyWithMailedCode(page, baseUrl, email);
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("app-key").waitFor();
    await dialog.getByText("Important data, avoid leaking").waitFor();
    expect(await dialog.getByRole("button", { name: "Copy AppKey" }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "Copy AppSecret" }).count()).toBe(1);
    expect(((await dialog.getByTestId("app-secret").textContent()) ?? "").length).toBeGreaterThan(16);
    // The secrets fit, copy buttons and all, on a phone and a wide screen (the webhook secret once went a character a
    // line, its copy button cut off, behind its hint's width): the dialog as loaded, then widened.
    const problems: string[] = [];
    for (const size of [
      { width: 375, height: 740 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await stoppedMoving(page);
      const audit = await auditLayout(page, { primaryMin: 44 });
      if (audit.problems.length > 0) problems.push(describeAudit(`the credentials dialog at ${size.width} px`, audit));
    }
    expect(problems.join("\n\n")).toBe("");
    await dialog.getByRole("button", { name: appLabel.done, exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // Inside the verified window: an edit goes straight through, no code field and no countdown.
    const codesMailed = (await outbox(baseUrl, email)).length;
    await row.getByRole("button", { name: appLabel.edit, exact: true }).click();
    await dialog.getByLabel(appLabel.name, { exact: true }).waitFor();
    expect(await dialog.getByLabel(label.code, { exact: true }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: label.sendCode }).count()).toBe(0);
    await dialog.getByLabel(appLabel.name, { exact: true }).fill("Journey shop renamed");
    await dialog.getByRole("button", { name: appLabel.save, exact: true }).click();
    await page.locator(".bp6-toast").filter({ hasText: "Edit success" }).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Journey shop renamed", { exact: true }).waitFor();
    expect((await outbox(baseUrl, email)).length).toBe(codesMailed);
    // The secret is never inside it: the credentials, and a rotation, ask for a fresh code each time.
    for (const action of [appLabel.credentials, appLabel.rotate]) {
      await row.getByRole("button", { name: action, exact: true }).click();
      await dialog.getByLabel(label.code, { exact: true }).waitFor();
      expect(await dialog.getByTestId("app-secret").count()).toBe(0);
      await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
      await dialog.waitFor({ state: "detached" });
    }

    await row.getByRole("button", { name: appLabel.stop, exact: true }).click();
    await row.getByText("Stopped", { exact: true }).waitFor();
    await row.getByRole("button", { name: appLabel.enable, exact: true }).click();
    await row.getByText("Normal", { exact: true }).waitFor();

    // The grid by keyboard: Tab from Columns reaches its focused cell (the buttons' cell, whose Enable had the focus
    // last), the arrows move it, Enter on the buttons' cell goes to its first button, Edit (pressing none), and Enter
    // there opens the edit.
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    await button(page, "Columns").focus();
    await page.keyboard.press("Tab");
    expect(await focusedId()).toBe("apps-cell-0-1");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(focusedId).toBe("apps-cell-0-0");
    await page.keyboard.press("ArrowRight");
    await expect.poll(focusedId).toBe("apps-cell-0-1");
    await page.keyboard.press("Enter");
    const edit = row.getByRole("button", { name: appLabel.edit, exact: true });
    await expect.poll(() => edit.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await dialog.count()).toBe(0);
    await page.keyboard.press("Enter");
    await dialog.getByLabel(appLabel.name, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // The trial allows one application: the page names the limit; adding another is refused, with the way to the packages.
    await page.getByTestId("apps-plan").getByText("1 of 1 applications your package allows").waitFor();
    await addApp(page, "One too many");
    await page.locator(".bp6-toast").filter({ hasText: "Your package allows no more applications" }).first().waitFor();
    await page.getByRole("dialog").getByRole("link", { name: "See the packages" }).waitFor();
  });

  it("rotates the secret with an hour's grace and shows when the old one stops working", async () => {
    const { page, baseUrl } = tab;
    const { email, token } = await trialMerchant(page, baseUrl, "rotate");
    await page.goto("/app/list");
    await page.getByRole("heading", { name: appLabel.title, level: 1 }).waitFor();
    await callAsMerchant(baseUrl, token, "/api/App/Add", {
      name: "Rotating shop",
      address: "https://shop.example.com",
      rechargeCallbackUrl: longUrl("recharge"),
      withdrawCallbackUrl: longUrl("withdraw"),
    });
    await page.reload();
    const row = await gridRow(page.getByTestId("apps-table"), { hasText: "Rotating shop" });

    await row.getByRole("button", { name: appLabel.rotate, exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Old secret keeps working").selectOption("1h");
    await verifyWithMailedCode(page, baseUrl, email);
    const until = dialog.getByTestId("app-previous-secret");
    await until.waitFor();
    expect(await until.textContent()).toMatch(/^The old secret works until \S/);
    await dialog.getByTestId("app-secret").waitFor();
  });

  // Issue 68, item 11: "Verification success", "code sent" or "Copied" over the AppKey a merchant is copying.
  it("at 375 px, no toast covers the credentials just revealed, nor after a copy", async () => {
    const { page, context, baseUrl } = tab;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    const { email, token } = await trialMerchant(page, baseUrl, "toasts");
    await callAsMerchant(baseUrl, token, "/api/App/Add", {
      name: "Phone shop",
      address: "https://shop.example.com",
      rechargeCallbackUrl: longUrl("recharge"),
      withdrawCallbackUrl: longUrl("withdraw"),
    });
    await page.goto("/app/list");
    const row = await gridRow(page.getByTestId("apps-table"), { hasText: "Phone shop" });
    await row.getByRole("button", { name: appLabel.credentials, exact: true }).click();
    const dialog = page.getByRole("dialog");
    const seen = (await outbox(baseUrl, email)).length;
    await sendCodeButton(dialog).click();
    await dialog.getByLabel(label.code, { exact: true }).fill(await nextCode(baseUrl, email, seen));
    await page.setViewportSize({ width: 375, height: 740 });
    await dialog.getByRole("button", { name: appLabel.verify, exact: true }).click();
    await dialog.getByTestId("app-key").waitFor();
    // Those on screen at the reveal go at once; Blueprint's toaster takes 350 ms to take one off the page.
    await page.waitForTimeout(400);

    const covering: string[] = [];
    const look = async () => {
      covering.push(...(await toastsOver(page, "[data-testid=app-credentials]")));
      await page.waitForTimeout(150);
    };
    for (let i = 0; i < 6; i++) await look();
    await dialog.getByRole("button", { name: "Copy AppKey" }).click();
    for (let i = 0; i < 6; i++) await look();
    expect([...new Set(covering)]).toEqual([]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await dialog.getByTestId("app-key").textContent(),
    );
  });
});

/** The toasts on screen (not leaving) whose box overlaps the element's. */
function toastsOver(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((target) => {
    const box = document.querySelector(target)?.getBoundingClientRect();
    if (!box) return [];
    return [...document.querySelectorAll<HTMLElement>(".bp6-toast:not([class*=exit])")].flatMap((toast) => {
      const r = toast.getBoundingClientRect();
      const overlaps =
        r.width > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
      return overlaps ? [toast.textContent ?? ""] : [];
    });
  }, selector);
}
