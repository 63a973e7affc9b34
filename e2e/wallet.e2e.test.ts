import { readFileSync } from "node:fs";
import { join } from "node:path";
import { encodeFunctionData } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { routePaths } from "../src/app/route-names.ts";
import { Webhook } from "standardwebhooks";
import { openApiClient } from "../examples/open-api-client.ts";
import { trialMerchant } from "./support/apps.ts";
import { callAsMerchant, nextCode, outbox } from "./support/api.ts";
import { startReceiver } from "./support/callbacks.ts";
import { gridRow, sendCodeButton, stoppedMoving } from "./support/console.ts";
import { e2eCodeResendSeconds } from "./support/server.ts";
import { auditLayout, describeAudit } from "./support/layout-audit.ts";
import { payFromDevnet, signedInMerchant } from "./support/orders.ts";
import { withConsoleTab } from "./support/tab.ts";
import { erc20Abi } from "../server/chain/token-abi.ts";
import { devnetRpc } from "../server/testing/devnet-main.ts";

/**
 * Issue 41 in the console, on the server's devnet (destinations usable at once: e2e/global-setup.ts): a transfer of
 * 20 USDT to the payment address shown on My wallet recharges the balance; a destination is added to the address book
 * (and the merchant mailed); a withdrawal asked with the mailed code holds the amount and the fee and is listed, and
 * the sender pays it from the treasury (the devnet's treasury holds the operator's float from its first start: its
 * books cover withdrawals before any sweep). Transaction records, open all along and never reloaded, show the
 * withdrawal's record sent and paid with its confirmations; the destination holds the amount on chain; the balance fell
 * by amount and fee; Recharge bills show the recharge still at the payment address (this server sweeps an address once
 * it holds 100 USDT: server/chain/main-devnet-deposit.process.test.ts and the collection tests prove the sweep).
 * Then a payment link made in the console is paid from the devnet and refunded in part to that destination.
 */
/** The page as it is now, audited at a phone's width and a desktop's (the layout audit: nothing cut off or too small). */
async function fitsPhoneAndDesktop(page: Page, what: string) {
  for (const size of [
    { width: 375, height: 740 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await stoppedMoving(page);
    const audit = await auditLayout(page, { primaryMin: 44 });
    expect(audit.problems.length > 0 ? describeAudit(`${what} at ${size.width} px`, audit) : "").toBe("");
  }
}

/*
 * The second journey: an application's withdrawal (the open API, signed with its keys) above its auto-approve limit
 * waits in My wallet; the merchant approves it with the mailed code in a dialog that fits a phone and a desktop, and
 * the withdraw callback URL hears it waiting and then approved, each verified with the `standardwebhooks` library.
 */
describe("My wallet", () => {
  const tab = withConsoleTab();
  const dataDir = inject("dataDir");

  it("recharges through the payment address, adds a destination, and withdraws to it with the mailed code: the record follows it live to paid, the destination holds it on chain", async () => {
    const { page, baseUrl } = tab;
    const email = await signedInMerchant(page, baseUrl, "wallet-journey");
    await page.getByRole("link", { name: "My wallet" }).first().click();
    await page.getByRole("heading", { name: "My wallet", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(routePaths.wallet);
    const paymentAddress = ((await page.getByTestId("wallet-payment-value").textContent()) ?? "").trim();
    expect(paymentAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // My wallet is live: the recharge shows on the open page once credited, never reloaded nor refreshed.
    await page.getByTestId("withdrawals-feed").getByText("Live").waitFor();
    await payFromDevnet(dataDir, paymentAddress, "20");
    const available = page.getByTestId("wallet-available");
    await expect.poll(() => available.textContent(), { timeout: 30_000, interval: 250 }).toBe("20.00 USDT");

    // A destination outside the service, added and usable at once on this test server.
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    await page.getByRole("button", { name: "Add address" }).click();
    const add = page.getByRole("dialog");
    await add.getByLabel("Address (checksummed)").fill(destination);
    await add.getByLabel("Label").fill("Cold wallet");
    // Adding a destination takes the code mailed for it, as a withdrawal does.
    const beforeAdd = (await outbox(baseUrl, email)).length;
    await sendCodeButton(add).click();
    await add.getByLabel("Verification code").fill(await nextCode(baseUrl, email, beforeAdd));
    await add.getByRole("button", { name: "Add", exact: true }).click();
    await add.waitFor({ state: "detached" });
    const entry = page.getByTestId("wallet-destination").filter({ hasText: destination });
    await entry.getByText("Usable", { exact: true }).waitFor();
    expect((await outbox(baseUrl, email)).some((m) => m.subject.includes("withdrawal address"))).toBe(true);

    await page.getByRole("button", { name: "Withdraw", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Amount (USDT)").fill("5");
    await expect.poll(() => dialog.getByTestId("wallet-preview").textContent()).toContain("6.00 USDT");
    // The dialog fits a phone too: destination, amount with All, the preview, the code (the walk cannot open it: its
    // merchant has no usable destination).
    for (const size of [
      { width: 375, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await stoppedMoving(page);
      const audit = await auditLayout(page, { primaryMin: 44 });
      expect(audit.problems.length > 0 ? describeAudit(`the withdrawal dialog at ${size.width} px`, audit) : "").toBe(
        "",
      );
    }
    const seen = (await outbox(baseUrl, email)).length;
    // The console's withdrawal code sender counts down the wait after the destination's code (CODE_RESEND_SECONDS).
    await sendCodeButton(dialog).click();
    await dialog.getByLabel("Verification code").fill(await nextCode(baseUrl, email, seen));
    await dialog.getByRole("button", { name: "Confirm withdrawal" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("wallet-held").getByText("6.00 USDT").waitFor();
    expect(await available.textContent()).toBe("14.00 USDT");
    // The withdrawals list, asked for again with the wallet, shows it.
    const row = page.getByTestId("withdrawals-table").getByRole("row").filter({ hasText: "5.00 USDT" });
    await row.waitFor();

    // Transaction records, opened while the withdrawal waits for the sender: its record follows it live,
    // sent, counting its confirmations and paid, in the details dialog held open (never reloaded).
    await page.getByRole("link", { name: "Transaction records" }).first().click();
    await page.getByRole("heading", { name: "Transaction records", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(routePaths.transactions);
    await page.getByTestId("transactions-feed").getByText("Live").waitFor();
    const records = page.getByTestId("transactions-table");
    const recharged = await gridRow(records, { hasText: "+20.00 USDT" });
    await recharged.getByText("Recharge", { exact: true }).waitFor();
    const held = await gridRow(records, { hasText: "-6.00 USDT" });
    await held.getByText("Withdrawal (with its fee)").waitFor();
    await held.getByRole("button", { name: "Details" }).click();
    const lines = page.getByRole("dialog").getByTestId("transaction-lines");
    await expect
      .poll(() => lines.getByRole("row").allTextContents())
      .toEqual(["AccountAmount", "Your balance-6.00 USDT", "The withdrawal+6.00 USDT"]);
    const recordFacts = page.getByRole("dialog").getByTestId("transaction-facts");
    // Each state it passes through, as the stream brings it; the sender runs every 10 s, so "Sent to the chain" lasts.
    const states = ["Requested", "Waiting: the treasury does not cover it yet", "Signed", "Sent to the chain", "Paid"];
    const heard: string[] = [];
    await expect
      .poll(
        async () => {
          const text = (await recordFacts.textContent()) ?? "";
          const state = states.find((name) => text.includes(name));
          if (state && heard.at(-1) !== state) heard.push(state);
          return text.includes("Paid") && text.includes("3 / 3");
        },
        // The sender (every 10 s), 3 confirmations, the sender again.
        { timeout: 60_000, interval: 250 },
      )
      .toBe(true);
    expect(heard.slice(-2), heard.join(" → ")).toEqual(["Sent to the chain", "Paid"]);
    const paidHash = /0x[0-9a-f]{64}/.exec((await recordFacts.textContent()) ?? "")?.[0];
    expect(paidHash).toBeTruthy();
    await fitsPhoneAndDesktop(page, "a transaction record's details");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).last().click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // On chain, the destination holds exactly the amount; the balance fell by the amount and the fee.
    const { token } = JSON.parse(readFileSync(join(dataDir, "devnet", "devnet.json"), "utf8")) as {
      token: { address: string };
    };
    const held5 = await devnetRpc(dataDir, "eth_call", [
      {
        to: token.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [destination] }),
      },
      "latest",
    ]);
    expect(BigInt(held5 as string)).toBe(5_000_000n);
    await page.getByRole("link", { name: "My wallet" }).first().click();
    await page.getByTestId("wallet-available").getByText("14.00 USDT").waitFor();
    await page
      .getByTestId("withdrawals-table")
      .getByRole("row")
      .filter({ hasText: "5.00 USDT" })
      .getByText("Paid")
      .waitFor();

    // The recharge is a recharge bill: why it was credited, how much, and every field behind Details.
    await page.getByRole("link", { name: "Recharge bills" }).first().click();
    await page.getByRole("heading", { name: "Recharge bills", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(routePaths.rechargeBill);
    const recharge = page.getByTestId("recharges-table").getByRole("row").filter({ hasText: "20.00 USDT" });
    await recharge.getByText("Recharge", { exact: true }).waitFor();
    await recharge.getByRole("button", { name: "Details" }).click();
    const facts = page.getByRole("dialog").getByTestId("recharge-facts");
    await expect.poll(() => facts.textContent()).toContain(paymentAddress);
    // The payment address is the merchant's own forwarder: swept into the treasury once its recharges pass the
    // collection threshold (100 USDT on this server), so 20 USDT waits there.
    expect(await facts.textContent()).toContain("Not collected yet: it is at the payment address");
    // With a row in it (the responsive walk's merchant has none), the details and the list fit a phone and a desktop.
    await fitsPhoneAndDesktop(page, "a recharge's details");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).last().click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await fitsPhoneAndDesktop(page, "Recharge bills");
    // Invoices, beside Recharge bills in the menu: none yet, and how they arrive (the open API).
    await page.getByRole("link", { name: "Invoices" }).first().click();
    await page.getByRole("heading", { name: "Invoices", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(routePaths.invoice);
    await page.getByTestId("invoices-empty").getByText("No invoices yet").waitFor();

    // A payment link made on a phone, without a developer: a trial package and an application first, then the link's
    // QR code and URL; its checkout page, paid from the devnet, turns paid.
    const session = (await page.evaluate(() => localStorage.getItem("token"))) ?? "";
    const packages = await callAsMerchant<Array<{ id: string; code: string }>>(baseUrl, session, "/api/Package/List");
    await callAsMerchant(baseUrl, session, "/api/Order/Create", {
      packageId: packages.find((p) => p.code === "trial")?.id,
    });
    await callAsMerchant(baseUrl, session, "/api/App/Add", {
      name: "Link shop",
      address: "https://shop.example.com",
      rechargeCallbackUrl: "https://shop.example.com/callbacks/recharge",
      withdrawCallbackUrl: "https://shop.example.com/callbacks/withdraw",
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await page.getByRole("button", { name: "Create a payment link" }).click();
    const linkForm = page.getByRole("dialog", { name: "Create a payment link" });
    await expect.poll(() => linkForm.getByLabel("Application").textContent()).toContain("Link shop");
    await linkForm.getByLabel("Amount (USDT)").fill("2.5");
    await linkForm.getByLabel("Description (the customer sees it)").fill("A mug");
    await linkForm.getByRole("button", { name: "Create the link" }).click();
    const made = page.getByRole("dialog", { name: "Payment link ready" });
    const checkoutUrl = (await made.getByTestId("payment-link-qr").getAttribute("data-value")) ?? "";
    expect(checkoutUrl).toMatch(new RegExp(`^${baseUrl}/pay/[A-Za-z0-9_-]{22}$`));
    expect(await made.textContent()).toContain(checkoutUrl);
    expect(await made.getByRole("button", { name: "Open the checkout page" }).getAttribute("href")).toBe(checkoutUrl);
    await made.getByRole("button", { name: "Close" }).last().click();
    await made.waitFor({ state: "detached" });
    // The list, asked for again, shows it (a card on a phone).
    const linkInvoiceId = new URL(checkoutUrl).pathname.split("/").at(-1);
    await page.getByTestId(`invoice-card-${linkInvoiceId}`).getByText("2.50 USDT").first().waitFor();
    await page.goto(checkoutUrl);
    await page.getByText("Waiting for your payment").waitFor();
    const linkAddress = ((await page.getByTestId("checkout-address").textContent()) ?? "").trim();
    await payFromDevnet(dataDir, linkAddress, "2.5");
    await page.getByText("Paid. Thank you!").waitFor({ timeout: 30_000 });

    // Refunded in part from the invoice's details, to the destination above, with the mailed code: the dialog shows
    // the chain's fee and what leaves the balance, and no authenticator field (two-factor is off for this merchant).
    await page.goto(routePaths.invoice);
    const card = page.getByTestId(`invoice-card-${linkInvoiceId}`);
    await card.getByText("Paid", { exact: true }).first().waitFor({ timeout: 15_000 });
    await card.getByRole("button", { name: "Details" }).click();
    const invoiceDetails = page.getByRole("dialog", { name: /^Invoice for order/ });
    await invoiceDetails.getByRole("button", { name: "Refund", exact: true }).click();
    const refund = page.getByRole("dialog", { name: /^Refund order/ });
    await refund.getByLabel("Customer's address (from your address book)").fill(destination);
    await refund.getByLabel("Amount (USDT)").fill("1");
    const refundPreview = refund.getByTestId("invoice-refund-preview");
    await expect.poll(() => refundPreview.textContent()).toContain("2.00 USDT");
    expect(await refundPreview.textContent()).toContain("Fee1.00 USDT");
    expect(await refund.getByTestId("invoice-refund-unknown").count()).toBe(0);
    expect(await refund.getByLabel("Authenticator code").count()).toBe(0);
    await fitsPhoneAndDesktop(page, "the refund dialog");
    const beforeRefund = (await outbox(baseUrl, email)).length;
    await sendCodeButton(refund).click();
    await refund.getByLabel("Verification code").fill(await nextCode(baseUrl, email, beforeRefund));
    await refund.getByRole("button", { name: "Refund", exact: true }).click();
    await refund.waitFor({ state: "detached" });
    // Listed on the invoice, and on My wallet as a withdrawal that took its amount and fee from the balance.
    await invoiceDetails.getByTestId("invoice-refunds").getByText("1.00 USDT").waitFor();
    await invoiceDetails.getByRole("button", { name: "Close" }).last().click();
    await page.getByRole("link", { name: "My wallet" }).first().click();
    // (The withdrawal of 5 above shows a fee of 1.00 too.)
    await page
      .getByTestId("withdrawals-table")
      .getByRole("row")
      .filter({ hasText: "1.00 USDT", hasNotText: "5.00 USDT" })
      .waitFor();
    await expect.poll(() => page.getByTestId("wallet-available").textContent(), { timeout: 10_000 }).toBe("14.50 USDT");
  }, 300_000);

  it("an application's withdrawal above its auto-approve limit waits for the merchant, is approved with the mailed code, and each change reaches the withdraw callback URL, signed", async () => {
    const { page, baseUrl } = tab;
    const { email, token } = await trialMerchant(page, baseUrl, "wallet-approval");
    const receiver = await startReceiver();
    receiver.answerDeposits(200);
    try {
      const app = await callAsMerchant<{ appCode: string }>(baseUrl, token, "/api/App/Add", {
        name: "Approval shop",
        address: "https://shop.example.com",
        ...receiver.callbacks,
        withdrawAutoApproveLimit: "5",
      });
      let seen = (await outbox(baseUrl, email)).length;
      await callAsMerchant(baseUrl, token, "/api/User/SentVerificationCode", { email, type: "application" });
      const code = await nextCode(baseUrl, email, seen);
      const checked = await callAsMerchant<{ proof: string }>(baseUrl, token, "/api/Register/CheckCaptchaCode", {
        email,
        code,
        type: "application",
        appCode: app.appCode,
        action: "credentials",
      });
      const keys = await callAsMerchant<{ appKey: string; appSecret: string; webhookSecret: string }>(
        baseUrl,
        token,
        "/api/App/Credentials",
        { appCode: app.appCode, proof: checked.proof },
      );
      // A recharge to the merchant's payment address pays for it.
      const recharge = await callAsMerchant<{ address: string }>(
        baseUrl,
        token,
        "/api/wallet/DevnetClient/GetUserWallet",
        {},
      );
      await payFromDevnet(dataDir, recharge.address, "20");
      await expect
        .poll(
          async () => (await callAsMerchant<{ available: string }>(baseUrl, token, "/api/Wallet/Overview")).available,
          {
            timeout: 30_000,
            interval: 500,
          },
        )
        .toBe("20");
      // The open API pays only destinations of the address book (usable at once on this test server): added with
      // the mailed code.
      const to = privateKeyToAccount(generatePrivateKey()).address;
      seen = (await outbox(baseUrl, email)).length;
      await callAsMerchant(baseUrl, token, "/api/User/SentVerificationCode", { email, type: "withdrawal" });
      const apiCodeAt = Date.now();
      await callAsMerchant(baseUrl, token, "/api/Wallet/AddAddress", {
        chain: "Devnet",
        address: to,
        label: "Payouts",
        code: await nextCode(baseUrl, email, seen),
      });
      const client = openApiClient({ baseUrl, appKey: keys.appKey, appSecret: keys.appSecret });
      const asked = await client.createWithdrawal({ chain: "Devnet", to, amount: "8" });
      expect(asked.resData).toMatchObject({ status: "awaitingApproval", amount: "8" });

      await page.goto(routePaths.wallet);
      const row = page.getByTestId("withdrawals-table").getByRole("row").filter({ hasText: "8.00 USDT" });
      await row.getByText("Awaiting approval", { exact: true }).waitFor();
      await row.getByRole("button", { name: "Approve", exact: true }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("withdrawal-approve-what").waitFor();
      expect(await dialog.getByTestId("withdrawal-approve-what").textContent()).toContain("8.00 USDT");
      await fitsPhoneAndDesktop(page, "the approval dialog");
      seen = (await outbox(baseUrl, email)).length;
      // The code above was asked outside this console, whose sender does not know to count down: wait out the server's
      // wait between one requester's codes (CODE_RESEND_SECONDS) before pressing.
      await page.waitForTimeout(Math.max(0, apiCodeAt + (e2eCodeResendSeconds + 1) * 1000 - Date.now()));
      await sendCodeButton(dialog).click();
      await dialog.getByLabel("Verification code").fill(await nextCode(baseUrl, email, seen));
      await dialog.getByRole("button", { name: "Approve and send" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => row.getByText("Awaiting approval", { exact: true }).count()).toBe(0);
      // My wallet, open and never reloaded, follows it live to paid: each step as the server takes it.
      await page.getByTestId("withdrawals-feed").getByText("Live").waitFor();
      const steps = ["Requested", "Waiting: the treasury", "Signed", "Sent to the chain", "Confirming", "Paid"];
      const heard: string[] = [];
      await expect
        .poll(
          async () => {
            const text = (await row.textContent()) ?? "";
            const step = steps.findLast((name) => text.includes(name));
            if (step && heard.at(-1) !== step) heard.push(step);
            return step;
          },
          // The sender (every 10 s), 3 confirmations, the sender again.
          { timeout: 60_000, interval: 250 },
        )
        .toBe("Paid");
      expect(heard, heard.join(" → ")).toContain("Sent to the chain");
      // Its hold left the figures with it.
      await expect.poll(() => page.getByTestId("wallet-held").textContent()).toBe("0.00 USDT");

      // Told at the withdraw callback URL: waiting, then approved (requested); each verified as a receiver would.
      const told = () => receiver.received.filter((r) => r.path === "/callbacks/withdraw").map((r) => r.type);
      await expect
        .poll(told, { timeout: 15_000 })
        .toEqual(expect.arrayContaining(["withdrawal.awaitingApproval", "withdrawal.requested"]));
      for (const sent of receiver.received.filter((r) => r.path === "/callbacks/withdraw")) {
        const headers = Object.fromEntries(Object.entries(sent.headers).map(([k, v]) => [k, String(v)]));
        const event = new Webhook(keys.webhookSecret).verify(sent.body, headers) as { data: { id: string } };
        expect(event.data.id).toBe(asked.resData.id);
      }
    } finally {
      await receiver.close();
    }
  }, 210_000);
});
