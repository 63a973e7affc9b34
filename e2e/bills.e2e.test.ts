import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { merchantWithDepositAddress } from "./support/bills.ts";
import { button, gridRow, gridRowCount, rowButton, settled } from "./support/console.ts";
import { axeScan } from "./support/axe.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { payFromDevnet } from "./support/orders.ts";
import { recordShown } from "./support/shown-texts.ts";
import { withConsoleTab } from "./support/tab.ts";
import { switchTheme } from "./support/theme.ts";

/** The en-US labels of Application bills (locales/en-US.json, `bills`). */
const billLabel = {
  title: "Application bills",
  empty: "No bills yet",
  toApps: "Go to My applications",
  live: "Live",
  txHash: "Transaction hash",
  search: "Search",
  reset: "Reset",
  details: "Details",
  close: "Close",
  confirming: "Confirming",
  credited: "Credited",
  copyTxHash: "Copy the transaction hash",
  exportCsv: "Export CSV",
  columns: "Columns",
} as const;

/**
 * Application bills on the server's devnet (anvil, one block a second, 3 confirmations: e2e/global-setup.ts): a
 * customer's payment to a deposit address becomes a bill on the open page, its confirmations counting live over the
 * bills' event stream until it is credited; then the merchant finds it by its transaction hash.
 */
describe("Application bills", () => {
  const tab = withConsoleTab();
  const dataDir = inject("dataDir");

  it("shows a deposit arrive and confirm live, finds it by its transaction hash, opens its details and resets", async () => {
    const { page, baseUrl } = tab;
    const { appCode, address } = await merchantWithDepositAddress(page, baseUrl);

    await page.goto("/bill/list");
    await page.getByRole("heading", { name: billLabel.title, level: 1 }).waitFor();
    const empty = page.getByTestId("bills-empty");
    await empty.getByText(billLabel.empty).waitFor();
    await empty.getByRole("link", { name: billLabel.toApps }).waitFor();
    await page.getByTestId("bills-feed").getByText(billLabel.live, { exact: true }).waitFor();

    // The page stays open: the bill appears and counts its confirmations without a reload.
    const confirming = await recordShown(page, /[0-2] \/ 3 confirmations/);
    const confirmingState = await recordShown(page, new RegExp(billLabel.confirming));
    const first = await payFromDevnet(dataDir, address, "25");
    const table = page.getByTestId("bills-table");
    const firstRow = await gridRow(table, { has: page.getByTitle(first) }, 20_000);
    await firstRow.getByText(appCode).waitFor();
    await firstRow.getByText("25.00 USDT").first().waitFor();
    // Seen in a block and still confirming: n / 3, counting up in place, then credited.
    await confirming.inRow(await firstRow.first().getAttribute("data-row"));
    await confirmingState.inRow(await firstRow.first().getAttribute("data-row"));
    await firstRow.getByText(billLabel.credited, { exact: true }).waitFor({ timeout: 20_000 });

    const second = await payFromDevnet(dataDir, address, "7.5");
    const secondRow = await gridRow(table, { has: page.getByTitle(second) }, 20_000);
    await confirming.inRow(await secondRow.first().getAttribute("data-row"));
    await secondRow.getByText(billLabel.credited, { exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(() => gridRowCount(table, "bill")).toBe(2);

    // Found by its transaction hash: one row.
    const form = page.getByRole("form", { name: "Search bills" });
    await form.getByLabel(billLabel.txHash, { exact: true }).fill(first);
    await form.getByRole("button", { name: billLabel.search, exact: true }).click();
    await expect.poll(() => gridRowCount(table, "bill")).toBe(1);
    await firstRow.first().waitFor();

    // Exported as filtered: the file holds that bill alone, every column, as the row shows it.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: billLabel.exportCsv, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^application-bills-\d{4}-\d{2}-\d{2}-filtered\.csv$/);
    const exported = parse(await readFile(await download.path()), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    // Under the list's labels, the codes beside them, the amount a plain figure with its currency apart.
    expect(
      exported.map((row) => [
        row[billLabel.txHash],
        row["To address"],
        row.Amount,
        row.Currency,
        row.Status,
        row["Status (code)"],
        row["Application (code)"],
      ]),
    ).toEqual([[first, address, "25", "USDT", billLabel.credited, "credited", appCode]]);
    await page.getByTestId("bills-export").getByText(`Saved ${download.suggestedFilename()}`).waitFor();

    await firstRow.getByRole("button", { name: billLabel.details, exact: true }).click();
    const dialog = page.getByRole("dialog");
    const facts = dialog.getByTestId("bill-facts");
    await facts.waitFor();
    for (const text of [first, address, "Bills journey shop", "customer-42", "Devnet (31337)", "ERC-20"])
      expect(await facts.textContent()).toContain(text);
    await dialog.getByText(billLabel.credited, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: billLabel.copyTxHash }).waitFor();
    await dialog.getByRole("button", { name: billLabel.close, exact: true }).last().click();
    await dialog.waitFor({ state: "detached" });

    await button(page, billLabel.reset).click();
    await expect.poll(() => form.getByLabel(billLabel.txHash, { exact: true }).inputValue()).toBe("");
    await expect.poll(() => gridRowCount(table, "bill")).toBe(2);
  });
});

/**
 * The walk of every route (responsive.e2e.test.ts) sees this page empty: here it is audited with bills, and its
 * details dialog too, at every width and in the dark theme at the desktop widths.
 */
describe("Application bills with bills, at every width", () => {
  const tab = withConsoleTab();
  const dataDir = inject("dataDir");
  const widths = [375, 768, 1024, 1280, 1440, 1920];
  const darkWidths = [1920, 1440, 1280];

  async function audit(page: Page, where: string, sizes: number[]): Promise<string[]> {
    const failures: string[] = [];
    for (const width of sizes) {
      await page.setViewportSize({ width, height: width < 1024 ? 800 : 900 });
      await settled(page);
      const found = await auditLayout(page, { primaryMin: 44 });
      if (found.problems.length > 0) failures.push(describeAudit(`${where} at ${width} px`, found));
    }
    return failures;
  }

  it("neither the rows nor the details dialog scroll the page sideways, cut anything off or break a value", async () => {
    const { page, baseUrl } = tab;
    const { address } = await merchantWithDepositAddress(page, baseUrl);
    await page.goto("/bill/list");
    await page.getByRole("heading", { name: billLabel.title, level: 1 }).waitFor();
    const hash = await payFromDevnet(dataDir, address, "1234.5");
    const row = await gridRow(page.getByTestId("bills-table"), { has: page.getByTitle(hash) }, 20_000);
    await row.getByText(billLabel.credited, { exact: true }).waitFor({ timeout: 30_000 });

    const failures: string[] = [];
    for (const [theme, sizes] of [["light", widths] as const, ["dark", darkWidths] as const]) {
      await page.setViewportSize({ width: sizes[0] as number, height: 900 });
      await switchTheme(page, theme);
      failures.push(...(await audit(page, `/bill/list (${theme})`, sizes)));
      await rowButton(page, "bills", billLabel.details).click();
      await page.getByTestId("bill-facts").waitFor();
      failures.push(...(await audit(page, `/bill/list's details dialog (${theme})`, sizes)));
      await page.getByRole("dialog").getByRole("button", { name: billLabel.close, exact: true }).last().click();
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
    // The data grid to axe and by keyboard (dark, 1280 px): Tab reaches its focused cell (the Details cell, whose
    // button had the focus last), the arrows move it, Enter on the buttons' cell opens the bill's details.
    failures.push(...(await axeScan(page, "/bill/list with a bill (dark)")));
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    await button(page, billLabel.columns).focus();
    await page.keyboard.press("Tab");
    expect(await focusedId()).toBe("bills-cell-0-1");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(focusedId).toBe("bills-cell-0-0");
    await page.keyboard.press("ArrowRight");
    await expect.poll(focusedId).toBe("bills-cell-0-1");
    await page.keyboard.press("Enter");
    await page.getByTestId("bill-facts").waitFor();
    expect(failures.join("\n\n")).toBe("");
  }, 120_000);
});
