// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../model-tests/framework/setup.ts";
import { createControlledApi } from "../../../model-tests/framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../../../model-tests/framework/render-console.tsx";

describe("the landing page's chains", () => {
  let h: ConsoleHarness | null = null;
  afterEach(() => h?.cleanup());

  it("offers USDT only, and says a network's own coin is not accepted (issue 68)", async () => {
    h = await renderConsole({ url: "/", api: createControlledApi([]).api });
    const section = (await screen.findByRole("heading", { level: 2, name: h.t("home.chains.title") })).closest(
      "section",
    ) as HTMLElement;
    const tokens = within(section)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.querySelectorAll("td")[0]?.textContent);
    expect(tokens.length).toBeGreaterThan(0);
    expect(new Set(tokens)).toEqual(new Set(["USDT"]));
    expect(within(section).getByText(h.t("home.chains.coinsNote")).textContent).toContain("ETH");
  });
});
