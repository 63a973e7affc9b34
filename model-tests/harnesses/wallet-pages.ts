import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { WithdrawalAddressList } from "../../contracts/schemas/wallet.ts";
import { emptyKeysetPage } from "../../machines/lists/keyset-test-support.ts";
import type { WalletData } from "../../machines/wallet/wallet-page.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatUsdt } from "../../src/i18n/format.ts";
import { type Answers, type ControlledCalls, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { devnetChain, paymentAddress } from "../models/wallet-fixtures.ts";
import { signedInAnswers } from "./signed-in.ts";

export type WalletHarness = ConsoleHarness & { fake: ReturnType<typeof createControlledApi> };

/** The wallet's calls answered at once with `data` (the dialogs' paths: the page itself is walletPage's model). */
export const walletAnswers = (data: () => WalletData): Answers => ({
  "wallet.walletOverview": async () => data().overview,
  "wallet.addresses": async () => data().book,
  "currencies.list": async () => [devnetChain],
  "wallet.userWallet": async () => paymentAddress,
  // The withdrawals' list (the list model walks it): none here.
  "wallet.withdrawals": async (request = {}) => emptyKeysetPage(request.pageSize),
  // The wallet's live stream (the transaction records'): silent here.
  "transactions.watch": () => () => {},
});

/** My wallet of the sample merchant, `controlled` calls answered by the path, the rest by `answers`. */
export async function renderWallet(controlled: ControlledCalls, answers: Answers): Promise<WalletHarness> {
  const fake = createControlledApi(controlled, { ...signedInAnswers, ...answers });
  const h = await renderConsole({
    url: "/wallet/list",
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
  });
  // A lazily loaded route: its chunk may take more than a second while other work shares the cores.
  await screen.findByRole("heading", { name: h.t("wallet.title") }, { timeout: 5000 });
  return Object.assign(h, { fake });
}

/** A book the page's addresses call answers once the path says what the wallet is (see wallet-page's harness). */
export function heldBooks() {
  const waiting: Array<(book: WithdrawalAddressList) => void> = [];
  return {
    answer: () => new Promise<WithdrawalAddressList>((resolve) => waiting.push(resolve)),
    release(book: WithdrawalAddressList) {
      for (const resolve of waiting.splice(0)) resolve(book);
    },
  };
}

/** The page shows `data`: the figures, the payment address, the book, and Withdraw as it may be used. */
export async function expectWallet(h: ConsoleHarness, data: WalletData) {
  const money = (amount: string) => formatUsdt(amount, "en-US");
  await waitFor(() => expect(screen.getByTestId("wallet-available").textContent).toBe(money(data.overview.available)));
  expect(screen.getByTestId("wallet-held").textContent).toBe(money(data.overview.held));
  expect(screen.getByTestId("wallet-daily-left").textContent).toBe(money(data.overview.dailyLeft));
  expect(screen.getByTestId("wallet-payment-value").textContent).toBe(data.payment?.address);
  // The cool-down said as it is: hours, or none at all on a test server (never "0 hours").
  expect(screen.getByTestId("wallet-cooldown").textContent).toBe(
    data.book.cooldownSeconds === 0
      ? h.t("wallet.cooldownNone")
      : h.t("wallet.cooldownHint", { count: Math.round(data.book.cooldownSeconds / 3600) }),
  );
  const book = screen.getByTestId("wallet-book");
  const rows = within(book).queryAllByTestId("wallet-destination");
  expect(rows).toHaveLength(data.book.items.length);
  data.book.items.forEach((item, i) => {
    const text = rows[i]?.textContent ?? "";
    expect(text).toContain(item.label);
    expect(text).toContain(item.address);
    expect(text).toContain(item.usable ? h.t("wallet.usable") : h.t("wallet.usableFrom", { time: "" }).trim());
  });
  if (data.book.items.length === 0) expect(within(book).getByTestId("wallet-book-empty")).toBeTruthy();
  const withdraw = screen.getByRole("button", { name: h.t("wallet.withdraw") });
  const usable = data.overview.withdrawalsOffered && data.book.items.some((i) => i.usable);
  expect(withdraw.hasAttribute("disabled")).toBe(!usable);
}
