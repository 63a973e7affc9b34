import { expect, it } from "vitest";
import { waitForPath } from "./support/console.ts";
import { signedInMerchant } from "./support/orders.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

/**
 * The Currency list from the side menu: the devnet's test USDT is accepted for deposits, arriving after the
 * server's confirmations at the pace its blocks were measured at; its coin, ETH, is not accepted (it pays the
 * fees, a transfer of it is never credited) and has no arrival time; the chains not configured here say so; Copy puts
 * the token's contract on the clipboard.
 */
it("lists the devnet's currencies, only USDT accepted with its measured arrival, and the chains not configured here", async () => {
  const { page, baseUrl, context } = tab;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await signedInMerchant(page, baseUrl, "currencies");
  await page.getByRole("navigation").getByRole("link", { name: "Currency list" }).first().click();
  await waitForPath(page, "/currencybill/list");

  const table = page.getByTestId("currencies-table");
  const row = (name: string) => table.getByRole("row").filter({ hasText: name });
  await row("Test Tether USD").waitFor();
  const token = await row("Test Tether USD").textContent();
  expect(token).toContain("Accepted for deposits");
  expect(token).toContain("ERC-20");
  expect(token).toMatch(/About \d+(\.\d)? s \(3 confirmations\)/);
  const coin = await row("Devnet Ether").textContent();
  expect(coin).toMatch(/Main coin.*Devnet\s*ETH.*Not accepted for deposits.*Used for network fees only/);
  expect(coin).not.toMatch(/About \d/);
  for (const elsewhere of ["Ethereum", "BNB Chain", "TRON"]) {
    const text = await row(elsewhere).first().textContent();
    expect(text, elsewhere).toContain("Not configured here");
  }
  expect(await row("TRON").filter({ hasText: "Tether USD" }).textContent()).toContain("TRC-20");
  expect(await page.getByTestId("currencies-summary").textContent()).toBe(
    "1 currency is accepted for deposits here, on 1 chain.",
  );

  await row("Test Tether USD").getByRole("button", { name: "Copy the contract address of USDT on Devnet" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(await row("Test Tether USD").locator("td.currency-code span[title]").getAttribute("title")).toBe(copied);
  expect(copied).toMatch(/^0x[0-9a-fA-F]{40}$/);
});
