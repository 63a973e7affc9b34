import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { depositAddressOf } from "./support/bills.ts";
import { startReceiver } from "./support/callbacks.ts";
import { button, gridRow, gridRowCount, settled } from "./support/console.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { payFromDevnet } from "./support/orders.ts";
import { giveSession, merchantSession } from "./support/session.ts";
import { withConsoleTab } from "./support/tab.ts";
import { switchTheme } from "./support/theme.ts";
import { axeOf } from "./support/axe.ts";

/** The en-US labels of Transaction callbacks (locales/en-US.json, `callbacks`). */
const callbackLabel = {
  title: "Transaction callbacks",
  empty: "No callbacks yet",
  toApps: "Go to My applications",
  openTest: "Send test event",
  testTitle: "Send a test event",
  application: "Application",
  withdraw: "Withdraw callback URL",
  send: "Send",
  accepted: "The receiver accepted the event",
  close: "Close",
  search: "Search",
  result: "Result",
  failed: "Failed",
  succeeded: "Succeeded",
  deposit: "Deposit credited",
  testEvent: "Test event",
  redeliver: "Redeliver",
  details: "Details",
  openRedeliverFailed: "Redeliver failed",
  since: "Events since",
  billCallbacks: "Callbacks of this bill",
  billNo: "Bill number",
} as const;

/** Axe's serious and critical findings, as e2e/accessibility.e2e.test.ts counts them. */
async function scanAxe(where: string, page: Page, failures: string[]) {
  await settled(page);
  const { violations } = await axeOf(page).analyze();
  for (const v of violations)
    if (v.impact === "serious" || v.impact === "critical") failures.push(`${where}: ${v.id} (${v.impact}) ${v.help}`);
}

/** The cells of the grid's rows that show `text` (a row's cells carry its key, `data-row`: gridRow gives its others). */
const cellsWith = (grid: Locator, text: string) => grid.locator("[data-row]").filter({ hasText: text });

/** The list is not live: Search asks for it again until `row` shows (a deposit's delivery is sent once it is credited). */
async function searchUntil(page: Page, row: ReturnType<Page["locator"]>, timeoutMs = 40_000) {
  const form = page.getByRole("form", { name: "Search callbacks" });
  await expect
    .poll(
      async () => {
        if ((await row.count()) > 0) return true;
        // Asks again and waits for the answer to be on screen (rather than for a second).
        const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/Callback/List");
        await form.getByRole("button", { name: callbackLabel.search, exact: true }).click();
        await answered;
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        return (await row.count()) > 0;
      },
      { timeout: timeoutMs, interval: 500 },
    )
    .toBe(true);
}

/**
 * A merchant with an application whose callbacks go to `callbacks` and a deposit address, made through the calls, its
 * session given to the tab, on Transaction callbacks (through the sign-in form, /login and the console home cost
 * Chromium ~0.5 CPU-s first).
 */
async function onCallbacks(
  { page, context, baseUrl }: { page: Page; context: BrowserContext; baseUrl: string },
  tag: string,
  callbacks: { rechargeCallbackUrl: string; withdrawCallbackUrl: string },
) {
  const session = await merchantSession(baseUrl, tag);
  const made = await depositAddressOf(baseUrl, session, callbacks);
  await giveSession(context, session);
  await page.goto("/callback/list");
  await page.getByRole("heading", { name: callbackLabel.title, level: 1 }).waitFor();
  return made;
}

/**
 * Transaction callbacks against the real delivery: the merchant's receiver runs on 127.0.0.1; a test event
 * sent from the page is answered at once; a deposit's event the receiver refuses (500) is listed failed, redelivered
 * once the receiver is fixed, and shown delivered; the bill's details lead to its callbacks.
 */
describe("Transaction callbacks", () => {
  const tab = withConsoleTab();
  const dataDir = inject("dataDir");
  let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;
  afterEach(async () => {
    await receiver?.close();
    receiver = null;
  });

  it("sends a test event, lists a refused deposit event, redelivers it and shows it delivered; a bill links to its callbacks", async () => {
    const { page } = tab;
    receiver = await startReceiver();
    const { appCode, address } = await onCallbacks(tab, "callbacks", receiver.callbacks);
    const empty = page.getByTestId("callbacks-empty");
    await empty.getByText(callbackLabel.empty).waitFor();
    await empty.getByRole("link", { name: callbackLabel.toApps }).waitFor();

    // A test event to the withdraw URL: the receiver's answer shows at once, and the receiver got it signed.
    await button(page, callbackLabel.openTest).click();
    const testDialog = page.getByRole("dialog", { name: callbackLabel.testTitle });
    await testDialog.getByLabel(callbackLabel.application, { exact: true }).selectOption(appCode);
    // The radio's label takes the click (Blueprint draws the indicator over the input).
    await testDialog.getByText(callbackLabel.withdraw, { exact: true }).click();
    expect(await testDialog.getByLabel(callbackLabel.withdraw, { exact: true }).isChecked()).toBe(true);
    await testDialog.getByRole("button", { name: callbackLabel.send, exact: true }).click();
    const testAnswer = testDialog.getByTestId("test-answer");
    await testAnswer.getByText(callbackLabel.accepted).waitFor({ timeout: 15_000 });
    expect(await testAnswer.getByTestId("test-answer-facts").textContent()).toContain("200");
    expect(await testAnswer.getByTestId("test-answer-body").textContent()).toBe('{"received":"callback.test"}');
    const test = receiver.received.find((r) => r.type === "callback.test");
    expect(test?.path).toBe("/callbacks/withdraw");
    expect(test?.headers["webhook-id"]).toBeTruthy();
    expect(test?.headers["webhook-signature"]).toMatch(/^v1,/);
    await testDialog.getByRole("button", { name: callbackLabel.close, exact: true }).first().click();
    await testDialog.waitFor({ state: "detached" });

    // The test attempt is listed (the list was asked for again), a row of the data grid.
    const table = page.getByTestId("callbacks-table");
    await gridRow(table, { hasText: callbackLabel.testEvent });

    // A deposit: its credit's event goes to the recharge URL, which answers 500 for now.
    await payFromDevnet(dataDir, address, "12");
    // Credited after 3 blocks, the event reaches the receiver: Search is pressed from then on (it was pressed every
    // 500 ms through the confirmations, a list call and the table drawn again each time).
    const deposited = () => receiver?.received.some((r) => r.type === "deposit.credited") ?? false;
    await expect.poll(deposited, { timeout: 40_000, interval: 200 }).toBe(true);
    // The receiver's status alone in its line: the test event's was 200.
    const refused = { has: page.getByText("500", { exact: true }) };
    await searchUntil(page, table.locator("[data-row]").filter(refused));
    const failedRow = await gridRow(table, refused);
    await failedRow.getByText(callbackLabel.deposit, { exact: true }).waitFor();
    await failedRow.getByText(callbackLabel.failed, { exact: true }).waitFor();
    expect(receiver.received.some((r) => r.type === "deposit.credited" && r.path === "/callbacks/recharge")).toBe(true);

    // Only failed attempts.
    const form = page.getByRole("form", { name: "Search callbacks" });
    await form.getByLabel(callbackLabel.result, { exact: true }).selectOption("failed");
    await form.getByRole("button", { name: callbackLabel.search, exact: true }).click();
    await expect.poll(() => cellsWith(table, callbackLabel.testEvent).count()).toBe(0);
    await failedRow.first().waitFor();

    // The receiver is fixed: Redeliver answers 200 at once, and the list shows the delivered attempt.
    receiver.answerDeposits(200);
    await failedRow.getByRole("button", { name: callbackLabel.redeliver, exact: true }).click();
    const redeliverDialog = page.getByRole("dialog", { name: "Redelivery" });
    await redeliverDialog
      .getByTestId("redeliver-answer")
      .getByText(callbackLabel.accepted)
      .waitFor({ timeout: 15_000 });
    expect(await redeliverDialog.getByTestId("redeliver-answer-facts").textContent()).toContain("200");
    await redeliverDialog.getByRole("button", { name: callbackLabel.close, exact: true }).first().click();
    await redeliverDialog.waitFor({ state: "detached" });
    await form.getByLabel(callbackLabel.result, { exact: true }).selectOption("success");
    await form.getByRole("button", { name: callbackLabel.search, exact: true }).click();
    // Only the deposit's attempt was redelivered.
    const delivered = await gridRow(table, { hasText: "redelivery" });
    await delivered.getByText(callbackLabel.deposit, { exact: true }).waitFor();
    await delivered.getByText(callbackLabel.succeeded, { exact: true }).waitFor();

    // The attempt's details: the signed request body whole.
    await delivered.getByRole("button", { name: callbackLabel.details, exact: true }).click();
    const details = page.getByRole("dialog");
    expect(await details.getByTestId("callback-request-body").textContent()).toContain('"type":"deposit.credited"');
    await details.getByRole("button", { name: callbackLabel.close, exact: true }).last().click();
    await details.waitFor({ state: "detached" });

    // Redeliver failed: the confirmation asks since when, then says how many were queued (none is failed now).
    await button(page, callbackLabel.openRedeliverFailed).click();
    const bulk = page.getByRole("dialog", { name: "Redeliver failed callbacks" });
    await bulk.getByLabel(callbackLabel.since, { exact: true }).fill("2020-01-01T00:00");
    await bulk.getByRole("button", { name: callbackLabel.redeliver, exact: true }).click();
    await bulk.getByTestId("redeliver-failed-queued").getByText("0 deliveries were queued again").waitFor();
    await bulk.getByRole("button", { name: callbackLabel.close, exact: true }).first().click();

    // The bill's notice status is success now; from its details to its callbacks: the filter holds the
    // bill, the test event is not among them.
    await page.goto("/bill/list");
    await page.getByTestId("bills-table").locator("[data-notice=success]").first().waitFor();
    await page.getByRole("button", { name: "Details", exact: true }).first().click();
    await page.getByRole("link", { name: callbackLabel.billCallbacks }).click();
    await page.getByRole("heading", { name: callbackLabel.title, level: 1 }).waitFor();
    expect(page.url()).toMatch(/\/callback\/list\?billNo=\d{8,24}$/);
    const billNo = new URL(page.url()).searchParams.get("billNo") ?? "";
    expect(await form.getByLabel(callbackLabel.billNo, { exact: true }).inputValue()).toBe(billNo);
    await cellsWith(table, callbackLabel.deposit).first().waitFor();
    expect(await cellsWith(table, callbackLabel.testEvent).count()).toBe(0);

    // Exported as the link filtered it: the bill's attempts alone, each as its row, the bodies whole.
    const shown = await gridRowCount(table, "callback");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV", exact: true }).click(),
    ]);
    const exported = parse(await readFile(await download.path()), { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    expect(exported).toHaveLength(shown);
    // Under the list's labels: the event as its cell reads (its bill under its name), its code beside.
    for (const row of exported) {
      expect(row.Event).toMatch(new RegExp(` · ${billNo}$`));
      expect(JSON.parse(row["Request body"] ?? "")).toMatchObject({ type: row["Event (code)"] });
    }
  }, 120_000);

  it("neither the rows nor the dialogs scroll the page sideways, cut anything off or fail axe, light and dark", async () => {
    const { page } = tab;
    receiver = await startReceiver();
    const { appCode } = await onCallbacks(tab, "callbacks-layout", receiver.callbacks);
    // The applications come with the list's first answer; the dialog offers them from then on.
    await page.getByTestId("callbacks-empty").waitFor();
    const failures: string[] = [];
    const audit = async (where: string, sizes: number[]) => {
      for (const width of sizes) {
        await page.setViewportSize({ width, height: width < 1024 ? 800 : 900 });
        await settled(page);
        const found = await auditLayout(page, { primaryMin: 44 });
        if (found.problems.length > 0) failures.push(describeAudit(`${where} at ${width} px`, found));
      }
    };
    // The confirmation of Redeliver failed, its time field refused empty.
    await button(page, callbackLabel.openRedeliverFailed).click();
    const bulk = page.getByRole("dialog", { name: "Redeliver failed callbacks" });
    await bulk.getByRole("button", { name: callbackLabel.redeliver, exact: true }).click();
    await bulk.getByText("This field is required").waitFor();
    await audit("/callback/list's Redeliver failed dialog", [375, 1920]);
    await scanAxe("/callback/list's Redeliver failed dialog", page, failures);
    await page.keyboard.press("Escape");
    await bulk.waitFor({ state: "detached" });

    await button(page, callbackLabel.openTest).click();
    const testDialog = page.getByRole("dialog", { name: callbackLabel.testTitle });
    await testDialog.getByRole("button", { name: callbackLabel.send, exact: true }).click();
    await testDialog.getByText("This field is required").waitFor();
    await audit("/callback/list's test dialog", [375, 1920]);
    await testDialog.getByLabel(callbackLabel.application, { exact: true }).selectOption(appCode);
    await testDialog.getByRole("button", { name: callbackLabel.send, exact: true }).click();
    await testDialog.getByTestId("test-answer").waitFor({ timeout: 15_000 });
    await audit("/callback/list's test answer", [375, 1920]);
    await scanAxe("/callback/list's test answer", page, failures);
    // The answer replaced the form and its Send button: the focus stays in the dialog, so Escape closes it.
    await page.keyboard.press("Escape");
    await testDialog.waitFor({ state: "detached" });
    const row = await gridRow(page.getByTestId("callbacks-table"), { hasText: callbackLabel.testEvent });
    for (const [theme, sizes] of [
      ["light", [375, 768, 1024, 1280, 1440, 1920]],
      ["dark", [1920, 1280]],
    ] as const) {
      await page.setViewportSize({ width: sizes[0], height: 900 });
      await switchTheme(page, theme);
      await audit(`/callback/list (${theme})`, [...sizes]);
      await scanAxe(`/callback/list (${theme})`, page, failures);
      await row.getByRole("button", { name: callbackLabel.details, exact: true }).click();
      await page.getByTestId("callback-facts").waitFor();
      await audit(`/callback/list's details dialog (${theme})`, [...sizes]);
      await scanAxe(`/callback/list's details dialog (${theme})`, page, failures);
      await page.getByRole("dialog").getByRole("button", { name: callbackLabel.close, exact: true }).last().click();
      await page.getByRole("dialog").waitFor({ state: "detached" });
    }
    // Every column shows at 1920 px without scrolling the grid's body.
    await page.setViewportSize({ width: 1920, height: 900 });
    await settled(page);
    const body = page.getByTestId("callbacks-table").locator("[data-scroll-x]");
    await expect.poll(() => body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    // The grid by keyboard: Tab from Columns reaches its focused cell (the buttons' cell, whose Details had the focus
    // last), the arrows move it, Enter on the buttons' cell goes to its first button, which opens the details.
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    await button(page, "Columns").focus();
    await page.keyboard.press("Tab");
    expect(await focusedId()).toBe("callbacks-cell-0-1");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(focusedId).toBe("callbacks-cell-0-0");
    await page.keyboard.press("ArrowRight");
    await expect.poll(focusedId).toBe("callbacks-cell-0-1");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.getByTestId("callback-facts").waitFor();
    expect(failures.join("\n\n")).toBe("");
  }, 120_000);
});
