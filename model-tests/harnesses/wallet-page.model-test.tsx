// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { emptyKeysetPage } from "../../machines/lists/keyset-test-support.ts";
import type { WalletData } from "../../machines/wallet/wallet-page.ts";
import { actorResultOf } from "../framework/model-events.ts";
import { runModel, unmapped } from "../framework/run-model.ts";
import { devnetChain, paymentAddress } from "../models/wallet-fixtures.ts";
import { walletPageModel } from "../models/wallet-page.model.ts";
import { expectWallet, heldBooks, renderWallet, type WalletHarness } from "./wallet-pages.ts";

type H = WalletHarness & { books: ReturnType<typeof heldBooks>; loads: number };

runModel(walletPageModel, {
  async start() {
    const books = heldBooks();
    const h = await renderWallet(
      { loadWallet: "wallet.walletOverview" },
      {
        "wallet.addresses": books.answer,
        "chains.list": async () => [devnetChain],
        "wallet.userWallet": async () => paymentAddress,
        "wallet.withdrawals": async () => emptyKeysetPage(10),
      },
    );
    return Object.assign(h, { books, loads: 1 });
  },
  // The wallet is several calls: the path's answer gives the book first, then settles the figures' call.
  fakeApi: (h: H) => ({
    ...h.fake,
    async answerActorResult(event) {
      const result = actorResultOf(event);
      if (result?.id !== "loadWallet") return h.fake.answerActorResult(event);
      if ("output" in result.outcome) {
        const data = result.outcome.output as WalletData;
        h.books.release(data.book);
        await h.fake.settle("wallet.walletOverview", { output: data.overview });
      } else {
        h.books.release({ items: [], cooldownSeconds: 0 });
        await h.fake.settle("wallet.walletOverview", result.outcome);
      }
      return true;
    },
  }),
  async perform(h: H, event) {
    h.loads += 1;
    if (event.type === "wallet.retry") return h.user.click(screen.getByRole("button", { name: h.t("wallet.retry") }));
    if (event.type === "wallet.reload") return h.user.click(screen.getByRole("button", { name: h.t("wallet.reload") }));
    unmapped(event);
  },
  async expectScreen(h: H, s) {
    await waitFor(() => expect(h.fake.calls.filter((c) => c.method === "wallet.walletOverview")).toHaveLength(h.loads));
    const { data } = s.context;
    if (s.matches("failed")) {
      await waitFor(() => expect(screen.getByTestId("wallet-failed").textContent).toContain(h.t("wallet.failed")));
      expect(screen.getByRole("button", { name: h.t("wallet.retry") })).toBeTruthy();
      expect(screen.queryByTestId("wallet-balance")).toBeNull();
      return;
    }
    if (!data) {
      await waitFor(() => expect(screen.getByLabelText(h.t("wallet.loading"))).toBeTruthy());
      return;
    }
    await expectWallet(h, data);
    const figures = screen.getByTestId("wallet-balance").querySelector("dl");
    if (s.matches("loading")) expect(figures?.getAttribute("aria-busy")).toBe("true");
    else await waitFor(() => expect(figures?.getAttribute("aria-busy")).toBeNull());
  },
  stop: (h) => h.cleanup(),
});
