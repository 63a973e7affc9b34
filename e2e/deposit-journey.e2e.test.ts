import { describe, expect, inject, it } from "vitest";
import { openApiClient } from "../examples/open-api-client.ts";
import { addApp, appLabel, trialMerchant, verifyWithMailedCode } from "./support/apps.ts";
import { gridRow } from "./support/console.ts";
import { payFromDevnet } from "./support/orders.ts";
import { recordShown } from "./support/shown-texts.ts";
import { withConsoleTab } from "./support/tab.ts";

/**
 * Issue 27's whole way, as a merchant and their developer go it on the server's devnet (anvil, a block a second, 3
 * confirmations: e2e/global-setup.ts): an application made on My applications, its credentials read off the page after
 * the e-mail code, a deposit address made for a customer by the examples/ client, a customer's payment with
 * what `npm run chain -- pay` sends, its bill counting confirmations live on Application bills, and the balance up once, on the
 * console home and through the open API, and still once when a second payment is credited blocks later.
 */
describe("from an application to a credited deposit", () => {
  const tab = withConsoleTab();
  const dataDir = inject("dataDir");

  it("credentials after the e-mail code, a deposit address from the example client, a payment: the bill confirms live and the balance rises once", async () => {
    const { page, baseUrl } = tab;
    const { email } = await trialMerchant(page, baseUrl, "deposit-journey");
    await page.goto("/app/list");
    await page.getByRole("heading", { name: appLabel.title, level: 1 }).waitFor();
    await addApp(page, "Deposit journey shop");
    const row = await gridRow(page.getByTestId("apps-table"), { hasText: "Deposit journey shop" });
    await row.getByText("Normal", { exact: true }).waitFor();

    // The developer copies AppKey and AppSecret from the credentials dialog.
    await row.getByRole("button", { name: appLabel.credentials, exact: true }).click();
    await verifyWithMailedCode(page, baseUrl, email);
    const dialog = page.getByRole("dialog");
    const appKey = ((await dialog.getByTestId("app-key").textContent()) ?? "").trim();
    const appSecret = ((await dialog.getByTestId("app-secret").textContent()) ?? "").trim();
    await dialog.getByRole("button", { name: appLabel.done, exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    const client = openApiClient({ baseUrl, appKey, appSecret });
    const created = await client.createDepositAddress({ endUserId: "customer-7", chain: "Devnet" });
    expect(created, JSON.stringify(created)).toMatchObject({ success: true });
    const address = created.resData.address;
    expect((await client.balance()).resData.balance).toBe("0");

    await page.getByRole("link", { name: "Application bills" }).first().click();
    await page.getByRole("heading", { name: "Application bills", level: 1 }).waitFor();
    const confirming = await recordShown(page, /[0-2] \/ 3 confirmations/);
    const hash = await payFromDevnet(dataDir, address, "12.34");
    const bill = await gridRow(page.getByTestId("bills-table"), { has: page.getByTitle(hash) }, 20_000);
    await confirming.inRow(await bill.first().getAttribute("data-row"));
    await bill.getByText("Credited", { exact: true }).waitFor({ timeout: 20_000 });

    await page.getByRole("link", { name: "Console" }).first().click();
    await page.getByTestId("console-balance").getByText("12.34 USDT").waitFor({ timeout: 10_000 });
    expect((await client.balance()).resData.balance).toBe("12.34");
    const bills = await client.listBills({});
    expect(bills.resData.items.map((b) => [b.txHash, b.status, b.amount, b.endUserId])).toEqual([
      [hash, "credited", "12.34", "customer-7"],
    ]);

    // The customer pays again: its credit, which the console home shows live, comes once the watcher has passed
    // every block since the first was credited, and the balance is both payments, the first counted once.
    const again = await payFromDevnet(dataDir, address, "1");
    await page.getByTestId("console-balance").getByText("13.34 USDT").waitFor({ timeout: 20_000 });
    expect((await client.balance()).resData.balance).toBe("13.34");
    const both = await client.listBills({});
    expect(both.resData.items.map((b) => [b.txHash, b.status, b.amount]).sort()).toEqual(
      [
        [hash, "credited", "12.34"],
        [again, "credited", "1"],
      ].sort(),
    );
  }, 120_000);
});
