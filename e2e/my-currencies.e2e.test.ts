import { expect, it } from "vitest";
import { errCodes } from "../contracts/schemas/envelope.ts";
import { merchantWithDepositAddress } from "./support/bills.ts";
import { waitForPath } from "./support/console.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

/**
 * My currencies from the side menu, for a merchant on the trial (one currency allowed) whose system made a
 * deposit address already: the devnet's USDT is accepted by default; turned off, the open API refuses a new deposit
 * address (the one made before is still answered); turned on again, the address is refused only by the trial's wallet
 * limit, and the console home counts the one currency accepted. The devnet has one token, so the limit's refusal and
 * the upgrade it offers are proven by server/routes/my-currencies.test.ts and the myCurrencies model.
 */
it("turns the devnet's USDT off and on again; the open API refuses new deposit addresses while it is off", async () => {
  const { page, baseUrl } = tab;
  const { client, address } = await merchantWithDepositAddress(page, baseUrl, { tag: "my-currencies" });
  await page.goto("/console/index");
  await waitForPath(page, "/console/index");
  await page.getByRole("navigation").getByRole("link", { name: "My currencies" }).first().click();
  await waitForPath(page, "/myCurrencies/list");
  await page.getByRole("heading", { name: "My currencies", level: 1 }).waitFor();

  const summary = page.getByTestId("my-currencies-summary");
  const usdt = page.getByRole("switch", { name: "Accepted: USDT on Devnet" });
  // A person presses the switch's track or its label: Blueprint's input lies under them.
  const pressUsdt = () => usdt.locator("xpath=..").click();
  const row = page.getByTestId("myCurrencies-table").getByRole("row").filter({ hasText: "Test Tether USD" });
  await expect.poll(() => summary.textContent()).toBe("1 of 1 currency accepted");
  expect(await usdt.isChecked()).toBe(true);
  expect(await row.textContent()).toMatch(/Devnet.*0x[0-9a-fA-F]{4}….{4}.*ERC-20/);
  await page.getByTestId("my-currencies-default").waitFor();

  await pressUsdt();
  await expect.poll(() => summary.textContent()).toBe("0 of 1 currency accepted");
  expect(await usdt.isChecked()).toBe(false);
  expect(await usdt.isEnabled()).toBe(true);
  // The choice is the merchant's now: the default's line is gone.
  await page.getByTestId("my-currencies-default").waitFor({ state: "detached" });

  const refused = await client.createDepositAddress({ endUserId: "customer-43", chain: "Devnet" });
  expect(refused).toMatchObject({
    success: false,
    errCode: errCodes.openApiCurrencyOff,
    errMsg: "USDT on Devnet is turned off in My currencies: turn it on to create deposit addresses",
  });
  const madeBefore = await client.createDepositAddress({ endUserId: "customer-42", chain: "Devnet" });
  expect(madeBefore).toMatchObject({ success: true, resData: { address } });

  await pressUsdt();
  await expect.poll(() => summary.textContent()).toBe("1 of 1 currency accepted");
  expect(await usdt.isChecked()).toBe(true);
  // On again: what stands in the way now is the trial's one deposit address, no longer the currency.
  const limited = await client.createDepositAddress({ endUserId: "customer-43", chain: "Devnet" });
  expect(limited).toMatchObject({ success: false, errCode: errCodes.openApiWalletLimit });

  await page.getByRole("navigation").getByRole("link", { name: "Console" }).first().click();
  const currencies = page.getByTestId("usage-currencies");
  await expect
    .poll(() => currencies.textContent())
    .toBe(
      "Currencies accepted in My currencies1 of 1The coins and tokens you accept, turned on in My currencies; turn one off to accept another.",
    );
});
