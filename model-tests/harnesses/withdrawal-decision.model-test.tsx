// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { emptyKeysetPage } from "../../machines/lists/keyset-test-support.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { walletWithDestinations, walletWithSecondFactor, awaitingWithdrawal } from "../models/wallet-fixtures.ts";
import {
  approveWithSecondFactor,
  withdrawalApproveModel,
  withdrawalRejectModel,
} from "../models/withdrawal-decision.model.ts";
import {
  expectClosedAfter,
  expectOpenFormDialog,
  markingSteps,
  pressInDialog,
  type StepMark,
} from "./account-dialogs.ts";
import { fill } from "./form-steps.ts";
import { renderWallet, walletAnswers, type WalletHarness } from "./wallet-pages.ts";

/** The decision's harness: whether the merchant has two-factor on (the path's start says). */
type DecisionHarness = WalletHarness & { twoFactor: boolean; step: StepMark | null };

/** My wallet whose withdrawals are one an application asked above its limit; `submit` answered by the path. */
async function start(submit: "wallet.approveWithdrawal" | "wallet.rejectWithdrawal", twoFactor = false) {
  const answers = walletAnswers(() => (twoFactor ? walletWithSecondFactor : walletWithDestinations));
  const h = await renderWallet(
    { submit },
    {
      ...answers,
      "wallet.withdrawals": async (request = {}) => ({
        ...emptyKeysetPage(request.pageSize),
        items: [awaitingWithdrawal],
        total: 1,
      }),
    },
  );
  return Object.assign(h, { twoFactor, step: null });
}

/** The row's button of the awaiting withdrawal, once the list shows it. */
async function pressInRow(h: WalletHarness, name: string) {
  const table = await screen.findByRole("table", { name: h.t("withdrawals.tableLabel") });
  return h.user.click(within(table).getByRole("button", { name }));
}

/** Closed after a decision the server took: the page says so and loads the wallet and the withdrawals again. */
const expectDecided = (h: DecisionHarness, toast: string) =>
  expectClosedAfter(h, toast, ["wallet.walletOverview", "wallet.withdrawals"]);

runModel(withdrawalApproveModel, {
  start: (path) => start("wallet.approveWithdrawal", path.start === approveWithSecondFactor),
  fakeApi: markingSteps,
  async perform(h: DecisionHarness, e) {
    const title = h.t("withdrawals.approveTitle", { amount: "25.00 USDT" });
    switch (e.type) {
      case "dialog.open":
        return pressInRow(h, h.t("withdrawals.actions.approve"));
      case "dialog.close":
        return pressInDialog(h, title, h.t("common.cancel"));
      case "withdrawal.approve": {
        // What is sent where, and its fee, before the codes.
        const what = screen.getByTestId("withdrawal-approve-what").textContent ?? "";
        expect(what).toContain(awaitingWithdrawal.to);
        expect(what).toContain("1.00 USDT");
        await fill(h, h.t("fields.code"), e.code);
        // The authenticator's field is there exactly when two-factor is on.
        expect(screen.queryByLabelText(h.t("wallet.totpCode")) !== null).toBe(h.twoFactor);
        if (h.twoFactor) await fill(h, h.t("wallet.totpCode"), e.totpCode ?? "");
        return pressInDialog(h, title, h.t("withdrawals.approveSubmit"));
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: DecisionHarness, s) {
    const texts = {
      title: h.t("withdrawals.approveTitle", { amount: "25.00 USDT" }),
      submit: h.t("withdrawals.approveSubmit"),
    };
    if (s.hasTag("open")) return expectOpenFormDialog(h, s, texts);
    await expectDecided(h, h.t("withdrawals.outcome.approved"));
    // Every approval sent so far (a walk may send several).
    for (const sent of h.fake.calls.filter((c) => c.method === "wallet.approveWithdrawal")) {
      expect(sent.args[0]).toMatchObject({ withdrawalId: awaitingWithdrawal.id, code: "135790" });
      expect((sent.args[0] as { totpCode?: string }).totpCode).toBe(h.twoFactor ? "246810" : undefined);
    }
  },
  stop: (h) => h.cleanup(),
});

runModel(withdrawalRejectModel, {
  start: () => start("wallet.rejectWithdrawal"),
  fakeApi: markingSteps,
  async perform(h: DecisionHarness, e) {
    const title = h.t("withdrawals.rejectTitle", { amount: "25.00 USDT" });
    switch (e.type) {
      case "dialog.open":
        return pressInRow(h, h.t("withdrawals.actions.reject"));
      case "dialog.close":
        return pressInDialog(h, title, h.t("common.cancel"));
      case "withdrawal.reject":
        expect(screen.getByTestId("withdrawal-reject-what").textContent).toBe(h.t("withdrawals.rejectText"));
        return pressInDialog(h, title, h.t("withdrawals.rejectSubmit"));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: DecisionHarness, s) {
    const texts = {
      title: h.t("withdrawals.rejectTitle", { amount: "25.00 USDT" }),
      submit: h.t("withdrawals.rejectSubmit"),
    };
    if (s.hasTag("open")) return expectOpenFormDialog(h, s, texts);
    await expectDecided(h, h.t("withdrawals.outcome.rejected"));
    for (const sent of h.fake.calls.filter((c) => c.method === "wallet.rejectWithdrawal"))
      expect(sent.args[0]).toEqual({ withdrawalId: awaitingWithdrawal.id });
  },
  stop: (h) => h.cleanup(),
});
