import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatUsdt } from "../../i18n/format.ts";
import { WalletFigure } from "./wallet-figure.tsx";

// A layout check cannot run here (no layout in a unit test): the markup keeps the digits in one element and the
// stylesheet keeps that element on one line and lets the figure break nowhere else.
const stylesheet = readFileSync(new URL("./wallet.css", import.meta.url), "utf8");
const rule = (selector: string) => {
  const at = stylesheet.indexOf(`${selector} {`);
  return at < 0 ? "" : stylesheet.slice(at, stylesheet.indexOf("}", at));
};

describe("My wallet's figures", () => {
  it("keep a large balance's digits in one unbreakable element, its unit apart", () => {
    const html = renderToStaticMarkup(<WalletFigure id="available" amount="8388385.995266" language="en-US" />);
    expect(html).toContain('<span class="wallet-digits">8,388,385.995266</span> USDT');
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toBe(formatUsdt("8388385.995266", "en-US"));
    expect(rule(".wallet-digits")).toContain("white-space: nowrap");
    expect(rule(".wallet-figure dd")).not.toContain("anywhere");
  });
});
