import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { storageKeys } from "../../src/api/session-storage.ts";
import { routePaths } from "../../src/app/route-names.ts";
import { createControlledApi, type ControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { myCurrenciesModel } from "../models/my-currencies.model.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { expectSaidOnce } from "./form-steps.ts";
import { signedInAnswers } from "./signed-in.ts";

/** `loads`: the list asked for so far (once when the page opened, once per retry); `stepCalls`: the calls when the step began. */
type H = ConsoleHarness & { fake: ControlledApi; loads: number; stepCalls: number };

/** The summary's sentence when every currency offered here fits the package: all accepted, none, or some. */
const offeredKey = (accepted: number, offered: number) =>
  accepted === offered
    ? "myCurrencies.summaryOfferedAll"
    : accepted === 0
      ? "myCurrencies.summaryOfferedNone"
      : "myCurrencies.summaryOffered";

/** A currency's row in the table (the phone's cards hold the same switches, hidden by the stylesheet in a browser). */
const row = (chainId: number, contractAddress: string) =>
  screen.getByTestId(`my-currency-row-${chainId}-${contractAddress.toLowerCase()}`);
const switchOf = (h: H, chainId: number, contractAddress: string, symbol: string) =>
  within(row(chainId, contractAddress)).getByRole<HTMLInputElement>("switch", {
    name: h.t("myCurrencies.acceptLabel", { symbol, chain: "Devnet" }),
  });

/** My currencies of the sample merchant, its list and switches answered by the path. */
async function start(): Promise<H> {
  const fake = createControlledApi(
    { loadMyCurrencies: "currencies.myCurrencies", setMyCurrency: "currencies.setMyCurrency" },
    signedInAnswers,
  );
  const h = await renderConsole({
    url: routePaths.myCurrencies,
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
  });
  await screen.findByRole("heading", { level: 1, name: h.t("myCurrencies.title") });
  return Object.assign(h, { fake, loads: 1, stepCalls: 0 });
}

runModel(myCurrenciesModel, {
  start,
  // Each step marked as it begins: the calls it made are read from there.
  fakeApi: (h: H) => ({
    ...h.fake,
    answerActorResult(event) {
      h.stepCalls = h.fake.calls.length;
      return h.fake.answerActorResult(event);
    },
  }),
  async perform(h: H, event) {
    if (event.type === "myCurrencies.retry") {
      await h.user.click(
        within(screen.getByTestId("myCurrencies-failed")).getByRole("button", { name: h.t("myCurrencies.retry") }),
      );
      h.loads += 1;
    } else if (event.type === "myCurrencies.toggle") {
      const shown = within(row(event.chainId, event.contractAddress)).getByRole<HTMLInputElement>("switch");
      expect(shown.checked, "the switch reads the other way before it is pressed").toBe(!event.accepted);
      await h.user.click(shown);
    } else unmapped(event);
  },
  async expectScreen(h: H, s) {
    // Asked once when the page opens, and once more per retry.
    await waitFor(() =>
      expect(h.fake.calls.filter((c) => c.method === "currencies.myCurrencies")).toHaveLength(h.loads),
    );
    const { list, refusal, pending } = s.context;
    if (s.matches("failed")) {
      const failed = await screen.findByTestId("myCurrencies-failed");
      expect(failed.textContent).toContain(h.t("myCurrencies.loadFailed"));
      return;
    }
    if (!list) {
      await screen.findByTestId("myCurrencies-loading");
      return;
    }
    await waitFor(() => expect(screen.getAllByTestId(/^my-currency-row-/)).toHaveLength(list.items.length));
    const saving = s.matches({ ready: "saving" });
    if (saving) {
      // The switch pressed (this step) asked the server once, with what it turns to.
      const sets = h.fake.calls.slice(h.stepCalls).filter((c) => c.method === "currencies.setMyCurrency");
      expect(sets.map((c) => c.args[0])).toEqual([pending]);
    }
    for (const c of list.items) {
      const control = switchOf(h, c.chainId, c.contractAddress, c.symbol);
      await waitFor(() => {
        expect(control.checked, `${c.symbol} reads ${c.accepted ? "on" : "off"}`).toBe(c.accepted);
        expect(control.disabled, `${c.symbol} waits while a switch's call runs`).toBe(saving);
      });
      expect(
        within(row(c.chainId, c.contractAddress)).getByText(`${c.contractAddress.slice(0, 6)}…`, { exact: false }),
      ).toBeTruthy();
      const held = within(row(c.chainId, c.contractAddress)).queryByText(h.t("myCurrencies.held"));
      expect(held !== null, `${c.symbol} ${c.held ? "says" : "does not say"} it is held past the limit`).toBe(c.held);
      // A token whose deposits are never credited says so, whether or not it is turned on.
      const notCredited = within(row(c.chainId, c.contractAddress)).queryByText(h.t("myCurrencies.notCredited"));
      expect(notCredited === null, `${c.symbol} ${c.credited ? "does not say" : "says"} it is not credited`).toBe(
        c.credited,
      );
    }
    const summary = screen.getByTestId("my-currencies-summary").textContent;
    expect(summary).toBe(
      !list.limit
        ? h.t("myCurrencies.noPackage")
        : list.limit > list.items.length && list.items.length > 0
          ? h.t(offeredKey(list.acceptedCount, list.items.length), {
              accepted: list.acceptedCount,
              count: list.items.length,
              limit: list.limit,
            })
          : h.t("myCurrencies.summary", { accepted: list.acceptedCount, count: list.limit }),
    );
    expect(screen.queryByTestId("my-currencies-default") !== null).toBe(list.defaulted && list.limit !== 0);
    const heldCount = list.items.filter((c) => c.held).length;
    expect(screen.queryByTestId("my-currencies-held")?.textContent ?? null).toBe(
      heldCount > 0 ? h.t("myCurrencies.heldNote", { count: heldCount }) : null,
    );
    if (refusal) await expectSaidOnce(h, refusal);
    else expect(screen.queryAllByRole("alert")).toEqual([]);
    // The way to the packages: when a switch was refused at the limit, or without an active package.
    const offer = screen.queryByTestId("my-currencies-packages");
    if (refusal || list.limit === 0) {
      expect(offer, "the packages are offered").not.toBeNull();
      const link = within(offer as HTMLElement).getByRole("link", { name: h.t("myCurrencies.seePackages") });
      expect(link.getAttribute("href")).toBe(routePaths.orderBuy);
    } else expect(offer).toBeNull();
  },
  stop: (h) => h.cleanup(),
});
