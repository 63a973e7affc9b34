// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { runModel, unmapped } from "../framework/run-model.ts";
import {
  addressAddModel,
  addressRemoveModel,
  withdrawModel,
  withSecondFactor,
} from "../models/wallet-dialogs.model.ts";
import { coolingDestination, walletWithDestinations, walletWithSecondFactor } from "../models/wallet-fixtures.ts";
import {
  expectClosedAfter,
  expectOpenFormDialog,
  markingSteps,
  pressInDialog,
  type StepMark,
} from "./account-dialogs.ts";
import { fill } from "./form-steps.ts";
import { renderWallet, walletAnswers, type WalletHarness } from "./wallet-pages.ts";

/** A wallet dialog's harness: each step marked as it begins (`markingSteps`). */
type H = WalletHarness & { step: StepMark | null };

const start = (submit: "wallet.addAddress" | "wallet.removeAddress" | "wallet.withdraw") => async (): Promise<H> =>
  Object.assign(
    await renderWallet(
      { submit },
      walletAnswers(() => walletWithDestinations),
    ),
    { step: null },
  );

/** After a dialog succeeded, the page loads the wallet again (its figures asked for again) and says so in a toast. */
const expectClosed = (h: H, toast: string) => expectClosedAfter(h, toast, ["wallet.walletOverview"]);

runModel(addressAddModel, {
  start: start("wallet.addAddress"),
  fakeApi: markingSteps,
  async perform(h: H, e) {
    const title = h.t("wallet.addTitle");
    switch (e.type) {
      case "dialog.open":
        return h.user.click(screen.getByRole("button", { name: h.t("wallet.addAddress") }));
      case "dialog.close":
        return pressInDialog(h, title, h.t("common.cancel"));
      case "address.add":
        await h.user.selectOptions(screen.getByLabelText(h.t("wallet.chain")), e.chain);
        await fill(h, h.t("wallet.address"), e.address);
        await fill(h, h.t("wallet.label"), e.label);
        await fill(h, h.t("fields.code"), e.code);
        return pressInDialog(h, title, h.t("wallet.addSubmit"));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.hasTag("open"))
      return expectOpenFormDialog(h, s, { title: h.t("wallet.addTitle"), submit: h.t("wallet.addSubmit") });
    await expectClosed(h, h.t("wallet.addressAdded"));
  },
  stop: (h) => h.cleanup(),
});

runModel(addressRemoveModel, {
  start: start("wallet.removeAddress"),
  fakeApi: markingSteps,
  async perform(h: H, e) {
    const title = h.t("wallet.removeTitle");
    switch (e.type) {
      case "dialog.open":
        return h.user.click(
          screen.getByRole("button", { name: h.t("wallet.removeNamed", { label: coolingDestination.label }) }),
        );
      case "dialog.close":
        return pressInDialog(h, title, h.t("common.cancel"));
      case "address.remove":
        return pressInDialog(h, title, h.t("wallet.remove"));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    if (s.hasTag("open")) {
      await expectOpenFormDialog(h, s, { title: h.t("wallet.removeTitle"), submit: h.t("wallet.remove") });
      if (!s.hasTag("busy"))
        expect(screen.getByTestId("wallet-remove-which").textContent).toContain(coolingDestination.address);
      return;
    }
    await expectClosed(h, h.t("wallet.addressRemoved"));
  },
  stop: (h) => h.cleanup(),
});

/** The withdraw dialog's harness: whether the merchant has two-factor on (the path's start says). */
type WithdrawHarness = H & { twoFactor: boolean };

runModel(withdrawModel, {
  async start(path) {
    const twoFactor = path.start === withSecondFactor;
    const h = await renderWallet(
      { submit: "wallet.withdraw" },
      walletAnswers(() => (twoFactor ? walletWithSecondFactor : walletWithDestinations)),
    );
    return Object.assign(h, { twoFactor, step: null });
  },
  fakeApi: markingSteps,
  async perform(h: WithdrawHarness, e) {
    const title = h.t("wallet.withdrawTitle");
    switch (e.type) {
      case "dialog.open":
        return h.user.click(screen.getByRole("button", { name: h.t("wallet.withdraw") }));
      case "dialog.close":
        return pressInDialog(h, title, h.t("common.cancel"));
      case "withdraw.submit": {
        await fill(h, h.t("wallet.amount"), e.amount);
        // What is taken and what arrives, before confirming: the amount and the fee of 1 USDT.
        const preview = screen.getByTestId("wallet-preview").textContent ?? "";
        expect(preview).toContain("6.00 USDT");
        expect(preview).toContain("5.00 USDT");
        await fill(h, h.t("fields.code"), e.code);
        // The authenticator's field is there exactly when two-factor is on.
        const totp = screen.queryByLabelText(h.t("wallet.totpCode"));
        expect(totp !== null).toBe(h.twoFactor);
        if (h.twoFactor) await fill(h, h.t("wallet.totpCode"), e.totpCode ?? "");
        return pressInDialog(h, title, h.t("wallet.withdrawSubmit"));
      }
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: WithdrawHarness, s) {
    if (s.hasTag("open"))
      return expectOpenFormDialog(h, s, { title: h.t("wallet.withdrawTitle"), submit: h.t("wallet.withdrawSubmit") });
    await expectClosed(h, h.t("wallet.withdrawalAsked"));
    // Every request sent so far (a walk may send several).
    for (const asked of h.fake.calls.filter((c) => c.method === "wallet.withdraw")) {
      expect(asked.args[0]).toMatchObject({ addressId: "7", amount: "5" });
      // The authenticator's code goes with the request only when two-factor is on.
      expect((asked.args[0] as { totpCode?: string }).totpCode).toBe(h.twoFactor ? "246810" : undefined);
    }
  },
  stop: (h) => h.cleanup(),
});
